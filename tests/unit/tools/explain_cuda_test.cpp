// `explain` on real CUDA build output (tests/logs/cuda-*.log, made by Debian's nvcc 12.4, g++-13
// and CMake 4 in tests/cuda's root, and by NVIDIA's nvcc 13.0 with g++ 12 for issue #40): each
// names the patchset or gate that the error belongs to.
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "explained_log.hpp"

using tp::test::explained_ids;

TEST_SUITE("tools::explain cuda logs") {
  TEST_CASE("no GPU, CUDA 12.4, 1.13.1's common list: the compute_35 patchset and the arch gate") {
    CHECK(explained_ids("cuda-1.13.1-no-gpu-nvcc-12.4.log") ==
          std::vector<std::string>{"cuda-arch-below-5-needs-cuda-11",
                                   "select-compute-arch-cuda12-drop-3-5"});
  }
  TEST_CASE("TORCH_CUDA_ARCH_LIST=12.0 on 1.13.1's select_compute_arch.cmake") {
    CHECK(explained_ids("cuda-1.13.1-arch-12.0-cmake.log") ==
          std::vector<std::string>{"select-compute-arch-names"});
  }
  TEST_CASE("compute_120 with nvcc 12.4") {
    CHECK(explained_ids("cuda-nvcc-12.4-compute-120.log") ==
          std::vector<std::string>{"cuda-arch-needs-cuda-12-8"});
  }
  TEST_CASE("nvcc 12.4 with g++-16") {
    CHECK(explained_ids("cuda-nvcc-12.4-gcc-16.log") ==
          std::vector<std::string>{"nvcc-host-compiler-unsupported"});
  }
  TEST_CASE("thrust::swap in 1.13.1's LinearAlgebra.cu with nvcc 12.4") {
    CHECK(explained_ids("cuda-1.13.1-thrust-swap-nvcc-12.4.log") ==
          std::vector<std::string>{"thrust-swap-include"});
  }
  TEST_CASE("1.13.1's CUDAGraph.cpp with CUDA 12.4's headers") {
    CHECK(explained_ids("cuda-1.13.1-cudagraph-gxx-13.log") ==
          std::vector<std::string>{"cuda-12-needs-2-0"});
  }
  TEST_CASE("1.13.1's quantization_gpu.cu with nvcc 12.4 and g++-13: boxing.h's has_ivalue_to") {
    CHECK(explained_ids("cuda-1.13.1-boxing-nvcc-12.4.log") ==
          std::vector<std::string>{"boxing-has-ivalue-to-nvcc"});
  }
  TEST_CASE("2.6.0's Nonzero.cu with nvcc 13.0: CCCL 3's removed CUB iterators and operators") {
    CHECK(explained_ids("cuda-2.6.0-nvcc-13.0-cub.log") ==
          std::vector<std::string>{"cuda-13-needs-2-9"});
  }
  TEST_CASE("2.6.0's CUDAHooks.cpp with CUDA 13.0's cuFFT: the removed error codes") {
    CHECK(explained_ids("cuda-2.6.0-cuda-13.0-cufft-gxx-12.log") ==
          std::vector<std::string>{"cuda-13-needs-2-9"});
  }
}
