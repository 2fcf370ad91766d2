#!/usr/bin/env bash
# e2e.sh REPO COMMAND...: the end-to-end checks of a released torchpatch (ctest label `dist`):
# COMMAND... is how it is run (the portable binary, an installed wheel's `torchpatch` or
# `python -m torchpatch`), REPO the folder holding fixtures/ and scripts/make_checkout.sh. Runs on
# fixture checkouts in a temporary folder: --version; list; apply --dry (accepted by git apply);
# apply, a second apply (nothing written), status, revert (byte-identical); export (accepted by
# patch -p1); the exit codes 0, 1, 2, 3. Needs bash, git, patch and coreutils only, so that it runs
# unchanged inside a Debian minbase root. The last line is "N passed, N failed".
set -uo pipefail
repo="$1"; shift
tp_command=("$@")
work="$(mktemp -d "${TMPDIR:-/tmp}/tp-dist-e2e.XXXXXX")"
passed=0 failed=0 keep=0
trap '[ "$keep" -eq 0 ] && rm -rf "$work" || echo "e2e: kept $work for the failures above"' EXIT
out="$work/stdout" err="$work/stderr"
tp() { "${tp_command[@]}" "$@" >"$out" 2>"$err"; status=$?; }

case_failed=0
check() { local what="$1"; shift; "$@" || { echo "    not so: $what"; case_failed=1; }; }
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
  case_failed=0
  "case_$1"
  if [ "$case_failed" -eq 0 ]; then passed=$((passed + 1)); echo "ok - $1"
  else failed=$((failed + 1)); keep=1; echo "FAIL - $1"; fi
}
tree_digest() { (cd "$1" && find . -path ./.git -prune -o -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum); }
same_tree() { [ "$(tree_digest "$1")" = "$2" ]; }
git_() { git -c protocol.file.allow=always -c core.autocrlf=false "$@"; }
will_apply() { "${tp_command[@]}" -C "$1" list 2>/dev/null | grep -cE '^will-apply '; }
checkout() { # checkout NAME FIXTURE: a fresh checkout of fixtures/FIXTURE; prints its path
  bash "$repo/scripts/make_checkout.sh" "$repo/fixtures/$2" "$work/$1" >/dev/null 2>&1 ||
    { echo "e2e: make_checkout $2 failed" >&2; return 1; }
  echo "$work/$1"
}

case_version() {
  tp --version
  expect_status 0
  check "--version names torchpatch, the catalog and the commit" \
    grep -qE '^torchpatch [0-9]+\.[0-9]+\.[0-9]+ \(catalog [0-9.]+, commit [0-9a-f]{12}(-dirty)?\)$' "$out"
}

case_list() {
  local co; co="$(checkout list v2.0.1)"
  tp -C "$co" list
  expect_status 0
  check "the version comes from the tag" contains "$out" "PyTorch v2.0.1 (from tag v2.0.1 at HEAD)"
  for id in cmake-minimum-3-5 flatbuffers-span-const-count functorch-builtin-clz; do
    check "$id will apply" grep -qE "^will-apply +$id " "$out"
  done
}

case_apply_cycle() {
  local co; co="$(checkout cycle v2.0.1)"
  local pristine; pristine="$(tree_digest "$co")"
  local n; n="$(will_apply "$co")"
  check "some patchsets will apply ($n)" test "$n" -gt 0
  tp -C "$co" apply --dry
  expect_status 0
  cp "$out" "$work/cycle.diff"
  check "the dry run changes nothing" same_tree "$co" "$pristine"
  check "git apply --check accepts the dry-run diff" git_ -C "$co" apply --check "$work/cycle.diff"
  tp -C "$co" apply
  expect_status 0
  check "apply reports $n patchsets" contains "$out" "applied $n patchset(s)"
  check "the result is the dry-run diff (it reverses cleanly)" git_ -C "$co" apply -R --check "$work/cycle.diff"
  check "the journal exists" test -f "$co/.git/torchpatch/journal"
  local applied; applied="$(tree_digest "$co")"
  tp -C "$co" apply
  expect_status 0
  check "a second apply has nothing to change" contains "$out" "nothing to change"
  check "a second apply writes nothing" same_tree "$co" "$applied"
  tp -C "$co" status
  expect_status 0
  check "status lists cmake-minimum-3-5 as applied" grep -qE '^applied +cmake-minimum-3-5' "$out"
  tp -C "$co" revert
  expect_status 0
  check "revert reports $n patchsets" contains "$out" "reverted $n patchset(s)"
  check "revert restores every byte" same_tree "$co" "$pristine"
  check "git sees a clean tree" test -z "$(git_ -C "$co" status --porcelain --ignore-submodules=none)"
}

case_export() {
  local co; co="$(checkout export v2.0.1)"
  local pristine; pristine="$(tree_digest "$co")"
  local n; n="$(will_apply "$co")"
  tp -C "$co" export "$work/export-out"
  expect_status 0
  check "export writes a series" test -f "$work/export-out/series"
  check "export changes nothing in the checkout" same_tree "$co" "$pristine"
  check "the series lists one patch per patchset that applies ($n)" \
    test "$(grep -c '\.patch$' "$work/export-out/series")" -eq "$n"
  local p applied=1
  while IFS= read -r p; do
    [ -z "$p" ] && continue
    (cd "$co" && patch -p1 -s --dry-run < "$work/export-out/$p" >/dev/null) || applied=0
  done < "$work/export-out/series"
  check "patch -p1 --dry-run accepts every patch of the series" test "$applied" -eq 1
}

case_exit_codes() {
  local co; co="$(checkout codes v2.0.1)"
  tp -C "$co" list
  expect_status 0
  tp -C "$co" apply --no-such-flag
  expect_status 2
  mkdir -p "$work/not-a-checkout"
  tp -C "$work/not-a-checkout" apply --dry
  expect_status 3
  # A conflict: a second `const size_type count_;` makes the flatbuffers anchor ambiguous.
  local f="$co/third_party/flatbuffers/include/flatbuffers/stl_emulation.h"
  sed -i 's/^\( *\)const size_type count_;/&\n\1const size_type count_;/' "$f"
  local before; before="$(tree_digest "$co")"
  tp -C "$co" apply
  expect_status 1
  check "the conflict is reported" grep -qE '^ +ambiguous +count-member' "$out"
  check "a conflicting apply writes nothing" same_tree "$co" "$before"
}

for name in version list apply_cycle export exit_codes; do
  run_case "$name"
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
