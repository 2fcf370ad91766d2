# The sweep's slice (issue #24): what CI can afford of tests/sweep/sweep.sh on a prepared work folder.
#
#   bash tests/sweep/slice.sh TORCHPATCH WORK VERSION
#
# For GCC 16 and Clang 21: a fixed sample of about 100 translation units drawn from every target
# (seed "slice"), plus every unit the committed sweeps of the compiler's own configure saw fail
# before `apply` (tests/sweep/results/VERSION-COMPILER-failed-PHASE.txt: `before`, a whole sweep;
# `before-rest`, every unit outside torch_cpu; `before-torchcpu`, torch_cpu's; the samples, Clang's `clangconf`, GCC's `sample300`;
# not Clang's `sample300`, which compiled GCC's commands).
# - after `apply`, every one of them must compile;
# - before `apply` (`torchpatch revert`, then `apply` again), each known failure must still fail,
#   and `torchpatch explain` must name a patchset or gate for its log.
# The last line is exactly "N passed, N failed".
set -u
[ $# -eq 3 ] || { echo "usage: slice.sh TORCHPATCH WORK VERSION" >&2; exit 2; }
SWEEP_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export TORCHPATCH="$1"
work="$2" version="$3" pass=0 fail=0
[ -f "$work/.done-default-clang" ] || { echo "slice: $work is not a prepared sweep (tests/sweep/sweep.sh prepare)"; echo "0 passed, 1 failed"; exit 1; }

verdict() { # OK WHAT
  if [ "$1" = 0 ]; then pass=$((pass + 1)); echo "ok: $2"; else fail=$((fail + 1)); echo "FAILED: $2"; fi
}

for compiler in gcc clang; do
  # every failure before `apply` that the committed results of this compiler's own configure name
  known_files=()
  for phase in before before-rest before-torchcpu before-clangconf before-sample300; do
    case "$compiler-$phase" in gcc-before-clangconf | clang-before-sample300) continue ;; esac
    [ -f "$SWEEP_DIR/results/$version-$compiler-failed-$phase.txt" ] &&
      known_files+=("$SWEEP_DIR/results/$version-$compiler-failed-$phase.txt")
  done
  [ ${#known_files[@]} -gt 0 ] || { verdict 1 "$compiler: no sweep results for $version (tests/sweep/results)"; continue; }
  echo "slice: $compiler: the known failures of $(printf '%s ' "${known_files[@]##*/}")"
  known="$work/slice-known.txt"
  sort -u "${known_files[@]}" >"$known"
  bash "$SWEEP_DIR/sweep.sh" compile "$work" "$compiler" after-slice --sample 100 --seed slice --files /w/slice-known.txt \
    >"$work/slice-$compiler-after.log" 2>&1
  verdict $? "$compiler after apply: $(tail -n 1 "$work/slice-$compiler-after.log")"
  if [ ! -s "$known" ]; then
    verdict 0 "$compiler before apply: the full sweep saw no failure to keep"
    continue
  fi
  # (no results of an earlier slice may stand in for a compile that did not run: a busy work folder)
  rm -f "$work/results/$compiler-before-slice.jsonl"
  bash "$SWEEP_DIR/sweep.sh" compile "$work" "$compiler" before-slice --files /w/slice-known.txt >"$work/slice-$compiler-before.log" 2>&1
  python3 - "$work" "$compiler" "$TORCHPATCH" <<'PY'
import json, os, subprocess, sys
work, compiler, torchpatch = sys.argv[1:]
bad = 0
results = f"{work}/results/{compiler}-before-slice.jsonl"
if not os.path.exists(results):
    sys.exit(f"  the compile before apply did not run: {open(f'{work}/slice-{compiler}-before.log').read().strip()[-300:]}")
for line in open(results):
    r = json.loads(line)
    if r["status"] != "failed":
        print(f"  {r['output']}: compiled before apply, but the last full sweep saw it fail"); bad += 1; continue
    out = subprocess.run([torchpatch, "-C", f"{work}/src", "--format", "json", "explain", work + r["log"][2:]],
                         stdout=subprocess.PIPE, text=True).stdout
    if not json.loads(out or "{}").get("matches"):
        print(f"  {r['output']}: torchpatch explain names nothing for: {r['first_error']}"); bad += 1
sys.exit(1 if bad else 0)
PY
  verdict $? "$compiler before apply: each of the $(wc -l <"$known") known failures fails, and explain names its fix"
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
