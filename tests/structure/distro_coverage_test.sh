#!/usr/bin/env bash
# docs/distro-coverage.md names only patchsets and gates the catalog has: every `id` in the last
# column of its table is shown by TORCHPATCH (one `show` call with all of them), and the rows are
# numbered without gaps or repeats. Then the check itself, on copies: one naming an id the catalog
# lacks and one missing a row must each fail it.
# Usage: distro_coverage_test.sh TORCHPATCH
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
torchpatch="${1:?usage: distro_coverage_test.sh TORCHPATCH}"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
failed=0

# check DOC: 0 when its ids all exist and its rows run on; prints what is wrong otherwise.
check() {
  local doc="$1" ids rows expected
  rows="$(grep -oE '^\| [0-9]+ \|' "$doc" | tr -dc '0-9\n')"
  [ -n "$rows" ] || { echo "no table rows in $doc"; return 1; }
  expected="$(seq "$(head -1 <<<"$rows")" "$(tail -1 <<<"$rows")")"
  [ "$rows" = "$expected" ] || { echo "rows are not numbered one after another in $doc"; return 1; }
  mapfile -t ids < <(grep -E '^\| [0-9]+ \|' "$doc" | awk -F'|' '{print $(NF-1)}' |
    grep -oE '`[a-z0-9][a-z0-9-]*`' | tr -d '`' | sort -u)
  [ "${#ids[@]}" -gt 0 ] || { echo "no ids in $doc"; return 1; }
  "$torchpatch" --catalog "$here/patchsets" show "${ids[@]}" </dev/null >/dev/null 2>"$tmp/err" ||
    { head -1 "$tmp/err"; return 1; }
  echo "${#ids[@]} ids, rows $(head -1 <<<"$rows") - $(tail -1 <<<"$rows")"
}

if out="$(check "$here/docs/distro-coverage.md")"; then echo "ok   docs/distro-coverage.md: $out"
else echo "FAIL docs/distro-coverage.md: $out"; failed=$((failed + 1)); fi

sed 's/`run-test-pkg-resources`/`zz-no-such-patchset`/' "$here/docs/distro-coverage.md" >"$tmp/bad.md"
if out="$(check "$tmp/bad.md")"; then echo "FAIL an unknown id passed: $out"; failed=$((failed + 1))
elif grep -qF "no patchset 'zz-no-such-patchset'" <<<"$out"; then echo "ok   an unknown id fails: $out"
else echo "FAIL an unknown id failed for another reason: $out"; failed=$((failed + 1)); fi

grep -v '^| 30 |' "$here/docs/distro-coverage.md" >"$tmp/gap.md"
if out="$(check "$tmp/gap.md")"; then echo "FAIL a missing row passed: $out"; failed=$((failed + 1))
else echo "ok   a missing row fails: $out"; fi

echo "distro_coverage_test: $([ "$failed" -eq 0 ] && echo passed || echo "$failed FAILED")"
[ "$failed" -eq 0 ]
