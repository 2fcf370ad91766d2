# What prepare-python promises (tests/sweep/sweep.sh): a release the sweep has no Python for is
# refused before anything is touched, naming the catalog's gates that say so; another gets the
# newest Python no gate blocks, from the root that has it;
# a folder `prepare` has not made is refused too. The Python configurations' phases are their own:
# a compile of gcc-python looks for build-python/, not the CPU build's folder.
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
sweep="$here/sweep.sh" patchsets="$here/../../patchsets"
work="$(mktemp -d)" && trap 'rm -rf "$work"' EXIT
failures=0 checks=0
check() { # WHAT STATUS
  checks=$((checks + 1))
  if [ "$2" -eq 0 ]; then echo "ok: $1"; else echo "FAILED: $1"; failures=$((failures + 1)); fi
}
# The catalog's Python gates decide: each release gets the newest of the sweep's Pythons (the sid
# root's 3.14 and 3.13, bookworm's 3.11, bullseye's 3.9) that no gate blocks, with that root's NumPy
# headers; a release every Python is blocked for is refused, naming every gate that blocks it (here
# a scratch catalog: the shipped Python gates and one of ours that blocks all of them below 3.0).
for release in "1.12.1 /opt/bullseye/usr/bin/python3.9 /opt/bullseye/usr/lib/python3/dist-packages/numpy/core/include" \
  "1.13.1 /opt/bookworm/usr/bin/python3.11 /opt/bookworm/usr/lib/python3/dist-packages/numpy/core/include" \
  "2.1.0 /opt/bookworm/usr/bin/python3.11 /opt/bookworm/usr/lib/python3/dist-packages/numpy/core/include" \
  "2.5.0 /usr/bin/python3.13 /usr/lib/python3/dist-packages/numpy/_core/include" \
  "2.6.0 /usr/bin/python3.13 /usr/lib/python3/dist-packages/numpy/_core/include" \
  "2.9.0 /usr/bin/python3.14 /usr/lib/python3/dist-packages/numpy/_core/include"; do
  set -- $release
  bash "$sweep" python-options "$1" >"$work/log" 2>&1
  grep -qx -- "-DPython_EXECUTABLE=$2" "$work/log" && grep -qx -- "-DPython_NumPy_INCLUDE_DIR=$3" "$work/log"
  check "$1 builds its extension with $2 ($(tr '\n' ' ' <"$work/log" | head -c 300))" $?
done
mkdir -p "$work/catalog" && cp "$patchsets/catalog.toml" "$patchsets"/python-3-1[234]-*.toml "$work/catalog/"
cat >"$work/catalog/python-3-needs-3-0.toml" <<'TOML'
kind = "gate"
id = "python-3-needs-3-0"
title = "test gate: no Python 3 before PyTorch 3.0"
versions = "<3.0"
lifted_in = "3.0"
why = "A gate of python_test.sh's scratch catalog, blocking every Python the sweep has."
errors = []
references = ["tests/sweep/python_test.sh"]

[conditions]
python = ">=3.0"
TOML
TP_SWEEP_CATALOG="$work/catalog" bash "$sweep" python-options 2.1.0 >"$work/log" 2>&1
status=$?
named=0 && for gate in python-3-needs-3-0 python-3-12-needs-2-2 python-3-13-needs-2-5; do grep -q "$gate" "$work/log" || named=1; done
check "a release no Python serves is refused, naming every gate (exit $status: $(head -c 300 "$work/log"))" $((status == 0 || named))
touch "$work/.done-apply"
TP_SWEEP_CATALOG="$work/catalog" bash "$sweep" prepare-python 2.1.0 "$work" >"$work/log" 2>&1
check "prepare-python refuses what python-options refuses (exit $?)" $(($? == 0))
check "a refused release leaves the folder as it was" "$(find "$work" -mindepth 1 ! -name .done-apply ! -name log ! -path "$work/catalog*" | wc -l)"
rm "$work/.done-apply"
bash "$sweep" prepare-python 2.6.0 "$work" >"$work/log" 2>&1
status=$?
grep -q "is not prepared: run prepare first" "$work/log"
check "a folder prepare has not made is refused (exit $status: $(head -c 200 "$work/log"))" $((status == 0 || $? != 0))
TORCHPATCH=/bin/false bash "$sweep" compile "$work" gcc-python >"$work/log" 2>&1
grep -q "$work/build-python has no configure" "$work/log"
check "gcc-python compiles build-python's commands ($(head -c 200 "$work/log"))" $?
bash "$sweep" compile "$work" gcc-cuda >"$work/log" 2>&1
grep -q "no such configuration: gcc-cuda" "$work/log"
check "an unknown configuration is named ($(head -c 200 "$work/log"))" $?
echo "$((checks - failures)) of $checks checks passed"
[ "$failures" -eq 0 ]
