# What the work folder's lock promises (tests/sweep/sweep.sh): while one process holds WORK/.lock,
# `compile`, `reapply`, `bundle` and `link` on WORK are refused at once, naming the folder, and change
# nothing; once it is free, they get past the lock (here to their next complaint: no configure).
# tests/built/libtorch.sh's build and check are refused the same way; cuda.sh compile, windows.sh
# reconfigure and wheel.sh build refuse an unprepared folder in the same words (work.sh's prepared_at).
# The slice (tests/sweep/slice.sh) on a busy folder fails, saying its compile before `apply` did not
# run, rather than judging an earlier slice's results.
set -u
sweep="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/sweep.sh"
work="$(mktemp -d)" && trap 'rm -rf "$work"' EXIT
failures=0 checks=0
check() { # WHAT STATUS
  checks=$((checks + 1))
  if [ "$2" -eq 0 ]; then echo "ok: $1"; else echo "FAILED: $1"; failures=$((failures + 1)); fi
}
for verb in "compile $work gcc" "reapply $work" "bundle $work gcc $work/out"; do
  set -- $verb
  flock "$work/.lock" bash "$sweep" "$@" >"$work/log" 2>&1
  status=$?
  grep -q "$work is busy" "$work/log"
  named=$?
  check "sweep.sh $1 is refused while the lock is held (exit $status: $(head -c 200 "$work/log"))" $((status == 0 || named != 0))
done
check "a refused command leaves the folder as it was" "$(find "$work" -mindepth 1 ! -name .lock ! -name log | wc -l)"
TORCHPATCH=/bin/false bash "$sweep" compile "$work" gcc >"$work/log" 2>&1
grep -q "has no configure" "$work/log"
check "with the lock free, compile gets past it ($(head -c 200 "$work/log"))" $?

# link: a folder prepare has not made is refused before the lock; a prepared one that is busy after it
bash "$sweep" link 2.6.0 "$work" >"$work/log" 2>&1
status=$?
grep -q "is not prepared: run prepare first" "$work/log"
check "link refuses a folder prepare has not made (exit $status: $(head -c 200 "$work/log"))" $((status == 0 || $? != 0))
touch "$work/.done-apply"
flock "$work/.lock" bash "$sweep" link 2.6.0 "$work" >"$work/log" 2>&1
status=$?
grep -q "$work is busy" "$work/log"
check "sweep.sh link is refused while the lock is held (exit $status: $(head -c 200 "$work/log"))" $((status == 0 || $? != 0))
check "and configures nothing" "$(find "$work" -mindepth 1 ! -name .lock ! -name log ! -name .done-apply | wc -l)"
rm "$work/.done-apply"

# tests/built/libtorch.sh: build and check refuse a folder prepare has not made, and a busy one
libtorch="$(dirname "$sweep")/../built/libtorch.sh"
bash "$libtorch" build 1.13.1 "$work" >"$work/log" 2>&1
status=$?
grep -q "is not prepared" "$work/log"
check "libtorch.sh build refuses a folder prepare has not made (exit $status: $(head -c 200 "$work/log"))" $((status == 0 || $? != 0))
touch "$work/.done-configure"
for verb in build check; do
  flock "$work/.lock" bash "$libtorch" "$verb" 1.13.1 "$work" '^c10_' >"$work/log" 2>&1
  status=$?
  grep -q "$work is busy" "$work/log"
  check "libtorch.sh $verb is refused while the lock is held (exit $status: $(head -c 200 "$work/log"))" $((status == 0 || $? != 0))
done
check "and runs nothing" "$(find "$work" -mindepth 1 ! -name .lock ! -name log ! -name .done-configure | wc -l)"
rm "$work/.done-configure"

# every command that needs a prepared folder says so in the same words (work.sh's prepared_at)
for command in "cuda.sh compile $work nvcc" "windows.sh reconfigure 2.6.0 $work" "../built/wheel.sh build 2.6.0 $work"; do
  # shellcheck disable=SC2086 # the command's words
  bash "$(dirname "$sweep")"/$command >"$work/log" 2>&1
  status=$?
  grep -q "$work is not prepared: run prepare first" "$work/log"
  check "${command%% *} refuses a folder prepare has not made (exit $status: $(head -c 200 "$work/log"))" $((status == 0 || $? != 0))
done
check "and leaves the folder as it was" "$(find "$work" -mindepth 1 ! -name log ! -name .lock | wc -l)"

# the slice on a busy folder: an earlier slice's results (here: every known failure failing) must not count
touch "$work/.done-default-clang" && mkdir -p "$work/results"
for compiler in gcc clang; do
  sed 's/.*/{"output": "&", "status": "failed", "log": "", "first_error": "x"}/' \
    "$(dirname "$sweep")/results/2.6.0-gcc-failed-before-rest.txt" >"$work/results/$compiler-before-slice.jsonl"
done
flock "$work/.lock" bash "$(dirname "$sweep")/slice.sh" /bin/true "$work" 2.6.0 >"$work/log" 2>&1
status=$?
check "the slice fails on a busy folder (exit $status)" $((status == 0))
grep -q "the compile before apply did not run" "$work/log"
check "it says that its compile before apply did not run ($(grep -m1 'did not run' "$work/log" | head -c 200))" $?
tail -n 1 "$work/log" | grep -qx "0 passed, 4 failed"
check "every one of its four verdicts fails ($(tail -n 1 "$work/log"))" $?
echo "$((checks - failures)) of $checks checks passed"
[ "$failures" -eq 0 ]
