#!/bin/bash
# fbgemm-utilsavx2-cstdint: include/fbgemm/UtilsAvx2.h as FBGEMM 03b2046 (PyTorch 2.0.1) shapes it
# (std::int32_t used, only <string> included) and a source that includes it first, as
# src/spmmUtilsAvx2.cc does. Before the patch GCC 16, GCC 15 and Clang 21 reject it; after it all
# three compile.
set -u
source "$TP_REPO/tests/toolchain/lib.sh"
source "$TP_REPO/tests/toolchain/cxx.sh"
tp_sid_root || tp_fail "the sid root is not available"
cxx_begin fbgemm-utilsavx2-cstdint
d="$work/tree/third_party/fbgemm/include/fbgemm"
mkdir -p "$d"
cat >"$d/UtilsAvx2.h" <<'CXX'
#pragma once
// This file defines common utilities used in code compiled with avx2/avx512
// flags.

#include <string>

namespace fbgemm {

template <typename BIAS_TYPE = std::int32_t>
struct requantizationParams_t {
  std::int32_t A_zero_point;
  const std::int32_t* B_zero_point;
  std::int32_t C_zero_point;
  std::uint32_t ncols;
};

} // namespace fbgemm
CXX
printf '#include "fbgemm/UtilsAvx2.h"\nint main() { fbgemm::requantizationParams_t<> p{}; return p.A_zero_point; }\n' >"$work/tree/spmm.cc"
build() { echo "cd tree && $1 -std=c++17 -Ithird_party/fbgemm/include spmm.cc -o /w/t-$1 && /w/t-$1"; }

cxx_fails_with before-g++ "$(build g++)" "error: 'int32_t' in namespace 'std' does not name a type"
cxx_fails_with before-g++-15 "$(build g++-15)" "error: 'int32_t' in namespace 'std' does not name a type"
cxx_fails_with before-clang++ "$(build clang++)" "error: no type named 'int32_t' in namespace 'std'"
cxx_apply 2.0.1 fbgemm-utilsavx2-cstdint
for cc in g++ g++-15 clang++; do cxx_passes "after-$cc" "$(build $cc)"; done
echo "fbgemm-utilsavx2-cstdint: passed"
