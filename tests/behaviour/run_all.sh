#!/usr/bin/env bash
# Runs every behaviour test of the catalog; the last line is exactly "N passed, N failed".
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
pass=0; fail=0
for t in "$here"/setuptools_layouts.py "$here"/flatbuffers_span.sh "$here"/functorch_clz.sh \
         "$here"/../sweep/compile_test.py; do
  echo "== $(basename "$t")"
  case "$t" in *.py) python3 "$t" ;; *) bash "$t" ;; esac
  if [ $? -eq 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAILED: $(basename "$t")"; fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
