#!/usr/bin/env bash
# Runs every check in tests/cuda/checks/ against a real CUDA toolchain: Debian's nvcc 12.4 with its
# host g++-13 and CMake 4, in the root of tests/cuda/lib.sh (no GPU: nvcc compiles, CMake
# configures). Usage: run.sh TORCHPATCH [CHECK...]; each check runs as `bash checks/NAME.sh` with
# TORCHPATCH and TP_REPO set. The last line is exactly "N passed, N failed".
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/../toolchain/runner.sh"
tp_runner_binary cuda "${1:-}"; shift
# shellcheck source=lib.sh
source "$here/lib.sh"
tp_runner_root cuda
echo "cuda: $(sid /tmp 'nvcc --version | tail -2 | head -1')"
tp_runner_checks "$here/checks" "$@"
