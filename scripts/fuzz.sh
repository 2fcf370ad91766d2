#!/usr/bin/env bash
# fuzz.sh                      the CI run: deterministic, the same result on every run of a commit
# fuzz.sh --random SECONDS     a maintainer's run: a random seed for SECONDS per target
# Builds the libFuzzer targets of fuzz/ with clang (ASan+UBSan+LSan) into build-fuzz (or
# $TP_FUZZ_BUILD_DIR). For each target the CI run first replays every input of its committed
# corpus fuzz/corpus/<target>/ once (a crash found before stays fixed), then fuzzes from that corpus
# with a fixed seed for a fixed number of executions (TP_FUZZ_SEED, TP_FUZZ_RUNS; see runs_of),
# keeping what it finds in a temporary folder: a failure there is a new crash, and it fails again
# on the next run of the same commit. The random run keeps its finds in fuzz/corpus-work/<target>/
# (ignored by git) and runs past the committed corpus on a seed of libFuzzer's choosing. A crash
# leaves its input in build-fuzz/artifacts/<target>/ and fails the script; to keep it, add it to
# fuzz/corpus/<target>/ with the fix. Leak checking is on, with the suppressions of tests/lsan.supp
# (the sanitizer run's: known leaks inside third-party libraries only, each with its reason).
# Warnings are shown but not errors here: clang flags libgit2's own init macros
# (-Wmissing-field-initializers); the gcc build of scripts/test.sh is the -Werror gate.
# Installs clang and libclang-rt-14-dev with apt-get when they are missing.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mode=ci seconds=0
if [ "${1:-}" = "--random" ]; then
  mode=random seconds="${2:?usage: fuzz.sh [--random SECONDS]}"
elif [ $# -gt 0 ]; then
  echo "usage: fuzz.sh [--random SECONDS]" >&2; exit 2
fi
seed="${TP_FUZZ_SEED:-1}"
build="${TP_FUZZ_BUILD_DIR:-$here/build-fuzz}"
targets=(catalog_loader cmake_lexer version text unified_diff plan_diff)
# The CI run's executions per target (TP_FUZZ_RUNS sets one count for all): about half a minute
# each on 2 idle cores; the loader and the plan round trip run a few hundred inputs a second, the
# lexers and the text layer thousands.
runs_of() {
  if [ -n "${TP_FUZZ_RUNS:-}" ]; then echo "$TP_FUZZ_RUNS"; return; fi
  case "$1" in catalog_loader | plan_diff) echo 30000 ;; *) echo 200000 ;; esac
}

missing=()
for p in clang libclang-rt-14-dev; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  echo "fuzz: installing ${missing[*]}"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

source "$here/scripts/lib/ccache.sh"
tp_ccache_setup "$here"
cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "${tp_ccache_args[@]}" \
      -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
      -DTP_FUZZ=ON -DTP_BUILD_TESTS=OFF -DTP_WERROR=OFF >/dev/null
cmake --build "$build" --target "${targets[@]/#/fuzz_}"

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:symbolize=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
export LSAN_OPTIONS="suppressions=$here/tests/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

# common_flags: what every libFuzzer run here takes.
common_flags=(-max_len=4096 -timeout=20 -rss_limit_mb=4096 -print_final_stats=1)
# replay_corpus TARGET ARTIFACTS LOG: each committed input once (files as arguments: run, not fuzzed).
replay_corpus() {
  local corpus=("$here/fuzz/corpus/$1"/*)
  "$build/fuzz/fuzz_$1" "${common_flags[@]}" -artifact_prefix="$2/" "${corpus[@]}" >"$3" 2>&1
}
# fuzz_target TARGET ARTIFACTS LOG: the CI run's fixed seed and count, or the random run's time.
fuzz_target() {
  local t="$1" artifacts="$2" log="$3" work
  if [ "$mode" = ci ]; then
    work="$(mktemp -d)"
    "$build/fuzz/fuzz_$t" "$work" "$here/fuzz/corpus/$t" "${common_flags[@]}" -seed="$seed" \
        -runs="$(runs_of "$t")" -artifact_prefix="$artifacts/" >>"$log" 2>&1 || { rm -rf "$work"; return 1; }
    rm -rf "$work"
  else
    work="$here/fuzz/corpus-work/$t"
    mkdir -p "$work"
    "$build/fuzz/fuzz_$t" "$work" "$here/fuzz/corpus/$t" "${common_flags[@]}" \
        -max_total_time="$seconds" -artifact_prefix="$artifacts/" >>"$log" 2>&1
  fi
}

failed=()
summary=""
for t in "${targets[@]}"; do
  artifacts="$build/artifacts/$t"
  log="$build/fuzz-$t.log"
  mkdir -p "$artifacts"
  status=0 what=""
  if [ "$mode" = ci ]; then
    echo "fuzz: $t: the committed corpus, then seed $seed for $(runs_of "$t") executions"
    replay_corpus "$t" "$artifacts" "$log" || { status=$?; what="replaying fuzz/corpus/$t"; }
    [ "$status" -ne 0 ] || fuzz_target "$t" "$artifacts" "$log" || { status=$?; what="seed $seed"; }
  else
    echo "fuzz: $t for ${seconds}s (random seed)"
    fuzz_target "$t" "$artifacts" "$log" || { status=$?; what="random run"; }
  fi
  execs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)"
  if [ "$status" -ne 0 ]; then
    failed+=("$t")
    tail -n 60 "$log" >&2
    summary+="$(printf '%-16s FAILED (exit %s, %s) after %s executions; input in %s' "$t" "$status" "$what" "${execs:-?}" "$artifacts")"$'\n'
  else
    summary+="$(printf '%-16s %12s executions, no crash' "$t" "${execs:-?}")"$'\n'
  fi
done
printf '\nfuzz summary (%s):\n%s' "$([ "$mode" = ci ] && echo "corpus, then seed $seed" || echo "random, ${seconds}s each")" "$summary"
if [ "${#failed[@]}" -gt 0 ]; then
  echo "fuzz: crashes in: ${failed[*]} (logs in $build/fuzz-<target>.log)" >&2
  exit 1
fi
