#!/usr/bin/env bash
# The test job from nothing: install, build with warnings as errors, build the release artefacts
# (scripts/package.sh: the portable Linux binary, torchpatch.exe, the wheels), run the whole suite
# through ctest (unit, e2e, hostile, catalog, behaviour, structure, and the labels real: Debian's
# release trees, toolchain: a Debian sid root's CMake 4 / GCC 15-16 / Clang 21, windows:
# torchpatch.exe under Wine, dist: the artefacts), then the sanitizers, fuzzing and the Windows
# syntax check.
# Downloads, the sid root and the cross-built dependencies are cached under
# ${TP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/torchpatch}. Each step prints what it cost.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
step() {  # step NAME COMMAND...: runs COMMAND, then says how long it took
  local name="$1" start=$SECONDS; shift
  "$@"
  echo "test.sh: $name took $((SECONDS - start)) s"
}
step setup "$here/scripts/setup.sh"
# No test may write into the source tree (tests copy what they run into temporary folders): what
# `git status` shows now, before anything ran, is what it must show after the whole run.
if ! git -C "$here" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  echo "test.sh: $here is not a git checkout: cannot check that the suite leaves the source tree alone" >&2
  exit 1
fi
tree_status() { git -C "$here" status --porcelain --untracked-files=all; }
status_before="$(tree_status)"
step build "$here/scripts/build.sh" -DTP_WERROR=ON -DTP_DIST_TESTS=ON "$@"
build="${TP_BUILD_DIR:-$here/build}"
# Every release artefact into dist/ (docs/release.md), which the dist label checks; the windows
# label runs its torchpatch.exe under Wine (docs/windows.md).
step package "$here/scripts/package.sh"
step ctest ctest --test-dir "$build" --output-on-failure -j2
# The sweep's slice runs only where prepared work folders are (tests/CMakeLists.txt): say so when not.
if ! ctest --test-dir "$build" -N -L sweep-slice | grep -q 'sweep-slice-'; then
  echo "test.sh: the sweep slice (ctest -L sweep-slice) was not run: no prepared work folders in" \
    "$(sed -n 's/^TP_SWEEP_WORK_USED:INTERNAL=//p' "$build/CMakeCache.txt") (docs/authoring.md, section 8)"
fi
# Sanitizers, fuzzing and the Windows cross-check (docs/security.md).
step sanitize "$here/scripts/sanitize.sh"
step fuzz "$here/scripts/fuzz.sh"
step cross_check_windows "$here/scripts/cross_check_windows.sh"
status_after="$(tree_status)"
if [ "$status_after" != "$status_before" ]; then
  echo "test.sh: the run changed the source tree; git status --porcelain now shows:" >&2
  comm -13 <(sort <<<"$status_before") <(sort <<<"$status_after") | sed 's/^/  /' >&2
  gone="$(comm -23 <(sort <<<"$status_before") <(sort <<<"$status_after"))"
  [ -z "$gone" ] || { echo "test.sh: and no longer shows:" >&2; sed 's/^/  /' <<<"$gone" >&2; }
  echo "test.sh: a test wrote into $here; tests must work in temporary folders" >&2
  exit 1
fi
[ -z "$status_before" ] || echo "note: the tree was not clean before the run; only new changes were checked" >&2
echo "test.sh: the source tree is as it was before the run"
