# What prepare-python promises (tests/sweep/sweep.sh): a release the sid root has no Python for is
# refused before anything is touched, naming the gate that says so, and that gate is in the catalog;
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
touch "$work/.done-apply"
for release in "1.13.1 python-3-12-needs-2-2" "2.1.0 python-3-12-needs-2-2" "2.4.1 python-3-13-needs-2-5"; do
  set -- $release
  bash "$sweep" prepare-python "$1" "$work" >"$work/log" 2>&1
  status=$?
  grep -q "gate $2" "$work/log"
  check "$1 is refused, naming gate $2 (exit $status: $(head -c 200 "$work/log"))" $((status == 0 || $? != 0))
  [ -f "$patchsets/$2.toml" ]
  check "gate $2 is in the catalog" $?
done
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
