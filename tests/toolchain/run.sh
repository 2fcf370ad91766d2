#!/usr/bin/env bash
# Runs every check in tests/toolchain/checks/ against today's real tools (the sid root of lib.sh).
# Usage: run.sh TORCHPATCH [CHECK...]   (TORCHPATCH: the binary under test; CHECK: names of checks to
# run, default all). Each check runs as `bash checks/NAME.sh` with TORCHPATCH and TP_REPO set.
# The last line is exactly "N passed, N failed"; the exit status is non-zero on any failure.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/runner.sh"
tp_runner_binary toolchain "${1:-}"; shift
# shellcheck source=lib.sh
source "$here/lib.sh"
tp_runner_root toolchain
tp_runner_checks "$here/checks" "$@"
