#!/usr/bin/env bash
# Real CUDA sources of Debian's 1.13.1 tree against Debian's CUDA 12.4 (no GPU; compile only), with
# the tree's own headers and the few that its configure and torchgen generate (made here by the
# real CMake's configure_file and `python3 -m torchgen.gen --generate headers`):
#   thrust-swap-include: nvcc 12.4 compiles aten/src/ATen/native/cuda/LinearAlgebra.cu for sm_80;
#     before `torchpatch apply` it fails with an error of the patchset's `errors` (explain names
#     it), after it compiles.
#   cuda-12-needs-2-0: g++-13 (nvcc's host compiler) on aten/src/ATen/cuda/CUDAGraph.cpp fails on
#     the CUDA 11 form of cudaGraphInstantiate (an error of the gate's `errors`), CUDA 12.4's
#     cuda_profiler_api.h declares no cudaProfilerInitialize (which torch/csrc/cuda/shared/cudart.cpp
#     binds), and torchpatch, detecting CUDA 12.4 in the root's Debian layout, says the gate blocks.
set -uo pipefail
source "$TP_REPO/tests/cuda/lib.sh"
tp_sid_root || tp_fail "no CUDA root"
source "$TP_REPO/tests/real/get_trees.sh"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
la=aten/src/ATen/native/cuda/LinearAlgebra.cu

tarball="$(tp_real_tarball 1.13.1)" || tp_fail "no Debian tree of 1.13.1 (tests/real/get_trees.sh)"
mkdir -p "$tmp/src" "$tmp/before"
tar -xJf "$tarball" -C "$tmp/src" --strip-components=1 --wildcards '*/aten/src' '*/c10' '*/torchgen' || tp_fail "extracting 1.13.1"
mkdir -p "$tmp/before/$(dirname "$la")" && cp -p "$tmp/src/$la" "$tmp/before/$la"
tp_checkout "$tmp/before" 1.13.1
cp -a "$tmp/before" "$tmp/after"
tp_apply "$tmp/after" thrust-swap-include

# The headers configure and torchgen generate, as PyTorch's build makes them (CPU parallel backend
# native, no MKL / MKL-DNN / cuDNN / MAGMA).
cat >"$tmp/gen.cmake" <<'CMAKE'
foreach(v AT_MKLDNN_ENABLED AT_MKL_ENABLED AT_MKL_SEQUENTIAL AT_FFTW_ENABLED AT_POCKETFFT_ENABLED
          AT_NNPACK_ENABLED CAFFE2_STATIC_LINK_CUDA_INT AT_BUILD_WITH_BLAS AT_BUILD_WITH_LAPACK
          AT_PARALLEL_OPENMP AT_PARALLEL_NATIVE_TBB AT_BLAS_F2C AT_BLAS_USE_CBLAS_DOT AT_CUDNN_ENABLED
          AT_ROCM_ENABLED AT_MAGMA_ENABLED)
  set(${v} 0)
endforeach()
set(AT_PARALLEL_NATIVE 1)
set(C10_BUILD_SHARED_LIBS ON)
set(C10_CUDA_BUILD_SHARED_LIBS ON)
configure_file(src/c10/macros/cmake_macros.h.in gen/c10/macros/cmake_macros.h)
configure_file(src/c10/cuda/impl/cuda_cmake_macros.h.in gen/c10/cuda/impl/cuda_cmake_macros.h)
configure_file(src/aten/src/ATen/Config.h.in gen/ATen/Config.h)
configure_file(src/aten/src/ATen/cuda/CUDAConfig.h.in gen/ATen/cuda/CUDAConfig.h)
CMAKE
sid "$tmp" 'cmake -P gen.cmake && cd src && python3 -m torchgen.gen --source-path aten/src/ATen -d ../gen/ATen --generate headers' \
  >"$tmp/gen.log" 2>&1 || { cat "$tmp/gen.log" >&2; tp_fail "generating 1.13.1's headers"; }

flags='-std=c++14 -Isrc/aten/src -Isrc -Igen'
for side in before after; do
  sid "$tmp" "nvcc $flags -arch=sm_80 --expt-relaxed-constexpr --expt-extended-lambda -w -c $side/$la -o $side.o" \
    >"$tmp/$side/nvcc.log" 2>&1
  echo $? >"$tmp/$side/nvcc.status"
done
expect_fail_explained "$(cat "$tmp/before/nvcc.status")" thrust-swap-include "$tmp/before/nvcc.log"
echo "ok   1.13.1 $la before: $(grep -m1 'error:' "$tmp/before/nvcc.log" | sed 's/^.*error: //')"
expect_ok "$(cat "$tmp/after/nvcc.status")" "$tmp/after/nvcc.log"
echo "ok   1.13.1 $la after apply: compiles with $(sid "$tmp" 'nvcc --version | tail -2 | head -1')"

# cuda-12-needs-2-0, judged: the real tree's CUDAGraph.cpp with nvcc's host compiler.
sid "$tmp" "g++-13 $flags -fsyntax-only src/aten/src/ATen/cuda/CUDAGraph.cpp" >"$tmp/graph.log" 2>&1
expect_explained $? cuda-12-needs-2-0 "$tmp/graph.log"
echo "ok   1.13.1 aten/src/ATen/cuda/CUDAGraph.cpp with CUDA 12.4's headers: $(grep -m1 'error:' "$tmp/graph.log" | sed 's/^.*error: //')"
if grep -q cudaProfilerInitialize "$TP_SID_ROOT/usr/include/cuda_profiler_api.h"; then
  tp_fail "CUDA 12.4's cuda_profiler_api.h declares cudaProfilerInitialize: the gate's why is wrong"
fi
out="$(env -i PATH="$TP_SID_ROOT/usr/bin" "$TORCHPATCH" -C "$tmp/before" list 2>&1)"
grep -qE "^gate blocks +cuda-12-needs-2-0( |\$)" <<<"$out" || { echo "$out" >&2; tp_fail "cuda-12-needs-2-0 does not block with CUDA 12.4 detected"; }
echo "ok   cuda-12-needs-2-0 blocks on 1.13.1 with the root's CUDA 12.4 detected (Debian layout)"
