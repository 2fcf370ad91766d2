#!/usr/bin/env bash
# cmake-minimum-3-5 with the real CMake 4 of the sid root. For each real release tree (Debian's
# PyTorch 1.13.1 and 2.6.0, from the orig tarballs tests/real/get_trees.sh downloads once into the
# cache, or the folders $TP_TREES/1.13.1 and $TP_TREES/2.6.0 when TP_TREES is set) and each fixture tree, every standalone CMake project
# the patchset edits (a CMakeLists.txt, or a qnnpack/cpuinfo Download*.cmake template, which is
# configured as a project's CMakeLists.txt) is configured on its own:
#   before `torchpatch apply`: refused, with an error the patchset's `errors` list names, at the
#     file's own cmake_minimum_required;
#   after: no CMake 4 compatibility error; the projects that need nothing outside their folder
#     (the Download*.cmake ones) configure completely, the others get past the minimum and stop
#     later (e.g. at find_package(Torch)); that later error is printed.
# And the policy edit on its case: refused even with the minimum raised, configures after.
set -uo pipefail
source "$TP_REPO/tests/toolchain/lib.sh"
tp_sid_root || tp_fail "no sid root"
source "$TP_REPO/tests/real/get_trees.sh"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT

# debian_tree VERSION: prints a plain folder holding Debian's tree of VERSION.
debian_tree() {
  if [ -n "${TP_TREES:-}" ]; then echo "$TP_TREES/$1"; return; fi
  local tarball dir="$tmp/tree-$1"
  tarball="$(tp_real_tarball "$1")" || tp_fail "no Debian tree of $1 (tests/real/get_trees.sh)"
  mkdir -p "$dir" && tar -xJf "$tarball" -C "$dir" --strip-components=1 || tp_fail "extracting $tarball failed"
  echo "$dir"
}
id=cmake-minimum-3-5

# check_tree NAME SRC VERSION: SRC is a plain folder (never written).
check_tree() {
  local name="$1" src="$2" version="$3" work="$tmp/$1" f dir n=0 complete=0
  [ -d "$src" ] || tp_fail "$name: no tree at $src"
  "$TORCHPATCH" -C "$src" --torch-version "$version" apply --dry --only "$id" >"$work.dry" 2>&1 ||
    { cat "$work.dry" >&2; tp_fail "$name: apply --dry failed"; }
  mapfile -t files < <(sed -n 's|^+++ b/||p' "$work.dry")
  [ "${#files[@]}" -gt 0 ] || tp_fail "$name: the patchset changes no file"
  # Each project's folder (a Download*.cmake alone, as the CMakeLists.txt of a folder of its own).
  mkdir -p "$work/before"
  : >"$work/projects"
  for f in "${files[@]}"; do
    case "$f" in
      */Download*.cmake|*/Download*.cmake.in)
        dir="$f.project"; mkdir -p "$work/before/$dir"; cp -p "$src/$f" "$work/before/$dir/CMakeLists.txt" ;;
      */CMakeLists.txt|CMakeLists.txt)
        grep -qiE '^[[:space:]]*project[[:space:]]*\(' "$src/$f" || continue  # a subdirectory, not a project
        dir="$(dirname "$f")"; mkdir -p "$work/before/$dir"; cp -a "$src/$dir/." "$work/before/$dir/"
        rm -rf "$work/before/$dir/.git" ;;  # a submodule's gitlink file: the copy is plain files
      *) continue ;;
    esac
    echo "$dir" >>"$work/projects"
  done
  tp_checkout "$work/before" "$version"
  cp -a "$work/before" "$work/after"
  tp_apply "$work/after" "$id"
  # one sid call per side: configure every project, one log each
  for side in before after; do
    sid "$work" "while read -r d; do
        cmake -S \"$side/\$d\" -B \"build-$side/\$d\" >\"$side/\$d.cmake.log\" 2>&1; echo \$? >\"$side/\$d.cmake.status\"
      done <projects" || tp_fail "$name: the configure loop did not run"
  done
  while read -r dir; do
    n=$((n + 1))
    local blog="$work/before/$dir.cmake.log" alog="$work/after/$dir.cmake.log"
    expect_fail_explained "$(cat "$work/before/$dir.cmake.status")" "$id" "$blog" >/dev/null
    grep -qE '^CMake Error at CMakeLists.txt:[0-9]+ \((cmake_minimum_required|CMAKE_MINIMUM_REQUIRED)\)' "$blog" ||
      { cat "$blog" >&2; tp_fail "$name $dir: before/ is not refused at its own cmake_minimum_required"; }
    if "$TORCHPATCH" -C "$work/after" --format json explain "$alog" 2>/dev/null | grep -qF "\"patchset\":\"$id\""; then
      cat "$alog" >&2; tp_fail "$name $dir: after/ still has a CMake 4 compatibility error"
    fi
    if [ "$(cat "$work/after/$dir.cmake.status")" -eq 0 ]; then
      complete=$((complete + 1)); echo "ok   $name $dir: refused before, configures after"
    else
      case "$dir" in *.project) cat "$alog" >&2; tp_fail "$name $dir: a download project must configure" ;; esac
      echo "ok   $name $dir: refused before; after, past the minimum, stops at: $(grep -m1 -A1 '^CMake Error' "$alog" | tail -1 | sed 's/^ *//')"
    fi
  done <"$work/projects"
  echo "ok   $name: $n projects, $complete configure completely with $(sid "$tmp" 'cmake --version | head -1')"
}

# Raising the minimum is not enough: a policy before 3.5 set to OLD (oneDNN Graph's CMP0025, the
# case v1.13.1-onednn-graph-policy) is refused even with the minimum at 3.5, and configures after.
policy_case() {
  local work="$tmp/policy" dir=third_party/ideep/mkl-dnn status
  tp_case_tree "$id" v1.13.1-onednn-graph-policy "$work/before"
  cp -a "$work/before" "$work/after"
  tp_apply "$work/after" "$id"
  sid "$work" "cmake -S before/$dir -B build-before -DCMAKE_POLICY_VERSION_MINIMUM=3.5" >"$work/before.log" 2>&1
  status=$?
  expect_fail_explained "$status" "$id" "$work/before.log"
  grep -q 'Policy CMP0025 may not be set to OLD' "$work/before.log" ||
    { cat "$work/before.log" >&2; tp_fail "policy case: before/ is not refused for CMP0025"; }
  echo "ok   case v1.13.1-onednn-graph-policy: refused with the minimum at 3.5 (CMAKE_POLICY_VERSION_MINIMUM)"
  sid "$work" "cmake -S after/$dir -B build-after" >"$work/after.log" 2>&1
  expect_ok $? "$work/after.log"
  echo "ok   case v1.13.1-onednn-graph-policy: configures after"
}
policy_case
check_tree debian-1.13.1 "$(debian_tree 1.13.1)" 1.13.1
check_tree debian-2.6.0 "$(debian_tree 2.6.0)" 2.6.0
# the fixtures as the e2e tests see them: checkouts made by scripts/make_checkout.sh (submodule included)
for v in "$TP_REPO"/fixtures/v*/; do
  v="$(basename "$v")"
  bash "$TP_REPO/scripts/make_checkout.sh" "$TP_REPO/fixtures/$v" "$tmp/src-$v" >/dev/null 2>&1 ||
    tp_fail "scripts/make_checkout.sh fixtures/$v failed"
  check_tree "fixture-$v" "$tmp/src-$v" "${v#v}"
done
echo "cmake_minimum: passed"
