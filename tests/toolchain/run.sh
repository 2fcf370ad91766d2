#!/usr/bin/env bash
# Runs every check in tests/toolchain/checks/ against today's real tools (the sid root of lib.sh).
# Usage: run.sh TORCHPATCH [CHECK...]   (TORCHPATCH: the binary under test; CHECK: names of checks to
# run, default all). Each check runs as `bash checks/NAME.sh` with TORCHPATCH and TP_REPO set.
# The last line is exactly "N passed, N failed"; the exit status is non-zero on any failure.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
[ $# -ge 1 ] || { echo "usage: run.sh TORCHPATCH [CHECK...]" >&2; exit 2; }
TORCHPATCH="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; shift
[ -x "$TORCHPATCH" ] || { echo "toolchain: $TORCHPATCH is not an executable" >&2; exit 2; }
TP_REPO="$(cd "$here/../.." && pwd)"
export TORCHPATCH TP_REPO

# Set the root up once, here, so that a failure to make it is one clear failure, not one per check.
# shellcheck source=lib.sh
source "$here/lib.sh"
started=$SECONDS
if ! tp_sid_root; then
  echo "toolchain: the sid root could not be set up; no check ran"
  echo "0 passed, 1 failed"
  exit 1
fi
echo "toolchain: sid root ready in $((SECONDS - started)) s ($TP_SID_ROOT)"

if [ $# -gt 0 ]; then
  checks=()
  for name in "$@"; do checks+=("$here/checks/${name%.sh}.sh"); done
else
  checks=("$here"/checks/*.sh)
fi
pass=0; fail=0
for check in "${checks[@]}"; do
  name="$(basename "$check" .sh)"
  if [ ! -f "$check" ]; then
    echo "FAILED: $name (no such check: $check)"; fail=$((fail + 1)); continue
  fi
  echo "== $name"
  t0=$SECONDS
  if bash "$check"; then
    pass=$((pass + 1)); echo "ok: $name ($((SECONDS - t0)) s)"
  else
    fail=$((fail + 1)); echo "FAILED: $name ($((SECONDS - t0)) s)"
  fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
