#!/usr/bin/env bash
# Runs every check in tests/cuda/checks/ against a real CUDA toolchain: Debian's nvcc 12.4 with its
# host g++-13 and CMake 4, in the root of tests/cuda/lib.sh (no GPU: nvcc compiles, CMake
# configures). Usage: run.sh TORCHPATCH [CHECK...]; each check runs as `bash checks/NAME.sh` with
# TORCHPATCH and TP_REPO set. The last line is exactly "N passed, N failed".
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
[ $# -ge 1 ] || { echo "usage: run.sh TORCHPATCH [CHECK...]" >&2; exit 2; }
TORCHPATCH="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; shift
[ -x "$TORCHPATCH" ] || { echo "cuda: $TORCHPATCH is not an executable" >&2; exit 2; }
TP_REPO="$(cd "$here/../.." && pwd)"
export TORCHPATCH TP_REPO

# shellcheck source=lib.sh
source "$here/lib.sh"
started=$SECONDS
if ! tp_sid_root; then
  echo "cuda: the CUDA root could not be set up; no check ran"
  echo "0 passed, 1 failed"
  exit 1
fi
echo "cuda: root ready in $((SECONDS - started)) s ($TP_SID_ROOT): $(sid /tmp 'nvcc --version | tail -2 | head -1')"

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
