#!/usr/bin/env bash
# Configures and builds torchpatch into build/ (or $TP_BUILD_DIR). Extra arguments go to cmake's
# configure step; $TP_BUILD_TARGET builds one target only (default: everything).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${TP_BUILD_DIR:-$here/build}"
source "$here/scripts/lib/ccache.sh"
tp_ccache_setup "$here"
cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE="${TP_BUILD_TYPE:-RelWithDebInfo}" \
      "${tp_ccache_args[@]}" "$@"
if [ -n "${TP_BUILD_TARGET:-}" ]; then
  cmake --build "$build" --target "$TP_BUILD_TARGET"
else
  cmake --build "$build"
fi
