#!/bin/bash
# fbgemm-werror-clang: a project shaped like FBGEMM's CMakeLists.txt (-Wall -Wextra -Werror in
# `else(MSVC)`, asmjit added after the flags) builds asmjit's ZoneAllocator pattern (core/zone.h:
# memset(this, 0, sizeof(*this)) in a class with a user-provided destructor) and FBGEMM's
# FbgemmI8Spmdm.cc pattern (a variable length array): before the patch Clang 21 fails on both,
# -Wnontrivial-memcall and -Wvla-cxx-extension, and `explain` names the patchset; after it Clang 21
# builds (the memcall warning stays a warning), and so does GCC 16, which sees neither option.
set -u
source "$TP_REPO/tests/toolchain/lib.sh"
tp_sid_root || tp_fail "the sid root is not available"
tp_fbgemm_project
mkdir -p "$fb/asmjit"

cat >"$fb/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.16 FATAL_ERROR)
project(fbgemm VERSION 0.1 LANGUAGES CXX)
set(CMAKE_CXX_STANDARD 17)
if(MSVC)
  set(MSVC_BOOL True)
else(MSVC)
  string(APPEND CMAKE_CXX_FLAGS " -Wall")
  string(APPEND CMAKE_CXX_FLAGS " -Wextra")
  string(APPEND CMAKE_CXX_FLAGS " -Werror")
  string(APPEND CMAKE_CXX_FLAGS " -Wno-deprecated-declarations")
  string(APPEND CMAKE_CXX_FLAGS " -Wimplicit-fallthrough")
endif(MSVC)
add_library(fbgemm_generic OBJECT src/FbgemmI8Spmdm.cc)
add_subdirectory(asmjit)
CMAKE
cat >"$fb/src/FbgemmI8Spmdm.cc" <<'CXX'
#include <cstdint>
#include <cstring>
// FBGEMM dbc3157b src/FbgemmI8Spmdm.cc:86, reduced: a buffer sized by a run-time row count.
int32_t sum_rows(const uint8_t* a, int K) {
  alignas(64) uint8_t A_buffer[K * 32];
  std::memcpy(A_buffer, a, K * 32);
  int32_t sum = 0;
  for (int i = 0; i < K * 32; ++i) sum += A_buffer[i];
  return sum;
}
CXX
printf 'add_library(asmjit OBJECT zone.cpp)\n' >"$fb/asmjit/CMakeLists.txt"
cat >"$fb/asmjit/zone.cpp" <<'CXX'
#include <cstring>

namespace asmjit {
class Zone;
// asmjit d3fbf7c9 core/zone.h:446-456, reduced: zeroed with memset, released in the destructor.
class ZoneAllocator {
public:
  inline ZoneAllocator() noexcept { memset(this, 0, sizeof(*this)); }
  inline explicit ZoneAllocator(Zone* zone) noexcept {
    memset(this, 0, sizeof(*this));
    _zone = zone;
  }
  inline ~ZoneAllocator() noexcept { reset(); }
  void reset() noexcept { _zone = nullptr; }
  Zone* _zone;
  void* _slots[10];
};
} // namespace asmjit

int zone_is_empty() {
  asmjit::ZoneAllocator allocator;
  return allocator._zone == nullptr;
}
CXX


echo "fbgemm-werror-clang: before the patch"
tp_fbgemm_build before-clang clang++
status=$?
expect_fail_with "$status" "[-Werror,-Wnontrivial-memcall]" "$work/before-clang.log"
expect_fail_with "$status" "[-Werror,-Wvla-cxx-extension]" "$work/before-clang.log"
expect_fail_explained "$status" fbgemm-werror-clang "$work/before-clang.log"
echo "  clang++ fails with -Werror,-Wnontrivial-memcall (asmjit) and -Werror,-Wvla-cxx-extension (fbgemm_generic)"
tp_fbgemm_build before-gcc g++
expect_ok $? "$work/before-gcc.log"
echo "  g++ builds (GCC does not warn here)"

tp_checkout "$work/tree" 2.6.0
tp_apply "$work/tree" fbgemm-werror-clang
grep -q -- '-Wno-error=nontrivial-memcall' "$fb/CMakeLists.txt" || tp_fail "apply did not add the Clang block"

echo "fbgemm-werror-clang: after the patch"
tp_fbgemm_build after-clang clang++
expect_ok $? "$work/after-clang.log"
grep -qF "[-Wnontrivial-memcall]" "$work/after-clang.log" || tp_fail "clang++: expected the warning to stay visible"
echo "  clang++ builds; the nontrivial-memcall warning is still printed"
tp_fbgemm_build after-gcc g++
expect_ok $? "$work/after-gcc.log"
! grep -q "nontrivial-memcall" "$work/after-gcc.log" || tp_fail "g++ was given the Clang-only option"
echo "  g++ builds and is not given the option"
echo "fbgemm-werror-clang: ok"
