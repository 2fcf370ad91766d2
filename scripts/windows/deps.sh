#!/usr/bin/env bash
# deps.sh: the Windows dependencies of torchpatch.exe; the recipe is scripts/static_deps.sh, shared
# with the portable Linux binary. Prints the install prefix (the last line of its output).
set -euo pipefail
exec bash "$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/scripts/static_deps.sh" windows
