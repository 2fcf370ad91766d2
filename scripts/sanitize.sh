#!/usr/bin/env bash
# The whole test suite under AddressSanitizer + UndefinedBehaviorSanitizer (and LeakSanitizer):
# a Debug build with -DTP_SANITIZE=ON in build-sanitize (or $TP_SANITIZE_BUILD_DIR), then ctest.
# Extra arguments go to cmake. Any sanitizer report fails the run (-fno-sanitize-recover=all).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${TP_SANITIZE_BUILD_DIR:-$here/build-sanitize}"

source "$here/scripts/lib/ccache.sh"
tp_ccache_setup "$here"
cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DTP_SANITIZE=ON -DTP_WERROR=ON \
      "${tp_ccache_args[@]}" "$@"
cmake --build "$build"

# Only the one known leak is suppressed (tests/lsan.supp says which); leak checking stays on.
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export LSAN_OPTIONS="suppressions=$here/tests/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
# The hostile suite's 200 MB file is 20 MB here: this run checks memory safety, the normal ctest
# run checks the size.
export TP_HOSTILE_HUGE_MB="${TP_HOSTILE_HUGE_MB:-20}"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
# The toolchain, windows, cuda and msvc-stl labels judge the catalog with other programs (the sid
# root's compilers, torchpatch.exe under Wine, the real nvcc, clang-cl with Microsoft's STL): their
# time goes to those compilers (cuda 552 s and msvc-stl 644 s of the last run, about 10 minutes of
# .ci/run's wall time on two cores), and their torchpatch calls (apply --only, revert, explain on a
# few real files) are the commands e2e and real run under the sanitizers. They run once, in test.sh.
ctest --test-dir "$build" --output-on-failure -j2 -LE 'toolchain|windows|cuda|msvc-stl'
