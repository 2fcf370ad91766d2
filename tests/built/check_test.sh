# What `wheel.sh check` reads from a test file's log (tests/built/check.sh, slice_row): unittest's
# own summary as one row of slice.tsv; an "expected failures" count is not taken for failures; a
# log without a summary (a crash) gives "?", never 0. Runs anywhere (ctest built_check, label
# structure).
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/check.sh"
work="$(mktemp -d)" && trap 'rm -rf "$work"' EXIT
failures=0 checks=0
expect() { # WHAT LOG_TEXT EXPECTED_ROW
  checks=$((checks + 1))
  printf '%s\n' "$2" >"$work/log"
  local row; row="$(slice_row "test_x.py -k a" "$work/log" 7 1)"
  if [ "$row" = "$3" ]; then echo "ok: $1"; else
    echo "FAILED: $1"; echo "  expected: $3"; echo "  got:      $row"; failures=$((failures + 1)); fi
}
tab=$'\t'
expect "a passing run with skips" $'....s.\n----------------------------------------------------------------------\nRan 6 tests in 0.52s\n\nOK (skipped=1)' \
  "test_x.py -k a${tab}6${tab}0${tab}0${tab}1${tab}7${tab}1"
expect "a failing run: failures, errors and skips, expected failures apart" \
  $'Ran 1034 tests in 612.004s\n\nFAILED (failures=2, errors=1, skipped=88, expected failures=5)' \
  "test_x.py -k a${tab}1034${tab}2${tab}1${tab}88${tab}7${tab}1"
expect "only errors" $'Ran 3 tests in 1s\n\nFAILED (errors=3)' "test_x.py -k a${tab}3${tab}0${tab}3${tab}0${tab}7${tab}1"
expect "the last summary counts" $'Ran 2 tests in 1s\n\nFAILED (failures=1)\nRan 1 test in 1s\n\nOK' \
  "test_x.py -k a${tab}1${tab}0${tab}0${tab}0${tab}7${tab}1"
expect "a crash has no summary" $'Traceback (most recent call last):\nImportError: libtorch_cpu.so' \
  "test_x.py -k a${tab}?${tab}?${tab}?${tab}?${tab}7${tab}1"
expect "a test named OK_thing is not a summary" $'test_OK (x.T) ... ok\nRan 1 test in 0.1s\n\nOK' \
  "test_x.py -k a${tab}1${tab}0${tab}0${tab}0${tab}7${tab}1"
echo "$checks checks, $failures failed"
[ "$failures" -eq 0 ]
