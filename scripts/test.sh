#!/usr/bin/env bash
# The test job from nothing: install, build with warnings as errors, run the whole suite through ctest.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$here/scripts/setup.sh"
"$here/scripts/build.sh" -DTP_WERROR=ON "$@"
build="${TP_BUILD_DIR:-$here/build}"
ctest --test-dir "$build" --output-on-failure -j2
# Sanitizers, fuzzing and the Windows cross-check (docs/security.md).
"$here/scripts/sanitize.sh"
"$here/scripts/fuzz.sh" 60
"$here/scripts/cross_check_windows.sh"
