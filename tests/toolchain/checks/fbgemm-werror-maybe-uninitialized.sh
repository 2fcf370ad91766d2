#!/bin/bash
# fbgemm-werror-maybe-uninitialized: a project shaped like FBGEMM's CMakeLists.txt (-Wall -Wextra
# -Werror in `else(MSVC)`) builds the transpose pattern of FBGEMM's src/UtilsAvx512.cc:
# before the patch GCC 16 and GCC 15 fail with -Werror=maybe-uninitialized; after it both build (the
# warning stays a warning), and so does Clang 21, which must not see the GNU-only option.
set -u
source "$TP_REPO/tests/toolchain/lib.sh"
tp_sid_root || tp_fail "the sid root is not available"
tp_fbgemm_project

cat >"$fb/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.16 FATAL_ERROR)
project(fbgemm VERSION 0.1 LANGUAGES CXX)
set(CMAKE_CXX_STANDARD 17)
set(CMAKE_BUILD_TYPE Release)
add_library(fbgemm_avx512 OBJECT src/UtilsAvx512.cc)
if(MSVC)
  target_compile_options(fbgemm_avx512 PRIVATE "/arch:AVX512")
else(MSVC)
  string(APPEND CMAKE_CXX_FLAGS " -Wall")
  string(APPEND CMAKE_CXX_FLAGS " -Wextra")
  string(APPEND CMAKE_CXX_FLAGS " -Werror")
  string(APPEND CMAKE_CXX_FLAGS " -Wno-deprecated-declarations")
  string(APPEND CMAKE_CXX_FLAGS " -Wimplicit-fallthrough")
  target_compile_options(fbgemm_avx512 PRIVATE
    "-m64" "-mavx2" "-mfma" "-mavx512f" "-mavx512bw" "-mavx512dq"
    "-mavx512vl")
endif(MSVC)
CMAKE

# The pattern of FBGEMM's transpose_contiguous_16x2_block / transpose_avx512_contiguous_thin
# (UtilsAvx512.cc:917-1830 at dbc3157b): r[1] is only loaded when mrem > 8; its lanes are
# never stored otherwise, but GCC cannot see that.
cat >"$fb/src/UtilsAvx512.cc" <<'CXX'
#include <immintrin.h>
#include <cstdint>

namespace {
inline void transpose_16x2_block(const float* src, float* dst, int mrem = 16) {
  __m512i r[2], d[2];
  int i = 0;
  for (; (i + 1) * 16 <= mrem * 2; i++) {
    r[i] = _mm512_loadu_si512(reinterpret_cast<const __m512i*>(src + i * 16));
  }
  if (i * 16 < mrem * 2) {
    __mmask16 mask = (((long long)1) << (mrem * 2 - i * 16)) - 1;
    r[i] = _mm512_maskz_loadu_epi32(mask, src + i * 16);
  }
  __m512i index = _mm512_set_epi32(30, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2, 0);
  d[0] = _mm512_permutex2var_epi32(r[0], index, r[1]);
  if (mrem < 16) {
    __mmask16 mask = (((long long)1) << mrem) - 1;
    _mm512_mask_storeu_epi32(dst, mask, d[0]);
  } else {
    _mm512_storeu_si512(reinterpret_cast<__m512i*>(dst), d[0]);
  }
}
} // namespace

void transpose_thin(int64_t M, const float* src, float* dst) {
  int64_t i = 0;
  for (; i < M / 16 * 16; i += 16)
    transpose_16x2_block(src + i * 2, dst + i);
  int mrem = static_cast<int>(M - i);
  if (mrem > 0)
    transpose_16x2_block(src + i * 2, dst + i, mrem);
}
CXX


echo "fbgemm-werror-maybe-uninitialized: before the patch"
for cxx in g++ g++-15; do
  tp_fbgemm_build "before-$cxx" "$cxx"
  expect_fail_with $? "may be used uninitialized [-Werror=maybe-uninitialized]" "$work/before-$cxx.log"
  echo "  $cxx fails with -Werror=maybe-uninitialized"
done

tp_checkout "$work/tree" 2.6.0
"$TORCHPATCH" -C "$work/tree" apply --only fbgemm-werror-maybe-uninitialized >"$work/apply.log" 2>&1 ||
  { cat "$work/apply.log" >&2; tp_fail "torchpatch apply failed"; }
grep -q -- '-Wno-error=maybe-uninitialized' "$fb/CMakeLists.txt" || tp_fail "apply did not add the GNU block"

echo "fbgemm-werror-maybe-uninitialized: after the patch"
for cxx in g++ g++-15; do
  tp_fbgemm_build "after-$cxx" "$cxx"
  expect_ok $? "$work/after-$cxx.log"
  grep -qF "warning:" "$work/after-$cxx.log" || tp_fail "$cxx: expected the warning to stay visible"
  echo "  $cxx builds; the maybe-uninitialized warning is still printed"
done
tp_fbgemm_build after-clang clang++
expect_ok $? "$work/after-clang.log"
echo "  clang++ builds (the GNU-only option is not passed to it)"

# Why the guard: the same option unguarded fails Clang under -Werror.
sed -i 's/if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")/if(TRUE)/' "$fb/CMakeLists.txt"
tp_fbgemm_build unguarded-clang clang++
expect_fail_with $? "unknown warning option '-Werror=maybe-uninitialized'" "$work/unguarded-clang.log"
echo "  unguarded, clang++ fails with: unknown warning option"
echo "fbgemm-werror-maybe-uninitialized: ok"
