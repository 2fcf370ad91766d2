# Sourced by tests/cuda/run.sh and its checks. A second Debian sid root, made by the same mechanism
# as tests/toolchain/lib.sh's (debootstrap, cached, a marker per package list), whose apt sources
# add contrib and non-free: Debian's nvidia-cuda-toolkit 12.4 (nvcc) with its host compiler g++-13,
# and CMake 4 to configure PyTorch with USE_CUDA=ON. No GPU and no driver is needed to compile.
# A root of its own, not the toolchain's: the toolkit is ~1 GB to download and 2.5 GB installed,
# which the toolchain tests must not pay for, and a failure here must not break them.
#
#   TP_CUDA_ROOT  the root (default $TP_CACHE/cuda)
# shellcheck source=../toolchain/lib.sh
TP_SID_ROOT="${TP_CUDA_ROOT:-${TP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/torchpatch}/cuda}"
TP_SID_COMPONENTS="main,contrib,non-free,non-free-firmware"
source "$(dirname "${BASH_SOURCE[0]}")/../toolchain/lib.sh"
# nvidia-cuda-toolkit's Depends lists g++-13 first among host compilers; name it so that apt
# cannot pick another. g++: sid's default GCC (newer than nvcc 12.4 accepts), for the host-compiler
# gate. python3-yaml, python3-typing-extensions: PyTorch's configure and torchgen; python3-six: NNPACK's
# PeachPy, which the CUDA sweep's configure (tests/sweep/cuda.sh) builds as the default build does.
TP_SID_PACKAGES=(nvidia-cuda-toolkit g++-13 g++ cmake ninja-build make python3 python3-yaml
                 python3-typing-extensions python3-six git)

# expect_explained STATUS ID LOG: the command failed and `torchpatch explain LOG` names ID, a
# patchset or a gate (tests/toolchain/lib.sh's expect_fail_explained knows patchsets only).
expect_explained() {
  local status="$1" id="$2" log="$3" json
  [ "$status" -ne 0 ] || { cat "$log" >&2; tp_fail "expected a failure that $id explains"; }
  json="$("$TORCHPATCH" -C "$(dirname "$log")" --torch-version 2.6.0 --format json explain "$log" 2>&1)"
  grep -qE "\"(patchset|gate)\":\"$id\"" <<<"$json" || {
    cat "$log" >&2; echo "$json" >&2; tp_fail "torchpatch explain does not name $id"; }
}
