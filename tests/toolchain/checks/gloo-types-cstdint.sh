#!/bin/bash
# gloo-types-cstdint: gloo/types.h as gloo 5b14351 (PyTorch 1.13.1) shapes it (uint8_t used, only
# <iostream> among its system includes) and a source that includes it first, as gloo/types.cc does.
# Before the patch GCC 16, GCC 15 and Clang 21 (libstdc++ 16) reject it; after it all three compile.
set -u
source "$TP_REPO/tests/toolchain/lib.sh"
source "$TP_REPO/tests/toolchain/cxx.sh"
tp_sid_root || tp_fail "the sid root is not available"
cxx_begin gloo-types-cstdint
mkdir -p "$work/tree/third_party/gloo/gloo"
cat >"$work/tree/third_party/gloo/gloo/types.h" <<'CXX'
#pragma once

#include <iostream>

#ifdef __CUDA_ARCH__
#include <cuda.h>
#endif

namespace gloo {

constexpr uint8_t kGatherSlotPrefix = 0x01;
constexpr uint8_t kAllgatherSlotPrefix = 0x02;

inline std::ostream& operator<<(std::ostream& os, const uint8_t* p) { return os << (const void*)p; }

} // namespace gloo
CXX
printf '#include "gloo/types.h"\nint main() { return gloo::kGatherSlotPrefix - 1; }\n' >"$work/tree/types.cc"
build() { echo "cd tree && $1 -std=c++17 -Ithird_party/gloo types.cc -o /w/t-$1 && /w/t-$1"; }

cxx_fails_with before-g++ "$(build g++)" "error: 'uint8_t' does not name a type"
cxx_fails_with before-g++-15 "$(build g++-15)" "error: 'uint8_t' does not name a type"
cxx_fails_with before-clang++ "$(build clang++)" "error: unknown type name 'uint8_t'"
cxx_apply 1.13.1 gloo-types-cstdint
grep -qx '#include <cstdint>' "$work/tree/third_party/gloo/gloo/types.h" || tp_fail "types.h has no #include <cstdint>"
for cc in g++ g++-15 clang++; do cxx_passes "after-$cc" "$(build $cc)"; done
echo "gloo-types-cstdint: passed"
