#!/bin/bash
# c10-thread-local-debug-info-cstdint: c10/util/ThreadLocalDebugInfo.h as 2.0.0 and 2.1.0 have it
# (abridged; its includes are Export.h, <memory> and <string>, no <cstdint>, and
# `enum class C10_API_ENUM DebugInfoKind : uint8_t {` is at line 10 as in the real header), Export.h
# reduced to its Linux branch (C10_API the visibility attribute, C10_API_ENUM empty), and
# torch/csrc/jit/mobile/observer.h and observer.cpp reduced to what matters: observer.h includes
# ThreadLocalDebugInfo.h first and uses int32_t, observer.cpp includes observer.h first. A main.cpp
# (observer.h first as well) uses what observer.cpp defines. Compiled with -std=c++17 as PyTorch 2.x
# builds. Before the patch GCC 16, GCC 15 and Clang 21 (libstdc++ 16) reject the enum's line and
# `explain` names the patchset; after it all three compile, and the enum's underlying type is uint8_t.
set -u
source "$TP_REPO/tests/toolchain/lib.sh"
source "$TP_REPO/tests/toolchain/cxx.sh"
tp_sid_root || tp_fail "the sid root is not available"
cxx_begin c10-thread-local-debug-info-cstdint
t="$work/tree"
mkdir -p "$t/c10/macros" "$t/c10/util" "$t/torch/csrc/jit/mobile"
cat >"$t/c10/macros/Export.h" <<'CXX'
#ifndef C10_MACROS_EXPORT_H_
#define C10_MACROS_EXPORT_H_

#define C10_EXPORT __attribute__((__visibility__("default")))
#define C10_IMPORT C10_EXPORT

#ifdef C10_BUILD_MAIN_LIB
#define C10_API C10_EXPORT
#else
#define C10_API C10_IMPORT
#endif

#if defined(_WIN32) && defined(__CUDACC__)
#define C10_API_ENUM C10_API
#else
#define C10_API_ENUM
#endif

#endif // C10_MACROS_EXPORT_H_
CXX
h="$t/c10/util/ThreadLocalDebugInfo.h"
cat >"$h" <<'CXX'
#pragma once

#include <c10/macros/Export.h>

#include <memory>
#include <string>

namespace c10 {

enum class C10_API_ENUM DebugInfoKind : uint8_t {
  PRODUCER_INFO = 0,
  MOBILE_RUNTIME_INFO,
  PROFILER_STATE,
  INFERENCE_CONTEXT, // for inference usage
  PARAM_COMMS_INFO,

  TEST_INFO, // used only in tests
  TEST_INFO_2, // used only in tests
};

class C10_API DebugInfoBase {
 public:
  DebugInfoBase() = default;
  virtual ~DebugInfoBase() = default;
};

class C10_API ThreadLocalDebugInfo {
 public:
  static DebugInfoBase* get(DebugInfoKind kind);

 private:
  std::shared_ptr<DebugInfoBase> info_;
  DebugInfoKind kind_;
  std::shared_ptr<ThreadLocalDebugInfo> parent_info_;
};

} // namespace c10
CXX
[ "$(sed -n 10p "$h")" = 'enum class C10_API_ENUM DebugInfoKind : uint8_t {' ] || tp_fail "the fixture's enum is not at line 10"
cat >"$t/torch/csrc/jit/mobile/observer.h" <<'CXX'
#pragma once

#include <c10/util/ThreadLocalDebugInfo.h>
#include <string>
#include <unordered_map>
#include <vector>

namespace torch {

class MobileDebugInfo : public c10::DebugInfoBase {
 public:
  const std::string& getModelName() {
    return model_name_;
  }

  void setModelName(const std::string& model_name) {
    model_name_ = model_name;
  }

 private:
  std::string model_name_;
  size_t op_idx_ = 0;
};

class MobileModuleObserver {
 public:
  virtual ~MobileModuleObserver() = default;

  virtual void onEnterRunMethod(const int32_t) {}
  virtual std::vector<std::string> getDefaultExtraFiles() = 0;
};

class MobileObserverConfig {
 public:
  void setModuleObserver(std::unique_ptr<MobileModuleObserver> reporter) {
    module_observer_ = std::move(reporter);
  }
  MobileModuleObserver* getModuleObserver() {
    return module_observer_.get();
  }

 private:
  std::unique_ptr<MobileModuleObserver> module_observer_;
};

MobileObserverConfig& observerConfig();

} // namespace torch
CXX
cat >"$t/torch/csrc/jit/mobile/observer.cpp" <<'CXX'
#include <torch/csrc/jit/mobile/observer.h>

namespace torch {

MobileObserverConfig& observerConfig() {
  static MobileObserverConfig instance;
  return instance;
}

} // namespace torch
CXX
cat >"$t/main.cpp" <<'CXX'
#include <torch/csrc/jit/mobile/observer.h>

#include <type_traits>

static_assert(std::is_same<std::underlying_type<c10::DebugInfoKind>::type, uint8_t>::value,
              "DebugInfoKind is a uint8_t enum");

int main() {
  torch::MobileDebugInfo info;
  info.setModelName("model");
  return torch::observerConfig().getModuleObserver() == nullptr && info.getModelName() == "model" &&
      static_cast<int>(c10::DebugInfoKind::MOBILE_RUNTIME_INFO) == 1 ? 0 : 1;
}
CXX
# build CXX: observer.cpp and main.cpp compiled, linked and run; the binary is /w/observer-CXX
build() { echo "cd tree && $1 -std=c++17 -I. torch/csrc/jit/mobile/observer.cpp main.cpp -o /w/observer-$1 && /w/observer-$1"; }
gcc_error="c10/util/ThreadLocalDebugInfo.h:10:39: error: found ':' in nested-name-specifier, expected '::'"
clang_error="c10/util/ThreadLocalDebugInfo.h:10:41: error: unknown type name 'uint8_t'"

echo "c10-thread-local-debug-info-cstdint: before the patch"
cxx_fails_with before-g++ "$(build g++)" "$gcc_error"
cxx_explained before-g++ c10-thread-local-debug-info-cstdint
cxx_fails_with before-g++-15 "$(build g++-15)" "$gcc_error"
cxx_explained before-g++-15 c10-thread-local-debug-info-cstdint
cxx_fails_with before-clang++ "$(build clang++)" "$clang_error"
cxx_explained before-clang++ c10-thread-local-debug-info-cstdint

cxx_apply 2.1.0 c10-thread-local-debug-info-cstdint
# the include goes right after the header's #include <string>; <memory> and <string> stay
grep -A1 -x '#include <string>' "$h" | grep -qx '#include <cstdint>' ||
  tp_fail "ThreadLocalDebugInfo.h has no #include <cstdint> after its #include <string>"
grep -qx '#include <memory>' "$h" || tp_fail "ThreadLocalDebugInfo.h lost its #include <memory>"
[ "$(grep -c . "$h")" -eq "$(($(git -C "$t" show HEAD:c10/util/ThreadLocalDebugInfo.h | grep -c .) + 1))" ] ||
  tp_fail "expected exactly one line more"

echo "c10-thread-local-debug-info-cstdint: after the patch"
for cc in g++ g++-15 clang++; do cxx_passes "after-$cc" "$(build $cc)"; done
echo "c10-thread-local-debug-info-cstdint: passed"
