#!/bin/bash
# asmjit-clang14-bitwise-instead-of-logical: asmjit 8b35b4c's (PyTorch 1.12.1) core/api-config.h
# namespace macros, verbatim, and its register tests as core/operand.h and x86/x86operand.h write
# them, `isGp(op) & (op.id() == rId)` inside ASMJIT_BEGIN_NAMESPACE / ASMJIT_BEGIN_SUB_NAMESPACE,
# compiled as FBGEMM compiles asmjit (-Wall -Wextra -Werror). Before the patch Clang 21 rejects the
# bitwise '&' of two bools (-Wbitwise-instead-of-logical, in -Wall since Clang 14); GCC 16 and
# GCC 15 do not warn. After it all three compile it, and the tests still give the right answers.
set -u
source "$TP_REPO/tests/toolchain/lib.sh"
source "$TP_REPO/tests/toolchain/cxx.sh"
tp_sid_root || tp_fail "the sid root is not available"
cxx_begin asmjit-clang14-bitwise-instead-of-logical
src="$work/tree/third_party/fbgemm/third_party/asmjit/src"
mkdir -p "$src/asmjit/core" "$src/asmjit/x86"
cat >"$src/asmjit/core/api-config.h" <<'CXX'
#ifndef ASMJIT_CORE_API_CONFIG_H_INCLUDED
#define ASMJIT_CORE_API_CONFIG_H_INCLUDED

#include <stddef.h>
#include <stdint.h>

// ============================================================================
// [asmjit::Build - Globals - Begin-Namespace / End-Namespace]
// ============================================================================

#if defined(__clang__)
  #define ASMJIT_BEGIN_NAMESPACE                                              \
    namespace asmjit {                                                        \
      _Pragma("clang diagnostic push")                                        \
      _Pragma("clang diagnostic ignored \"-Wconstant-logical-operand\"")      \
      _Pragma("clang diagnostic ignored \"-Wunnamed-type-template-args\"")
  #define ASMJIT_END_NAMESPACE                                                \
      _Pragma("clang diagnostic pop")                                         \
    }
#elif defined(__GNUC__) && __GNUC__ == 4
  #define ASMJIT_BEGIN_NAMESPACE                                              \
    namespace asmjit {                                                        \
      _Pragma("GCC diagnostic push")                                          \
      _Pragma("GCC diagnostic ignored \"-Wmissing-field-initializers\"")
  #define ASMJIT_END_NAMESPACE                                                \
      _Pragma("GCC diagnostic pop")                                           \
    }
#elif defined(__GNUC__) && __GNUC__ >= 8
  #define ASMJIT_BEGIN_NAMESPACE                                              \
    namespace asmjit {                                                        \
      _Pragma("GCC diagnostic push")                                          \
      _Pragma("GCC diagnostic ignored \"-Wclass-memaccess\"")
  #define ASMJIT_END_NAMESPACE                                                \
      _Pragma("GCC diagnostic pop")                                           \
    }
#elif defined(_MSC_VER) && !defined(__INTEL_COMPILER)
  #define ASMJIT_BEGIN_NAMESPACE                                              \
    namespace asmjit {                                                        \
      __pragma(warning(push))                                                 \
      __pragma(warning(disable: 4127))  /* conditional expression is const */ \
      __pragma(warning(disable: 4201))  /* nameless struct/union */
  #define ASMJIT_END_NAMESPACE                                                \
      __pragma(warning(pop))                                                  \
    }
#endif

#if !defined(ASMJIT_BEGIN_NAMESPACE) && !defined(ASMJIT_END_NAMESPACE)
  #define ASMJIT_BEGIN_NAMESPACE namespace asmjit {
  #define ASMJIT_END_NAMESPACE }
#endif

#define ASMJIT_BEGIN_SUB_NAMESPACE(NAMESPACE)                                 \
  ASMJIT_BEGIN_NAMESPACE                                                      \
  namespace NAMESPACE {

#define ASMJIT_END_SUB_NAMESPACE                                              \
  }                                                                           \
  ASMJIT_END_NAMESPACE

#endif // ASMJIT_CORE_API_CONFIG_H_INCLUDED
CXX
cat >"$src/asmjit/core/operand.h" <<'CXX'
#ifndef ASMJIT_CORE_OPERAND_H_INCLUDED
#define ASMJIT_CORE_OPERAND_H_INCLUDED

#include "../core/api-config.h"

ASMJIT_BEGIN_NAMESPACE

// Reduced: the signature holds the operand type (bits 0-2) and the register group (bits 8-11).
struct Operand_ {
  uint32_t _signature;
  uint32_t _baseId;
  constexpr uint32_t signature() const noexcept { return _signature; }
  constexpr uint32_t id() const noexcept { return _baseId; }
};

class BaseReg : public Operand_ {
public:
  enum : uint32_t { kOpReg = 1, kGroupGp = 0, kGroupVec = 1 };

  static inline bool isGp(const Operand_& op) noexcept {
    return (op.signature() & 0xF07u) == (kOpReg | (kGroupGp << 8));
  }
  static inline bool isVec(const Operand_& op) noexcept {
    return (op.signature() & 0xF07u) == (kOpReg | (kGroupVec << 8));
  }

  //! Tests whether the `op` is a general purpose register of the given `rId`.
  static inline bool isGp(const Operand_& op, uint32_t rId) noexcept { return isGp(op) & (op.id() == rId); }
  //! Tests whether the `op` is a vector register of the given `rId`.
  static inline bool isVec(const Operand_& op, uint32_t rId) noexcept { return isVec(op) & (op.id() == rId); }
};

ASMJIT_END_NAMESPACE

#endif // ASMJIT_CORE_OPERAND_H_INCLUDED
CXX
cat >"$src/asmjit/x86/x86operand.h" <<'CXX'
#ifndef ASMJIT_X86_X86OPERAND_H_INCLUDED
#define ASMJIT_X86_X86OPERAND_H_INCLUDED

#include "../core/operand.h"

ASMJIT_BEGIN_SUB_NAMESPACE(x86)

class Reg : public BaseReg {
public:
  static inline bool isGpd(const Operand_& op) noexcept { return isGp(op); }
  static inline bool isGpd(const Operand_& op, uint32_t rId) noexcept { return isGpd(op) & (op.id() == rId); }
};

ASMJIT_END_SUB_NAMESPACE

#endif // ASMJIT_X86_X86OPERAND_H_INCLUDED
CXX
cat >"$work/tree/main.cc" <<'CXX'
#include "asmjit/x86/x86operand.h"

int main() {
  const asmjit::Operand_ gp3{1u, 3u}, vec3{1u | (1u << 8), 3u};
  if (!asmjit::BaseReg::isGp(gp3, 3u) || asmjit::BaseReg::isGp(gp3, 4u)) return 1;
  if (asmjit::BaseReg::isGp(vec3, 3u) || !asmjit::BaseReg::isVec(vec3, 3u)) return 2;
  if (!asmjit::x86::Reg::isGpd(gp3, 3u) || asmjit::x86::Reg::isGpd(vec3, 3u)) return 3;
  return 0;
}
CXX
build() {
  echo "cd tree && $1 -std=c++14 -Wall -Wextra -Werror -Ithird_party/fbgemm/third_party/asmjit/src main.cc -o /w/t-$1 && /w/t-$1"
}
cfg="$src/asmjit/core/api-config.h"

cxx_fails_with before-clang++ "$(build clang++)" "use of bitwise '&' with boolean operands [-Werror,-Wbitwise-instead-of-logical]"
cxx_passes before-g++ "$(build g++)"
cxx_passes before-g++-15 "$(build g++-15)"
cxx_apply 1.12.1 asmjit-clang14-bitwise-instead-of-logical
line="$(grep -n '^#if defined(__clang_major__) && __clang_major__ >= 14$' "$cfg" | cut -d: -f1)"
[ -n "$line" ] || tp_fail "api-config.h has no Clang 14+ branch"
[ "$(sed -n "$((line + 4))p" "$cfg")" = '      _Pragma("clang diagnostic ignored \"-Wbitwise-instead-of-logical\"")    \' ] ||
  tp_fail "the Clang 14+ branch does not ignore -Wbitwise-instead-of-logical"
[ "$(sed -n "$((line + 10))p" "$cfg")" = '#elif defined(__clang__)' ] ||
  tp_fail "8b35b4c's Clang branch is not the #elif after the new one"
for cc in clang++ g++ g++-15; do cxx_passes "after-$cc" "$(build $cc)"; done
echo "asmjit-clang14-bitwise-instead-of-logical: passed"
