#!/usr/bin/env bash
# Debian's real 2.6.0 tree configured with USE_CUDA=ON, USE_CUDNN=OFF, no GPU, by CMake 4.3.4 with
# nvcc 12.4 (C++ compiler: sid's g++, 16; nvcc's host compiler: Debian's wrapper picks g++-13).
# Debian's dfsg tarball has no submodule content, so the features that need one are off
# (distributed, fbgemm, kineto, MKL-DNN, NNPACK, XNNPACK, QNNPACK, flash / memory-efficient
# attention, cuSPARSELt, NCCL, ITT, Python), and the configure still stops later, at
# third_party/protobuf and third_party/pocketfft (both empty): what is checked is the CUDA part,
# which runs before that.
#   TORCH_CUDA_ARCH_LIST unset: "Automatic GPU detection failed. Building for common
#     architectures." with no 3.5 (2.6.0 has upstream's pytorch#114930, so
#     select-compute-arch-cuda12-drop-3-5 is not-applicable there) and flags nvcc 12.4 accepts.
#   TORCH_CUDA_ARCH_LIST=8.9;12.0: accepted by 2.6.0's regex (select-compute-arch-names is
#     upstream's there): compute_120, which nvcc 12.4 refuses (select_compute_arch.sh checks that).
set -uo pipefail
source "$TP_REPO/tests/cuda/lib.sh"
tp_sid_root || tp_fail "no CUDA root"
source "$TP_REPO/tests/real/get_trees.sh"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
tarball="$(tp_real_tarball 2.6.0)" || tp_fail "no Debian tree of 2.6.0 (tests/real/get_trees.sh)"
mkdir -p "$tmp/src" && tar -xJf "$tarball" -C "$tmp/src" --strip-components=1 || tp_fail "extracting 2.6.0"

off='-DUSE_CUDNN=OFF -DUSE_NCCL=OFF -DUSE_DISTRIBUTED=OFF -DUSE_FBGEMM=OFF -DUSE_KINETO=OFF
     -DUSE_MKLDNN=OFF -DUSE_NNPACK=OFF -DUSE_XNNPACK=OFF -DUSE_PYTORCH_QNNPACK=OFF -DBUILD_TEST=OFF
     -DUSE_FLASH_ATTENTION=OFF -DUSE_MEM_EFF_ATTENTION=OFF -DUSE_CUSPARSELT=OFF -DUSE_ITT=OFF
     -DUSE_MAGMA=OFF -DBUILD_PYTHON=OFF -DUSE_NUMPY=OFF -DUSE_OPENMP=OFF -DUSE_SYSTEM_NVTX=ON'
configure() { # LIST LOG
  sid "$tmp" "export TORCH_CUDA_ARCH_LIST='$1'; [ -n '$1' ] || unset TORCH_CUDA_ARCH_LIST
    cmake -S src -B build -G Ninja -DUSE_CUDA=ON $(echo $off) -DPYTHON_EXECUTABLE=/usr/bin/python3" >"$2" 2>&1
}
configure "" "$tmp/unset.log"
grep -q 'Found CUDAToolkit: /usr/include (found version "12.4' "$tmp/unset.log" ||
  { cat "$tmp/unset.log" >&2; tp_fail "2.6.0's configure did not find Debian's CUDA 12.4"; }
grep -q 'Automatic GPU detection failed. Building for common architectures.' "$tmp/unset.log" ||
  { cat "$tmp/unset.log" >&2; tp_fail "2.6.0: no fallback to the common architectures without a GPU"; }
archs="$(sed -n 's/^-- Autodetected CUDA architecture(s): //p' "$tmp/unset.log")"
[ -n "$archs" ] && ! grep -qE '(^|;)3\.[0-9]' <<<"$archs" ||
  { cat "$tmp/unset.log" >&2; tp_fail "2.6.0's common list holds an architecture below 5.0: $archs"; }
flags="$(sed -n 's/^-- Added CUDA NVCC flags for: //p' "$tmp/unset.log" | tr ';' ' ')"
printf '__global__ void k(float* x) { x[threadIdx.x] *= 2.0f; }\n' >"$tmp/k.cu"
sid "$tmp" "nvcc -c k.cu -o k.o $flags" >"$tmp/k.log" 2>&1 || { cat "$tmp/k.log" >&2; tp_fail "nvcc 12.4 refuses 2.6.0's default flags: $flags"; }
echo "ok   2.6.0, no GPU, no list: $archs; nvcc 12.4 compiles with its flags"
echo "     the configure then stops at: $(grep -m1 -A1 'CMake Error' "$tmp/unset.log" | tail -1 | sed 's/^ *//')"

configure "8.9;12.0" "$tmp/set.log"
grep -q 'arch=compute_120,code=sm_120' "$tmp/set.log" && ! grep -q 'Unknown CUDA Architecture Name' "$tmp/set.log" ||
  { cat "$tmp/set.log" >&2; tp_fail "2.6.0 with TORCH_CUDA_ARCH_LIST=8.9;12.0: no compute_120 flag"; }
echo "ok   2.6.0, TORCH_CUDA_ARCH_LIST=8.9;12.0: $(sed -n 's/^-- Added CUDA NVCC flags for: //p' "$tmp/set.log")"
