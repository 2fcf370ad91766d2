# What prepare-python promises (tests/sweep/sweep.sh): a release the sid root has no Python for is
# refused before anything is touched, naming the catalog's gates that say so; another gets the
# newest Python no gate blocks;
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
# The catalog's Python gates decide: a release no Python of the root serves is refused, naming
# every gate that blocks it; the others get the newest Python that no gate blocks.
for release in "1.13.1 python-3-12-needs-2-2 python-3-13-needs-2-5" "2.1.0 python-3-12-needs-2-2 python-3-13-needs-2-5" \
  "2.4.1 python-3-13-needs-2-5"; do
  set -- $release
  bash "$sweep" python-options "$1" >"$work/log" 2>&1
  status=$?
  version="$1" && shift
  named=0 && for gate in "$@"; do grep -q "$gate" "$work/log" && [ -f "$patchsets/$gate.toml" ] || named=1; done
  check "$version is refused, naming the catalog's gates $* (exit $status: $(head -c 200 "$work/log"))" $((status == 0 || named))
done
for release in "2.5.0 3.13" "2.6.0 3.13" "2.9.0 3.14"; do
  set -- $release
  bash "$sweep" python-options "$1" >"$work/log" 2>&1
  grep -qx -- "-DPython_EXECUTABLE=/usr/bin/python$2" "$work/log"
  check "$1 builds its extension with Python $2 ($(tr '\n' ' ' <"$work/log" | head -c 200))" $?
done
touch "$work/.done-apply"
bash "$sweep" prepare-python 1.13.1 "$work" >"$work/log" 2>&1
check "prepare-python refuses what python-options refuses (exit $?)" $(($? == 0))
check "a refused release leaves the folder as it was" "$(find "$work" -mindepth 1 ! -name .done-apply ! -name log | wc -l)"
rm "$work/.done-apply"
bash "$sweep" prepare-python 2.6.0 "$work" >"$work/log" 2>&1
status=$?
grep -q "not a prepared work folder" "$work/log"
check "a folder prepare has not made is refused (exit $status: $(head -c 200 "$work/log"))" $((status == 0 || $? != 0))
TORCHPATCH=/bin/false bash "$sweep" compile "$work" gcc-python >"$work/log" 2>&1
grep -q "$work/build-python has no configure" "$work/log"
check "gcc-python compiles build-python's commands ($(head -c 200 "$work/log"))" $?
bash "$sweep" compile "$work" gcc-cuda >"$work/log" 2>&1
grep -q "no such configuration: gcc-cuda" "$work/log"
check "an unknown configuration is named ($(head -c 200 "$work/log"))" $?
echo "$((checks - failures)) of $checks checks passed"
[ "$failures" -eq 0 ]
