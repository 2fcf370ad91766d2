#!/usr/bin/env bash
# Configures and builds torchpatch into build/ (or $TP_BUILD_DIR). Extra arguments go to cmake.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${TP_BUILD_DIR:-$here/build}"
cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE="${TP_BUILD_TYPE:-RelWithDebInfo}" "$@"
cmake --build "$build"
