#!/usr/bin/env bash
# docs/catalog.md's generated blocks (scripts/catalog_doc.py: counts, ranges table, gates, outcomes
# on the real trees) match the catalog (patchsets/), as TORCHPATCH reads it, and the pinned outcomes
# (tests/real/expected/local-vX.txt). Then the check itself, on copies: a count edited by hand, a
# gate added to a copy of the catalog and a patchset left out of a copy of the pinned outcomes must
# each fail it with a diff that names the change, --write must give back the document, and a pinned
# patchset the catalog lacks must stop it, as a missing marker must before the binary runs; a call of
# the binary that does not end is stopped at --timeout, and the binary's stdin is /dev/null.
# Usage: catalog_doc_test.sh TORCHPATCH
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
script="$here/scripts/catalog_doc.py"
torchpatch="${1:?usage: catalog_doc_test.sh TORCHPATCH}"
command -v python3 >/dev/null || { echo "FAIL python3 not found"; exit 1; }
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
failed=0
fail() { echo "FAIL $1"; sed 's/^/    /' "$tmp/out"; failed=$((failed + 1)); }
# run EXPECTED_EXIT ARGS...: the script with ARGS; its output in $tmp/out.
run() {
  local expected="$1" rc=0; shift
  python3 "$script" --torchpatch "$torchpatch" "$@" >"$tmp/out" 2>&1 || rc=$?
  [ "$rc" -eq "$expected" ] || { echo "  (exit $rc, expected $expected)" >>"$tmp/out"; return 1; }
}

if run 0 --check; then echo "ok   docs/catalog.md matches the catalog: $(tail -1 "$tmp/out")"
else fail "docs/catalog.md is stale (python3 scripts/catalog_doc.py --write rewrites it):"; fi

# A count edited by hand: the diff shows the line as it is and as the catalog gives it.
cp "$here/docs/catalog.md" "$tmp/doc.md"
sed -i -E 's/^(Catalog [^:]*: )[0-9]+ patchsets/\1999 patchsets/' "$tmp/doc.md"
if ! grep -q '^Catalog [^:]*: 999 patchsets' "$tmp/doc.md"; then
  echo "FAIL the count edit did not take"; failed=$((failed + 1))
elif run 1 --check --doc "$tmp/doc.md" && grep -q '^-Catalog [^:]*: 999 patchsets' "$tmp/out" \
  && grep -q '^+Catalog [^:]*: [0-9]* patchsets' "$tmp/out"; then
  echo "ok   a count edited by hand fails the check: $(grep '^+Catalog' "$tmp/out")"
else fail "a count edited by hand:"; fi
if run 0 --write --doc "$tmp/doc.md" && cmp -s "$tmp/doc.md" "$here/docs/catalog.md"; then
  echo "ok   --write gives back the document"
else fail "--write did not give back docs/catalog.md (stale itself if the first check failed):"; fi

# A gate added to a copy of the catalog: one more gate in the counts, and its row, marked at 2.3 only.
cp -R "$here/patchsets" "$tmp/catalog"
cat >"$tmp/catalog/zz-doc-test-needs-2-4.toml" <<'EOF'
kind = "gate"
id = "zz-doc-test-needs-2-4"
title = "A gate of this test only"
versions = ">=2.3, <2.4"
lifted_in = "2.4"
why = "Added by tests/structure/catalog_doc_test.sh to a copy of the catalog."
errors = ["zz-doc-test"]
references = ["tests/structure/catalog_doc_test.sh"]

[conditions]
python = ">=3.12"
EOF
gates="$(grep -m1 -oE '^Catalog [^:]*: .* and [0-9]+ gates' "$here/docs/catalog.md" | grep -oE '[0-9]+ gates$')"
gates="${gates% gates}"
row='+| zz-doc-test-needs-2-4 | gate, lifted in 2.4 | `>=2.3, <2.4` | python >=3.12 |'
if run 1 --check --catalog "$tmp/catalog" --doc "$tmp/doc.md" && grep -qF -- "$row" "$tmp/out" \
  && grep -q "^+Catalog .* and $((gates + 1)) gates" "$tmp/out"; then
  # The row's marks: only the 2.3 column, found by the table's header line.
  marks="$(awk -F'|' -v row="$(grep -F -- "$row" "$tmp/out" | cut -c2-)" '
    /^\| patchset or gate \|/ { for (i = 1; i <= NF; i++) if ($i == " 2.3 ") col = i
      n = split(row, cell, "|"); for (i = 1; i <= n; i++) if (cell[i] == " ✓ ") marked = marked " " i
      print (marked == " " col) ? "2.3 only" : "columns" marked " (2.3 is " col ")"; exit }' "$tmp/doc.md")"
  if [ "$marks" = "2.3 only" ]; then echo "ok   a gate added to the catalog fails the check: $row"
  else echo "FAIL the added gate's row is marked at $marks"; failed=$((failed + 1)); fi
else fail "a gate added to the catalog (expected $((gates + 1)) gates and the row '$row'):"; fi
if grep -qF -- '+- `zz-doc-test-needs-2-4`: A gate of this test only' "$tmp/out"; then
  echo "ok   the added gate has its line in the gates list"
else fail "the added gate's line in the gates list:"; fi

# The pinned outcomes of the newest local tree without cmake-minimum-3-5: its cell becomes "—";
# with a patchset the catalog lacks: exit 2 naming it.
cp -R "$here/tests/real/expected" "$tmp/expected"
newest="$(cd "$tmp/expected" && ls local-v*.txt | sort -V | tail -1)"
grep -v '^dry cmake-minimum-3-5[ /]' "$here/tests/real/expected/$newest" >"$tmp/expected/$newest"
if run 1 --check --expected "$tmp/expected" && grep -q '^-| cmake-minimum-3-5 |' "$tmp/out" \
  && grep -q '^+| cmake-minimum-3-5 | .* | — |$' "$tmp/out"; then
  echo "ok   a patchset $newest does not pin fails the check: $(grep '^+| cmake' "$tmp/out" | cut -c1-50)…"
else fail "a patchset left out of $newest:"; fi
echo "dry zz-doc-test-gone will-apply" >>"$tmp/expected/$newest"
if run 2 --check --expected "$tmp/expected" && grep -qF "$newest pins zz-doc-test-gone" "$tmp/out"
then
  echo "ok   a pinned patchset the catalog lacks: $(tail -1 "$tmp/out" | cut -c1-100)…"
else fail "a pinned patchset the catalog lacks:"; fi

# A document without its markers: exit 2 naming the marker, before the binary is run.
grep -v '^<!-- catalog-doc ranges: end -->$' "$here/docs/catalog.md" >"$tmp/nomark.md"
if run 2 --check --doc "$tmp/nomark.md" && grep -qF 'needs exactly one line' "$tmp/out"; then
  echo "ok   a missing marker: $(tail -1 "$tmp/out" | cut -c1-100)…"
else fail "a missing marker:"; fi

# A call of the binary that does not end is stopped at --timeout and named; the binary reads no
# input: stdin is /dev/null, so a binary that reads it (here `cat`) gets end-of-file at once even
# when the script's own stdin is a pipe that stays open.
cat >"$tmp/hangs" <<'SH'
#!/bin/sh
exec sleep 30
SH
cat >"$tmp/reads-stdin" <<'SH'
#!/bin/sh
cat >/dev/null
echo "no lint line"
SH
chmod +x "$tmp/hangs" "$tmp/reads-stdin"
if python3 "$script" --torchpatch "$tmp/hangs" --timeout 1 --print >"$tmp/out" 2>&1; then
  fail "a binary that does not end:"
elif grep -qF -- "--catalog $here/patchsets lint did not finish in 1 s" "$tmp/out"; then
  echo "ok   a call that does not end: $(tail -1 "$tmp/out" | cut -c1-100)…"
else fail "a binary that does not end (expected 'did not finish in 1 s'):"; fi
if python3 "$script" --torchpatch "$tmp/reads-stdin" --timeout 10 --print >"$tmp/out" 2>&1 < <(sleep 30)
then fail "a binary that reads stdin:"
elif grep -qF 'lint printed no' "$tmp/out"; then
  echo "ok   the binary's stdin is /dev/null: $(tail -1 "$tmp/out" | cut -c1-100)"
else fail "a binary that reads stdin (expected it to get end-of-file, not to wait):"; fi

echo "catalog_doc_test: $([ "$failed" -eq 0 ] && echo passed || echo "$failed FAILED")"
[ "$failed" -eq 0 ]
