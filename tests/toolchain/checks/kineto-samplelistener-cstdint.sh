#!/bin/bash
# kineto-samplelistener-cstdint: libkineto/src/SampleListener.h as kineto 2da532c (PyTorch 2.0.1)
# shapes it (int64_t/uint64_t used; <assert.h>, <cmath>, <iostream>, <string>, <vector> included)
# and a source that includes it first, as output_csv.cpp does through output_csv.h. Before the
# patch GCC 16, GCC 15 and Clang 21 reject it; after it all three compile.
set -u
source "$TP_REPO/tests/toolchain/lib.sh"
source "$TP_REPO/tests/toolchain/cxx.sh"
tp_sid_root || tp_fail "the sid root is not available"
cxx_begin kineto-samplelistener-cstdint
d="$work/tree/third_party/kineto/libkineto/src"
mkdir -p "$d"
cat >"$d/SampleListener.h" <<'CXX'
#pragma once

#include <assert.h>
#include <cmath>
#include <iostream>
#include <string>
#include <vector>

namespace libkineto {

class SampleValue {
 public:
  template <class T>
  explicit SampleValue(T v) {
    init<T>(v);
  }

  int64_t getInt() const {
    return int_;
  }

 private:
  template <typename T>
  void init(T v);

  int64_t int_{0};
};

template <>
inline void SampleValue::init(uint64_t v) {
  int_ = v;
}
template <>
inline void SampleValue::init(int64_t v) {
  int_ = v;
}

} // namespace libkineto
CXX
printf '#include "SampleListener.h"\nint main() { libkineto::SampleValue v(int64_t{3}); return v.getInt() == 3 ? 0 : 1; }\n' >"$work/tree/output_csv.cpp"
build() { echo "cd tree && $1 -std=c++17 -Ithird_party/kineto/libkineto/src output_csv.cpp -o /w/t-$1 && /w/t-$1"; }

cxx_fails_with before-g++ "$(build g++)" "error: variable or field 'init' declared void"
cxx_fails_with before-g++-15 "$(build g++-15)" "error: variable or field 'init' declared void"
cxx_fails_with before-clang++ "$(build clang++)" "error: unknown type name 'uint64_t'"
cxx_apply 2.0.1 kineto-samplelistener-cstdint
for cc in g++ g++-15 clang++; do cxx_passes "after-$cc" "$(build $cc)"; done
echo "kineto-samplelistener-cstdint: passed"
