#!/bin/bash
# c10-macros-cstdint: c10/macros/Macros.h as 1.12.1 shapes it (its includes: <cassert>, Export.h,
# then <sstream> and <string>, no <cstdint>), and StringUtil.h, SmallVector.h and BFloat16.h reduced
# to what matters: Macros.h first, the system includes each really has, and the line that uses
# uint32_t / uint64_t / uint16_t (StringUtil.h:133, SmallVector.h:110, BFloat16.h:17 in 1.12.1).
# Each header is the first thing in its TU, compiled with -std=c++14 as PyTorch 1.12 builds.
# Before the patch GCC 16, GCC 15 and Clang 21 (libstdc++ 16) reject all three; after it all compile.
set -u
source "$TP_REPO/tests/toolchain/lib.sh"
source "$TP_REPO/tests/toolchain/cxx.sh"
tp_sid_root || tp_fail "the sid root is not available"
cxx_begin c10-macros-cstdint
t="$work/tree"
mkdir -p "$t/c10/macros" "$t/c10/util"
cat >"$t/c10/macros/Export.h" <<'CXX'
#ifndef C10_MACROS_EXPORT_H_
#define C10_MACROS_EXPORT_H_

#define C10_EXPORT __attribute__((__visibility__("default")))
#define C10_API C10_EXPORT

#endif // C10_MACROS_EXPORT_H_
CXX
cat >"$t/c10/macros/Macros.h" <<'CXX'
#ifndef C10_MACROS_MACROS_H_
#define C10_MACROS_MACROS_H_
#include <cassert>

#include <c10/macros/Export.h>

// C10_FALLTHROUGH - Annotate fallthrough to the next case in a switch.
#define C10_FALLTHROUGH

#include <sstream>
#include <string>

#ifdef __HIPCC__
#include <hip/hip_runtime.h>
#endif

#if defined(__CUDACC__) || defined(__HIPCC__)
#define C10_HOST_DEVICE __host__ __device__
#else
#define C10_HOST_DEVICE
#endif

#endif // C10_MACROS_MACROS_H_
CXX
cat >"$t/c10/util/StringUtil.h" <<'CXX'
#ifndef C10_UTIL_STRINGUTIL_H_
#define C10_UTIL_STRINGUTIL_H_

#include <c10/macros/Macros.h>

#include <cstddef>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

namespace c10 {

/// Represents a location in source code (for debugging).
struct C10_API SourceLocation {
  const char* function;
  const char* file;
  uint32_t line;
};

} // namespace c10

#endif // C10_UTIL_STRINGUTIL_H_
CXX
cat >"$t/c10/util/SmallVector.h" <<'CXX'
#pragma once

#include <c10/macros/Macros.h>

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <initializer_list>
#include <iterator>
#include <limits>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

namespace c10 {

template <class T>
using SmallVectorSizeType = typename std::
    conditional<sizeof(T) < 4 && sizeof(void*) >= 8, uint64_t, uint32_t>::type;

} // namespace c10
CXX
cat >"$t/c10/util/BFloat16.h" <<'CXX'
#pragma once

#include <c10/macros/Macros.h>
#include <cmath>
#include <cstring>

namespace c10 {

namespace detail {
inline C10_HOST_DEVICE float f32_from_bits(uint16_t src) {
  float res = 0;
  uint32_t tmp = src;
  tmp <<= 16;
  std::memcpy(&res, &tmp, sizeof(tmp));
  return res;
}
} // namespace detail

} // namespace c10
CXX
printf '#include <c10/util/StringUtil.h>\nint main() { c10::SourceLocation l{"f", "f.cpp", 1}; return (int)l.line - 1; }\n' >"$t/StringUtil.cpp"
printf '#include <c10/util/SmallVector.h>\nint main() { return sizeof(c10::SmallVectorSizeType<char>) == 8 ? 0 : 1; }\n' >"$t/SmallVector.cpp"
printf '#include <c10/util/BFloat16.h>\nint main() { return c10::detail::f32_from_bits(0x3f80) == 1.0f ? 0 : 1; }\n' >"$t/BFloat16.cpp"
tus=(StringUtil SmallVector BFloat16)
build() { echo "cd tree && $1 -std=c++14 -I. $2.cpp -o /w/$2-$1 && /w/$2-$1"; }
gcc_errors=("error: 'uint32_t' does not name a type"
            "error: 'uint64_t' was not declared in this scope"
            "error: 'uint16_t' was not declared in this scope")
clang_errors=("error: unknown type name 'uint32_t'"
              "error: use of undeclared identifier 'uint64_t'"
              "error: unknown type name 'uint16_t'")
for i in "${!tus[@]}"; do
  tu="${tus[$i]}"
  cxx_fails_with "before-g++-$tu" "$(build g++ "$tu")" "${gcc_errors[$i]}"
  cxx_fails_with "before-g++-15-$tu" "$(build g++-15 "$tu")" "${gcc_errors[$i]}"
  cxx_fails_with "before-clang++-$tu" "$(build clang++ "$tu")" "${clang_errors[$i]}"
done
cxx_apply 1.12.1 c10-macros-cstdint
# the include goes right after Macros.h's #include <string>; <sstream> and <string> stay
grep -A1 -x '#include <string>' "$t/c10/macros/Macros.h" | grep -qx '#include <cstdint>' ||
  tp_fail "Macros.h has no #include <cstdint> after its #include <string>"
grep -qx '#include <sstream>' "$t/c10/macros/Macros.h" || tp_fail "Macros.h lost its #include <sstream>"
for tu in "${tus[@]}"; do
  for cc in g++ g++-15 clang++; do cxx_passes "after-$cc-$tu" "$(build $cc "$tu")"; done
done
echo "c10-macros-cstdint: passed"
