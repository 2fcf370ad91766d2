#!/bin/bash
# werror-format-nonnull: a project shaped like PyTorch's top-level CMakeLists.txt (-Wall -Wextra,
# then append_cxx_flag_if_supported("-Werror=format" CMAKE_CXX_FLAGS), a Release build at -O3)
# compiles the pattern of aten/src/ATen/test/rng_test.h: `froms` and `tos` assigned from
# initializer lists in a function template instantiated for several types. Before the patch GCC 16
# fails with -Werror=nonnull in libstdc++'s std::copy (-Wformat enables -Wnonnull, so
# -Werror=format makes it an error) and `explain` names the patchset; GCC 15 and Clang 21 compile
# it. After the patch every compiler builds it and GCC 16's warning is still printed.
set -u
source "$TP_REPO/tests/toolchain/lib.sh"
source "$TP_REPO/tests/toolchain/cxx.sh"
tp_sid_root || tp_fail "the sid root is not available"
cxx_begin werror-format-nonnull
t="$work/tree"
mkdir -p "$t/cmake/public" "$t/aten/src/ATen/test"

cat >"$t/aten/src/ATen/test/rng_test.h" <<'CXX'
#pragma once
#include <cstdint>
#include <limits>
#include <optional>
#include <type_traits>
#include <vector>
int check_random_from_to(int64_t from, std::optional<int64_t> to);
template <typename T>
int test_random_from_to() {
  std::vector<int64_t> froms;
  std::vector<std::optional<int64_t>> tos;
  if (std::is_same<T, bool>::value) {
    froms = {0L};
    tos = {1L, static_cast<std::optional<int64_t>>(std::nullopt)};
  } else if (std::is_signed<T>::value) {
    froms = {static_cast<int64_t>(std::numeric_limits<T>::lowest()), -42L, 0L, 42L};
    tos = {std::optional<int64_t>(-42L), std::optional<int64_t>(0L), std::optional<int64_t>(42L),
           std::optional<int64_t>(static_cast<int64_t>(std::numeric_limits<T>::max())),
           static_cast<std::optional<int64_t>>(std::nullopt)};
  } else {
    froms = {0L, 42L};
    tos = {std::optional<int64_t>(42L),
           std::optional<int64_t>(static_cast<int64_t>(std::numeric_limits<T>::max())),
           static_cast<std::optional<int64_t>>(std::nullopt)};
  }
  int checked = 0;
  for (const int64_t from : froms)
    for (const std::optional<int64_t> to : tos) checked += check_random_from_to(from, to);
  return checked;
}
CXX
cat >"$t/aten/src/ATen/test/cpu_rng_test.cpp" <<'CXX'
#include "rng_test.h"
int check_random_from_to(int64_t from, std::optional<int64_t> to) { return to && from < *to; }
int main() {
  return test_random_from_to<bool>() + test_random_from_to<int8_t>() +
      test_random_from_to<uint8_t>() + test_random_from_to<int16_t>() +
      test_random_from_to<int32_t>() + test_random_from_to<int64_t>() +
      test_random_from_to<float>() + test_random_from_to<double>() + test_random_from_to<uint16_t>() >= 0 ? 0 : 1;
}
CXX
# PyTorch's helper (cmake/public/utils.cmake of 1.13; 2.x also maps -Wno- to -W for GCC's check)
cat >"$t/cmake/public/utils.cmake" <<'CMAKE'
include(CheckCXXCompilerFlag)
function(append_cxx_flag_if_supported flag outputvar)
    string(TOUPPER "HAS${flag}" _FLAG_NAME)
    string(REGEX REPLACE "[=-]" "_" _FLAG_NAME "${_FLAG_NAME}")
    check_cxx_compiler_flag("${flag}" ${_FLAG_NAME})
    if(${_FLAG_NAME})
        string(APPEND ${outputvar} " ${flag}")
        set(${outputvar} "${${outputvar}}" PARENT_SCOPE)
    endif()
endfunction()
CMAKE
cat >"$t/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.18 FATAL_ERROR)
project(Torch CXX)
set(CMAKE_CXX_STANDARD 17)
set(CMAKE_BUILD_TYPE Release)
include(cmake/public/utils.cmake)
if(NOT MSVC)
  string(APPEND CMAKE_CXX_FLAGS " -Wall")
  string(APPEND CMAKE_CXX_FLAGS " -Wextra")
  append_cxx_flag_if_supported("-fno-math-errno" CMAKE_CXX_FLAGS)
  append_cxx_flag_if_supported("-fno-trapping-math" CMAKE_CXX_FLAGS)
  append_cxx_flag_if_supported("-Werror=format" CMAKE_CXX_FLAGS)
  append_cxx_flag_if_supported("-Werror=cast-function-type" CMAKE_CXX_FLAGS)
endif()
add_executable(cpu_rng_test aten/src/ATen/test/cpu_rng_test.cpp)
CMAKE
build() { echo "rm -rf /w/b-$1 && cmake -S tree -B /w/b-$1 -DCMAKE_CXX_COMPILER=$1 -Wno-dev >/dev/null && cmake --build /w/b-$1 -- -k && /w/b-$1/cpu_rng_test"; }

echo "werror-format-nonnull: before the patch"
cxx_fails_with before-g++-16 "$(build g++-16)" \
  "error: argument 1 null where non-null expected because argument 3 is nonzero [-Werror=nonnull]"
expect_fail_explained 2 werror-format-nonnull "$work/before-g++-16.log"
for cxx in g++-15 clang++-21; do cxx_passes "before-$cxx" "$(build $cxx)"; done

cxx_apply 1.13.1 werror-format-nonnull
grep -qF -- '-Werror=format" CMAKE_CXX_FLAGS)' "$t/CMakeLists.txt" || tp_fail "the -Werror=format line is gone"

echo "werror-format-nonnull: after the patch"
for cxx in g++-16 g++-15 clang++-21; do cxx_passes "after-$cxx" "$(build $cxx)"; done
grep -qF "[-Wnonnull]" "$work/after-g++-16.log" || tp_fail "g++-16: expected the -Wnonnull warning to stay visible"
echo "  g++-16 still prints the -Wnonnull warning"
echo "werror-format-nonnull: passed"
