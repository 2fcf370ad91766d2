#!/usr/bin/env bash
# End-to-end tests of torchpatch.exe under Wine (ctest: windows-e2e, label `windows`). Fixture
# checkouts are made with Linux git (scripts/make_checkout.sh), also as core.autocrlf=true clones
# (CRLF work trees, Windows' default); torchpatch.exe runs on them through Wine with Windows paths
# (Z:\...), and each case asserts exit code, output and the resulting bytes. Needs the cross build
# of scripts/package_windows.sh and a Wine prefix (tests/windows/wine.sh boot).
# The last line is "N passed, N failed"; the exit status is 0 only when nothing failed.
# Arguments, if any, name the cases to run (e.g. crlf_windows_patchsets); by default all run.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/wine.sh"
tp_wine_env torchpatch.exe tests/tp_hold_open.exe || exit 1
set +e

exe="$tp_windows_build/torchpatch.exe"
hold_exe="$tp_windows_build/tests/tp_hold_open.exe"
work="$(mktemp -d "${TMPDIR:-/tmp}/tp-windows.XXXXXX")"
passed=0
failed=0
keep=0
cleanup() {
  if [ "$keep" -eq 0 ]; then rm -rf "$work"; else echo "windows: kept $work for the failures above"; fi
}
trap cleanup EXIT

# tp ARGS...: runs torchpatch.exe under Wine; sets $status, and $out / $err (files).
out="$work/stdout"
err="$work/stderr"
tp() { wine "$exe" "$@" >"$out" 2>"$err"; status=$?; }

# A case is a function; any failed check marks it failed, with the reason and its output.
case_failed=0
check() { # check DESCRIPTION COMMAND...: COMMAND must succeed
  local what="$1"; shift
  if ! "$@"; then
    echo "    not so: $what"
    case_failed=1
  fi
}
expect_status() {
  if [ "$status" -ne "$1" ]; then
    echo "    expected exit $1, got $status"
    echo "    stdout: $(head -c 2000 "$out")"
    echo "    stderr: $(head -c 2000 "$err")"
    case_failed=1
  fi
}
contains() { grep -qF -- "$2" "$1"; }
run_case() {
  local name="$1"
  case_failed=0
  "case_$name"
  if [ "$case_failed" -eq 0 ]; then
    passed=$((passed + 1)); echo "ok - $name"
  else
    failed=$((failed + 1)); keep=1; echo "FAIL - $name"
  fi
}

# The bytes of every file of a work tree (not .git), as one digest per file.
tree_digest() { (cd "$1" && find . -path ./.git -prune -o -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum); }
same_tree() { [ "$(tree_digest "$1")" = "$2" ]; }
# No write permission bits (the test runs as root, for whom `test -w` is always true).
read_only() { [ -z "$(find "$1" -perm /222)" ]; }
no_temporaries() { [ -z "$(find "$1" -name '.*.torchpatch-*' -print -quit)" ]; }
git_() { git -c protocol.file.allow=always -c core.autocrlf=false "$@"; }

# will_apply DIR: how many patchsets `list` says will apply in the checkout at DIR.
will_apply() { wine "$exe" -C "$(win_path "$1")" list 2>/dev/null | grep -cE '^will-apply '; }

# checkout NAME FIXTURE [DEST-PARENT]: a fresh checkout of fixtures/FIXTURE; prints its path.
checkout() {
  local parent="${3:-$work}"
  bash "$tp_repo/scripts/make_checkout.sh" "$tp_repo/fixtures/$2" "$parent/$1" >/dev/null 2>&1 ||
    { echo "windows: make_checkout $2 failed" >&2; return 1; }
  echo "$parent/$1"
}

# hold MODE FILE: tp_hold_open keeps FILE open (see hold_open.c) until release.
hold() {
  hold_signal="$(mktemp -d "$work/hold.XXXXXX")"
  wine "$hold_exe" "$1" "$(win_path "$2")" "$(win_path "$hold_signal")" &
  hold_pid=$!
  for _ in $(seq 1 200); do
    [ -f "$hold_signal/held" ] && return 0
    kill -0 "$hold_pid" 2>/dev/null || break
    sleep 0.1
  done
  echo "    tp_hold_open did not hold $2"; case_failed=1; return 1
}
release() { touch "$hold_signal/release"; wait "$hold_pid"; }

# ---------------------------------------------------------------------------------------------

case_version() {
  tp --version
  expect_status 0
  check "--version names torchpatch, the catalog and the commit" grep -qE '^torchpatch [0-9]+\.[0-9]+\.[0-9]+ \(catalog [0-9.]+, commit ([0-9a-f]{12}(-dirty)?|unknown)\)' "$out"
}

case_list() {
  local co; co="$(checkout list v2.0.1)"
  tp -C "$(win_path "$co")" list
  expect_status 0
  check "the version comes from the tag" contains "$out" "PyTorch v2.0.1 (from tag v2.0.1 at HEAD)"
  # On Windows the platform fact is windows: the Windows-only setuptools patchset applies.
  for id in setuptools-msvccompiler cmake-minimum-3-5 flatbuffers-span-const-count \
            static-runtime-anon-namespace-torch-api functorch-builtin-clz; do
    check "$id will apply" grep -qE "^will-apply +$id " "$out"
  done
}

# apply --dry, apply, apply again, status, revert on one checkout, with -C a Windows path.
case_apply_cycle() {
  local co; co="$(checkout cycle v2.0.1)"
  local pristine; pristine="$(tree_digest "$co")"
  local c; c="$(win_path "$co")"
  local n; n="$(will_apply "$co")"
  check "some patchsets will apply ($n)" test "$n" -gt 0

  tp -C "$c" apply --dry
  expect_status 0
  cp "$out" "$work/cycle.diff"
  check "the dry run changes nothing" same_tree "$co" "$pristine"
  check "the dry-run diff is LF-only (stdout is binary)" bash -c "! grep -q $'\r' '$work/cycle.diff'"
  check "git apply --check accepts the dry-run diff" git_ -C "$co" apply --check "$work/cycle.diff"
  check "the dry-run diff reaches into the submodule" contains "$work/cycle.diff" "third_party/flatbuffers/include/flatbuffers/stl_emulation.h"

  tp -C "$c" apply
  expect_status 0
  check "apply reports $n patchsets" contains "$out" "applied $n patchset(s)"
  check "the result is the dry-run diff (it reverses cleanly)" git_ -C "$co" apply -R --check "$work/cycle.diff"
  check "no temporaries are left" no_temporaries "$co"
  check "the journal exists" test -f "$co/.git/torchpatch/journal"
  local applied; applied="$(tree_digest "$co")"
  local journal; journal="$(sha256sum < "$co/.git/torchpatch/journal")"

  tp -C "$c" apply
  expect_status 0
  check "a second apply has nothing to change" contains "$out" "nothing to change"
  check "a second apply writes nothing" same_tree "$co" "$applied"
  check "a second apply leaves the journal" test "$(sha256sum < "$co/.git/torchpatch/journal")" = "$journal"

  tp -C "$c" status
  expect_status 0
  check "status lists each patchset as applied" grep -qE '^applied +setuptools-msvccompiler' "$out"
  check "status finds the files unchanged" contains "$out" "unchanged since apply  tools/build_pytorch_libs.py"

  tp -C "$c" revert
  expect_status 0
  check "revert reports $n patchsets" contains "$out" "reverted $n patchset(s)"
  check "revert restores every byte" same_tree "$co" "$pristine"
  check "git sees a clean tree" test -z "$(git_ -C "$co" status --porcelain --ignore-submodules=none)"
}

# A checkout made by git with core.autocrlf=true (Windows' default): every text file has CRLF.
case_crlf_checkout() {
  local origin; origin="$(checkout crlf-origin v2.0.1)"
  local co="$work/crlf"
  git_ -c core.autocrlf=true clone -q --recurse-submodules "$origin" "$co" 2>/dev/null
  git_ -C "$co" config core.autocrlf true
  git_ -C "$co/third_party/flatbuffers" config core.autocrlf true
  check "the clone has CRLF work-tree files" grep -q $'\r$' "$co/tools/build_pytorch_libs.py"
  local pristine; pristine="$(tree_digest "$co")"
  local c; c="$(win_path "$co")"

  tp -C "$c" apply --dry
  expect_status 0
  cp "$out" "$work/crlf.diff"
  check "git apply --check accepts the dry-run diff" git -C "$co" apply --check "$work/crlf.diff"

  tp -C "$c" apply
  expect_status 0
  local f
  for f in tools/build_pytorch_libs.py functorch/csrc/dim/arena.h third_party/FP16/CMakeLists.txt \
           third_party/flatbuffers/include/flatbuffers/stl_emulation.h; do
    check "$f changed" bash -c "! git -C '$co' diff --quiet -- '$f' 2>/dev/null || ! git -C '$co/third_party/flatbuffers' diff --quiet 2>/dev/null"
    check "$f keeps CRLF on every line" bash -c "! grep -q $'[^\r]\$' '$co/$f' && ! grep -q '^\$' '$co/$f'"
  done
  tp -C "$c" revert
  expect_status 0
  check "revert restores every byte" same_tree "$co" "$pristine"
  check "git (autocrlf) sees a clean tree" test -z "$(git -C "$co" status --porcelain)"
}

# The Windows patchsets, one at a time, on a CRLF work tree (a core.autocrlf=true clone): each
# line of windows_patchsets is "ID FILE": `apply --only ID` changes FILE and keeps CRLF on every
# line, `status` lists ID applied with FILE unchanged since, and `revert` restores every byte.
# A new Windows patchset is covered by adding its line here (its file must be in fixtures/v2.0.1,
# outside a submodule: the clone is not recursive). Not here, as they do not apply at 2.0.1:
# parallel-lazy-init-no-torch-api (<2.0), tensorexpr-bounds-overlap-windows-true-false (<1.13),
# caffe2-missing-prototypes-not-msvc (>=2.1, compiler=clang-cl).
windows_patchsets=(
  "setuptools-msvccompiler tools/build_pytorch_libs.py"
  "static-runtime-anon-namespace-torch-api torch/csrc/jit/runtime/static/native_ops.cpp"
  "functorch-builtin-clz functorch/csrc/dim/arena.h"
  "cpp-extension-msvccompiler torch/utils/cpp_extension.py"
  "cmake-py-vs-generators tools/setup_helpers/cmake.py"
  "msvc-stl-jit-logging-chrono torch/csrc/jit/runtime/logging.h"
  "vec-base-size-t-msvc-ice aten/src/ATen/cpu/vec/vec_base.h"
  "findlapack-check-function-exists cmake/Modules/FindLAPACK.cmake"
  "sleef-msvc-1951-builtin-math third_party/sleef/Configure.cmake"
)
case_crlf_windows_patchsets() {
  local origin; origin="$(checkout crlf-win-origin v2.0.1)"
  local co="$work/crlf-win"
  git_ -c core.autocrlf=true clone -q "$origin" "$co" 2>/dev/null
  git_ -C "$co" config core.autocrlf true
  local pristine; pristine="$(tree_digest "$co")"
  local c; c="$(win_path "$co")"
  local line id f
  for line in "${windows_patchsets[@]}"; do
    read -r id f <<<"$line"
    check "$f is CRLF in the clone" grep -q $'\r$' "$co/$f"
    tp -C "$c" apply --only "$id"
    expect_status 0
    check "apply --only $id applies it" contains "$out" "applied 1 patchset(s)"
    check "$id changes $f" bash -c "! git -C '$co' diff --quiet -- '$f'"
    check "$f keeps CRLF on every line after $id" bash -c "! grep -q $'[^\r]\$' '$co/$f' && ! grep -q '^\$' '$co/$f'"
    tp -C "$c" status
    expect_status 0
    check "status lists $id applied" grep -qE "^applied +$id" "$out"
    check "status finds $f unchanged" contains "$out" "unchanged since apply  $f"
    tp -C "$c" revert
    expect_status 0
    check "revert of $id restores every byte" same_tree "$co" "$pristine"
  done
  check "git (autocrlf) sees a clean tree" test -z "$(git -C "$co" status --porcelain)"
}

case_export() {
  local co; co="$(checkout export v2.0.1)"
  local pristine; pristine="$(tree_digest "$co")"
  local n; n="$(will_apply "$co")"
  tp -C "$(win_path "$co")" export "$(win_path "$work/export-out")"
  expect_status 0
  check "export writes a series" test -f "$work/export-out/series"
  check "export changes nothing in the checkout" same_tree "$co" "$pristine"
  check "the series lists one patch per patchset that applies ($n)" test "$(grep -c '\.patch$' "$work/export-out/series")" -eq "$n"
  local p ok=1
  while IFS= read -r p; do
    p="${p%$'\r'}"
    [ -z "$p" ] && continue
    grep -q $'\r' "$work/export-out/$p" && ok=0
  done < "$work/export-out/series"
  check "the patches are LF-only" test "$ok" -eq 1
  # git apply does not cross into submodules; patch -p1 does, as the series is meant to be used.
  local applied=1
  while IFS= read -r p; do
    [ -z "$p" ] && continue
    (cd "$co" && patch -p1 -s --dry-run < "$work/export-out/$p" >/dev/null) || applied=0
  done < "$work/export-out/series"
  check "patch -p1 --dry-run accepts every patch of the series" test "$applied" -eq 1
}

# README's exit-code table: 0, 1, 2, 3.
case_exit_codes() {
  local co; co="$(checkout codes v2.0.1)"
  local c; c="$(win_path "$co")"
  tp -C "$c" list
  expect_status 0
  tp -C "$c" apply --no-such-flag
  expect_status 2
  mkdir -p "$work/not-a-checkout"
  tp -C "$(win_path "$work/not-a-checkout")" apply --dry
  expect_status 3
  check "'not inside a git checkout' is said" grep -qi "checkout" "$err"
  # A conflict: a second `const size_type count_;` makes the flatbuffers anchor ambiguous.
  local f="$co/third_party/flatbuffers/include/flatbuffers/stl_emulation.h"
  sed -i 's/^\( *\)const size_type count_;/&\n\1const size_type count_;/' "$f"
  local before; before="$(tree_digest "$co")"
  tp -C "$c" apply
  expect_status 1
  check "the conflict is reported" grep -qE '^ +ambiguous +count-member' "$out"
  check "apply says nothing was written" contains "$out" "nothing was written"
  check "a conflicting apply writes nothing" same_tree "$co" "$before"
  check "a conflicting apply leaves no journal" test ! -e "$co/.git/torchpatch/journal"
}

# Backslashes and drive letters: -C with a subfolder in backslash form (the checkout is found
# upward), a relative -C with backslashes, and an export folder given as Z:\...
case_windows_paths() {
  local co; co="$(checkout paths v2.0.1)"
  tp -C "$(win_path "$co/tools")" list
  expect_status 0
  check "-C Z:\\...\\tools finds the checkout upward" contains "$out" "PyTorch v2.0.1"
  (cd "$work" && wine "$exe" -C 'paths\third_party\flatbuffers' list >"$out" 2>"$err"); status=$?
  expect_status 0
  check "a relative -C with backslashes inside a submodule finds the superproject" grep -qE '^will-apply +setuptools-msvccompiler' "$out"
  tp -C "$(win_path "$co")\\" apply --dry
  expect_status 0
  check "a trailing backslash on -C is fine" contains "$out" "diff --git"
  local lower; lower="z:$(win_path "$co" | cut -c3-)"
  tp -C "$lower" status
  expect_status 0
}

# Another program holds a file open without sharing: a clear error naming it, nothing changed.
case_sharing_violation() {
  local co; co="$(checkout shared v2.0.1)"
  local c; c="$(win_path "$co")"
  local pristine; pristine="$(tree_digest "$co")"
  hold exclusive "$co/tools/build_pytorch_libs.py" || return
  tp -C "$c" apply
  release
  check "apply fails" test "$status" -ne 0
  check "the error names the file" grep -q "build_pytorch_libs.py" "$err"
  check "the error says another process holds it" grep -qi "another process\|being used\|sharing" "$err"
  check "nothing is changed" same_tree "$co" "$pristine"
  check "no temporaries are left" no_temporaries "$co"
  check "no journal is left" test ! -e "$co/.git/torchpatch/journal"
}

# Readable but not replaceable (FILE_SHARE_READ only): the plan reads it, the replace fails late,
# after other files were written: all or nothing means those are put back.
case_held_for_reading() {
  local co; co="$(checkout readers v2.0.1)"
  local c; c="$(win_path "$co")"
  local pristine; pristine="$(tree_digest "$co")"
  local n; n="$(will_apply "$co")"
  hold read "$co/torch/csrc/jit/runtime/static/native_ops.cpp" || return
  tp -C "$c" apply
  release
  check "apply fails" test "$status" -ne 0
  check "the error names the file" grep -q "native_ops.cpp" "$err"
  check "every file is as before (all or nothing)" same_tree "$co" "$pristine"
  check "no temporaries are left" no_temporaries "$co"
  tp -C "$c" status
  check "status after the failure works" test "$status" -eq 0
  tp -C "$c" apply
  expect_status 0
  check "once released, apply succeeds" contains "$out" "applied $n patchset(s)"
}

# A read-only file (FILE_ATTRIBUTE_READONLY; Wine maps a file without write permission to it).
case_read_only_file() {
  local co; co="$(checkout readonly v2.0.1)"
  local c; c="$(win_path "$co")"
  local f="$co/tools/build_pytorch_libs.py"
  chmod a-w "$f"
  local pristine; pristine="$(tree_digest "$co")"
  tp -C "$c" apply
  if [ "$status" -eq 0 ]; then
    check "the file is patched" grep -q _torchpatch_get_vc_env "$f"
    check "the file stays read-only" read_only "$f"
    tp -C "$c" revert
    expect_status 0
    check "revert restores every byte" same_tree "$co" "$pristine"
    check "the file is still read-only after revert" read_only "$f"
  else
    check "the error names the file" grep -q "build_pytorch_libs.py" "$err"
    check "nothing is changed" same_tree "$co" "$pristine"
  fi
  chmod u+w "$f"
}

# Paths longer than MAX_PATH (260): a committed CMakeLists.txt deep in the checkout (as vendored
# third-party trees nest) that cmake-minimum-3-5's glob selects; its full Windows path is longer.
case_long_paths() {
  local co; co="$(checkout long v2.0.1)"
  local rel="third_party/deep" i
  for i in 1 2 3 4 5 6; do rel="$rel/$(printf 'vendored-%02d-%s' "$i" 'abcdefghijklmnopqrstuvwxyz0123456789')"; done
  mkdir -p "$co/$rel"
  printf 'cmake_minimum_required(VERSION 3.1)\nproject(deep)\n' > "$co/$rel/CMakeLists.txt"
  git_ -C "$co" add -A && git_ -C "$co" -c user.name=t -c user.email=t@invalid commit -qm deep
  local c; c="$(win_path "$co")"
  local long="$c\\${rel//\//\\}\\CMakeLists.txt"
  check "the file's Windows path is longer than 260 characters (${#long})" test "${#long}" -gt 260
  local pristine; pristine="$(tree_digest "$co")"
  tp -C "$c" apply
  expect_status 0
  check "apply raised the deep file's minimum" grep -q 'cmake_minimum_required(VERSION 3.5)' "$co/$rel/CMakeLists.txt"
  check "no temporaries are left" no_temporaries "$co"
  tp -C "$c" status
  expect_status 0
  check "status finds the deep file unchanged since apply" contains "$out" "unchanged since apply  $rel/CMakeLists.txt"
  tp -C "$c" revert
  expect_status 0
  check "revert restores every byte" same_tree "$co" "$pristine"
}

# A checkout below a folder whose name is not ASCII.
case_non_ascii_paths() {
  local parent="$work/prüfung-检查-ΔΣ"
  mkdir -p "$parent"
  local co; co="$(checkout 'arbeitsbaum-ü' v2.0.1 "$parent")" || { case_failed=1; return; }
  local pristine; pristine="$(tree_digest "$co")"
  local c; c="$(win_path "$co")"
  tp -C "$c" apply --dry
  expect_status 0
  check "the dry run shows the diff" contains "$out" "diff --git a/tools/build_pytorch_libs.py"
  tp -C "$c" apply
  expect_status 0
  check "apply patched the file" grep -q _torchpatch_get_vc_env "$co/tools/build_pytorch_libs.py"
  tp -C "$c" export "$(win_path "$parent/export-ö")"
  expect_status 0
  check "export wrote into a non-ASCII folder" test -f "$parent/export-ö/series"
  tp -C "$c" revert
  expect_status 0
  check "revert restores every byte" same_tree "$co" "$pristine"
}

# Every argument that names a path, each a non-ASCII name holding a space: -C, --catalog (list,
# lint, new), explain LOG, query FILE, new --file/--before/--after, matrix (-C), export DIR.
case_path_arguments() {
  local parent="$work/données über"
  mkdir -p "$parent"
  local co; co="$(checkout 'arbeits baum ü' v2.0.1 "$parent")" || { case_failed=1; return; }
  local c; c="$(win_path "$co")"
  local catalog="$parent/katalog é ß"
  cp -R "$tp_repo/patchsets" "$catalog"

  tp -C "$c" --catalog "$(win_path "$catalog")" list
  expect_status 0
  check "list -C and --catalog: setuptools-msvccompiler will apply" grep -qE '^will-apply +setuptools-msvccompiler ' "$out"
  tp --catalog "$(win_path "$catalog")" lint
  expect_status 0
  check "lint --catalog reads every patchset" contains "$out" ": no problems"

  printf 'building\nAttributeError: module '"'"'distutils'"'"' has no attribute '"'"'_msvccompiler'"'"'\n' >"$parent/bau protokoll ü.log"
  tp -C "$c" explain "$(win_path "$parent/bau protokoll ü.log")"
  expect_status 0
  check "explain LOG names the patchset" contains "$out" "setuptools-msvccompiler: "
  check "explain LOG checks it against -C" contains "$out" "this checkout: applies"

  cp "$co/tools/build_pytorch_libs.py" "$parent/quelle ü.py"
  tp query --regex "$(win_path "$parent/quelle ü.py")" 'from setuptools import distutils'
  expect_status 0
  check "query FILE finds the line" contains "$out" "1 match"
  check "query FILE names the file as given" contains "$out" "quelle ü.py:"

  printf 'int größe = 1;\n' >"$parent/vorher ü.cpp"
  printf 'int größe = 2;\n' >"$parent/nachher ü.cpp"
  # A patchset id is ASCII by rule ([a-z0-9-]); the catalog folder and the file are not.
  tp -C "$c" --catalog "$(win_path "$catalog")" new neue-datei --file 'torch/csrc/neue datei ü.cpp' \
    --before "$(win_path "$parent/vorher ü.cpp")" --after "$(win_path "$parent/nachher ü.cpp")"
  expect_status 0
  check "new wrote the patchset into --catalog" test -f "$catalog/neue-datei.toml"
  check "new wrote the case's before/ file at --file's path" \
    test -n "$(find "$catalog/cases/neue-datei" -path '*/before/torch/csrc/neue datei ü.cpp' -print -quit)"
  check "the case's after/ file holds --after's bytes" \
    bash -c "cmp -s \"\$(find '$catalog/cases/neue-datei' -path '*/after/torch/csrc/neue datei ü.cpp' -print -quit)\" '$parent/nachher ü.cpp'"

  tp -C "$c" matrix --revs v2.0.1
  expect_status 0
  check "matrix -C plans the revision" grep -qE '^setuptools-msvccompiler +will-apply' "$out"

  tp -C "$c" export "$(win_path "$parent/serie ö")"
  expect_status 0
  check "export DIR wrote the series" test -f "$parent/serie ö/series"
  check "export DIR says where" contains "$out" "serie ö"
}

# The lock: while another process holds it, apply waits, then says so and changes nothing.
case_lock_held() {
  local co; co="$(checkout locked v2.0.1)"
  local c; c="$(win_path "$co")"
  mkdir -p "$co/.git/torchpatch"
  local pristine; pristine="$(tree_digest "$co")"
  hold lock "$co/.git/torchpatch/lock" || return
  tp -C "$c" apply
  release
  check "apply fails while the lock is held" test "$status" -ne 0
  check "the error says another torchpatch is running" contains "$err" "another torchpatch is running"
  check "nothing is changed" same_tree "$co" "$pristine"
  tp -C "$c" apply
  expect_status 0
}

# The journal: a corrupt one is an environment error (3) naming it; nothing is written.
case_journal() {
  local co; co="$(checkout journal v2.0.1)"
  local c; c="$(win_path "$co")"
  tp -C "$c" apply
  expect_status 0
  check "the journal records the patchsets" grep -q "setuptools-msvccompiler" "$co/.git/torchpatch/journal"
  printf 'torchpatch-journal 999\n' > "$co/.git/torchpatch/journal"
  local before; before="$(tree_digest "$co")"
  tp -C "$c" revert
  expect_status 3
  check "the error names the journal" grep -q "journal" "$err"
  check "nothing is changed" same_tree "$co" "$before"
}

all_cases=(version list apply_cycle crlf_checkout crlf_windows_patchsets export exit_codes windows_paths
           sharing_violation held_for_reading read_only_file long_paths non_ascii_paths
           path_arguments lock_held journal)
# With arguments, only the cases named (e.g. `run.sh crlf_windows_patchsets`); ctest passes none.
selected=("$@")
[ "${#selected[@]}" -eq 0 ] && selected=("${all_cases[@]}")
for name in "${selected[@]}"; do
  if ! declare -F "case_$name" >/dev/null; then
    echo "windows: no case '$name' (cases: ${all_cases[*]})" >&2; exit 2
  fi
done
for name in "${selected[@]}"; do
  run_case "$name"
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
