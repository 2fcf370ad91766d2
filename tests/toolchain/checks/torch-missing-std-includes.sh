#!/bin/bash
# torch-missing-std-includes: the five PyTorch sources as 1.13.1 has them, reduced to the lines
# that matter (the system includes and the use of uint8_t / std::runtime_error), each compiled as
# the first thing in its TU, as quantization_type.cpp, string_utils.cc, flags_use_no_gflags.cpp
# (through Registry.h), logging.cpp and multi_wait.cpp are. Before the patch GCC 16, GCC 15 and
# Clang 21 reject every one; after it all compile.
set -u
source "$TP_REPO/tests/toolchain/lib.sh"
source "$TP_REPO/tests/toolchain/cxx.sh"
tp_sid_root || tp_fail "the sid root is not available"
cxx_begin torch-missing-std-includes
t="$work/tree"
mkdir -p "$t/torch/csrc/jit/passes/quantization" "$t/caffe2/utils" "$t/c10/util" \
         "$t/torch/csrc/jit/runtime" "$t/torch/csrc/lazy/core"
cat >"$t/torch/csrc/jit/passes/quantization/quantization_type.h" <<'CXX'
#pragma once
#include <ostream>

namespace torch {
namespace jit {

enum QuantType : uint8_t { DYNAMIC = 0, STATIC };

inline std::ostream& operator<<(std::ostream& os, QuantType t) { return os << int(t); }

} // namespace jit
} // namespace torch
CXX
cat >"$t/caffe2/utils/string_utils.cc" <<'CXX'
#include <algorithm>
#include <sstream>
#include <vector>

#define NEXT_UNSAFE(s, i, c) { (c) = (uint8_t)(s)[(i)++]; }

int first_byte(const char* s) {
  int i = 0, c = 0;
  NEXT_UNSAFE(s, i, c);
  return c;
}
CXX
cat >"$t/c10/util/Registry.h" <<'CXX'
#ifndef C10_UTIL_REGISTRY_H_
#define C10_UTIL_REGISTRY_H_

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace c10 {

template <class SrcType>
class Registry {
 public:
  void Register(const SrcType& key) {
    if (registry_.count(key) != 0) {
      throw std::runtime_error("Key already registered.");
    }
    registry_[key] = 1;
  }

 private:
  std::unordered_map<SrcType, int> registry_;
};

} // namespace c10

#endif // C10_UTIL_REGISTRY_H_
CXX
cat >"$t/torch/csrc/jit/runtime/logging.cpp" <<'CXX'
#include <atomic>
#include <mutex>
#include <unordered_map>

int counter_value(const std::unordered_map<int, int>& counters, int name) {
  if (!counters.count(name))
    throw std::runtime_error("Unknown counter");
  return counters.at(name);
}
CXX
cat >"$t/torch/csrc/lazy/core/multi_wait.cpp" <<'CXX'
#include <chrono>
#include <exception>

void wait_or_throw(bool completed) {
  if (!completed)
    throw std::runtime_error("Timeout");
}
CXX
printf '#include "torch/csrc/jit/passes/quantization/quantization_type.h"\nint main() { return torch::jit::DYNAMIC; }\n' >"$t/quantization_type.cpp"
printf '#include "c10/util/Registry.h"\nint main() { c10::Registry<int> r; r.Register(1); return 0; }\n' >"$t/flags_use_no_gflags.cpp"
tus=(quantization_type.cpp caffe2/utils/string_utils.cc flags_use_no_gflags.cpp
     torch/csrc/jit/runtime/logging.cpp torch/csrc/lazy/core/multi_wait.cpp)
check() { echo "cd tree && $1 -std=c++17 -fsyntax-only -I. $2"; }
gcc_errors=("error: found ':' in nested-name-specifier, expected '::'"
            "error: 'uint8_t' was not declared in this scope"
            "error: 'runtime_error' is not a member of 'std'"
            "error: 'runtime_error' is not a member of 'std'"
            "error: 'runtime_error' is not a member of 'std'")
clang_errors=("error: unknown type name 'uint8_t'"
              "error: use of undeclared identifier 'uint8_t'"
              "error: no member named 'runtime_error' in namespace 'std'"
              "error: no member named 'runtime_error' in namespace 'std'"
              "error: no member named 'runtime_error' in namespace 'std'")
for i in "${!tus[@]}"; do
  tu="${tus[$i]}"; n="$(basename "$tu")"
  cxx_fails_with "before-g++-$n" "$(check g++ "$tu")" "${gcc_errors[$i]}"
  cxx_fails_with "before-g++-15-$n" "$(check g++-15 "$tu")" "${gcc_errors[$i]}"
  cxx_fails_with "before-clang++-$n" "$(check clang++ "$tu")" "${clang_errors[$i]}"
done
cxx_apply 1.13.1 torch-missing-std-includes
for tu in "${tus[@]}"; do
  for cc in g++ g++-15 clang++; do cxx_passes "after-$cc-$(basename "$tu")" "$(check $cc "$tu")"; done
done
echo "torch-missing-std-includes: passed"
