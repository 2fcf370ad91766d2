#!/usr/bin/env bash
# The main job from nothing: install, build, make a demo checkout from fixtures/, run apply --dry.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$here/scripts/setup.sh"
TP_BUILD_TARGET=torchpatch "$here/scripts/build.sh"
build="${TP_BUILD_DIR:-$here/build}"
demo="$build/demo/v2.0.1"
rm -rf "$demo"
"$here/scripts/make_checkout.sh" "$here/fixtures/v2.0.1" "$demo"
echo "demo checkout: $demo"
status=0
"$build/torchpatch" apply --dry -C "$demo" || status=$?
echo "torchpatch apply --dry exited $status (1 = something conflicts; see the table in README.md)"
[ "$status" -le 1 ]
