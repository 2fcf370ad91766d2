#!/usr/bin/env bash
# fuzz.sh [SECONDS]   (default 60)
# Builds the libFuzzer targets of fuzz/ with clang (ASan+UBSan) into build-fuzz (or
# $TP_FUZZ_BUILD_DIR) and runs each for SECONDS, starting from its committed seed corpus
# fuzz/corpus/<target>/. New inputs go to fuzz/corpus-work/<target>/ (ignored by git); a crash
# leaves its input in build-fuzz/artifacts/<target>/ and fails the script. Prints the executions
# of each target. Warnings are shown but not errors here: clang flags libgit2's own init macros
# (-Wmissing-field-initializers); the gcc build of scripts/test.sh is the -Werror gate.
# Installs clang and libclang-rt-14-dev with apt-get when they are missing.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${1:-60}"
build="${TP_FUZZ_BUILD_DIR:-$here/build-fuzz}"
targets=(catalog_loader cmake_lexer version text unified_diff plan_diff)

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

cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
      -DTP_FUZZ=ON -DTP_BUILD_TESTS=OFF -DTP_WERROR=OFF >/dev/null
cmake --build "$build" --target "${targets[@]/#/fuzz_}"

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:symbolize=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
export LSAN_OPTIONS="suppressions=$here/tests/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

failed=()
summary=""
for t in "${targets[@]}"; do
  work="$here/fuzz/corpus-work/$t"
  artifacts="$build/artifacts/$t"
  log="$build/fuzz-$t.log"
  mkdir -p "$work" "$artifacts"
  echo "fuzz: $t for ${seconds}s"
  status=0
  "$build/fuzz/fuzz_$t" "$work" "$here/fuzz/corpus/$t" -max_total_time="$seconds" \
      -max_len=4096 -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 \
      -artifact_prefix="$artifacts/" >"$log" 2>&1 || status=$?
  execs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)"
  if [ "$status" -ne 0 ]; then
    failed+=("$t")
    tail -n 60 "$log" >&2
    summary+="$(printf '%-16s FAILED (exit %s) after %s executions; input in %s\n' "$t" "$status" "${execs:-?}" "$artifacts")"$'\n'
  else
    summary+="$(printf '%-16s %12s executions in %ss, no crash' "$t" "${execs:-?}" "$seconds")"$'\n'
  fi
done
printf '\nfuzz summary:\n%s' "$summary"
if [ "${#failed[@]}" -gt 0 ]; then
  echo "fuzz: crashes in: ${failed[*]} (logs in $build/fuzz-<target>.log)" >&2
  exit 1
fi
