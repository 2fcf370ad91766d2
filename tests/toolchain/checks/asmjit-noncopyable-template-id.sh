#!/bin/bash
# asmjit-noncopyable-template-id: the six asmjit 8b35b4c (PyTorch 1.12.1) headers the patchset
# edits, each reduced to its class template that passes `Name<T>` to ASMJIT_NONCOPYABLE, with the
# macro as 8b35b4c's core/api-config.h defines it (private: Name<T>(const Name<T>&) = delete; ...),
# compiled as FBGEMM compiles asmjit (-Wall -Wextra -Werror; C++14, PyTorch 1.12's standard). Before
# the patch GCC 16 and GCC 15 reject it (-Wtemplate-id-cdtor, which -Wall enables in every language
# mode); Clang 21 accepts the template-id. After it all three compile, and every class template is
# still not copyable.
set -u
source "$TP_REPO/tests/toolchain/lib.sh"
source "$TP_REPO/tests/toolchain/cxx.sh"
tp_sid_root || tp_fail "the sid root is not available"
cxx_begin asmjit-noncopyable-template-id
src="$work/tree/third_party/fbgemm/third_party/asmjit/src"
core="$src/asmjit/core"
mkdir -p "$core"
# api-config.h: 8b35b4c's namespace macros (GCC >= 8 and Clang branches) and its ASMJIT_NONCOPYABLE
cat >"$core/api-config.h" <<'CXX'
#ifndef ASMJIT_CORE_API_CONFIG_H_INCLUDED
#define ASMJIT_CORE_API_CONFIG_H_INCLUDED

#include <stddef.h>
#include <stdint.h>

#if defined(__clang__)
  #define ASMJIT_BEGIN_NAMESPACE                                              \
    namespace asmjit {                                                        \
      _Pragma("clang diagnostic push")                                        \
      _Pragma("clang diagnostic ignored \"-Wconstant-logical-operand\"")      \
      _Pragma("clang diagnostic ignored \"-Wunnamed-type-template-args\"")
  #define ASMJIT_END_NAMESPACE                                                \
      _Pragma("clang diagnostic pop")                                         \
    }
#elif defined(__GNUC__) && __GNUC__ >= 8
  #define ASMJIT_BEGIN_NAMESPACE                                              \
    namespace asmjit {                                                        \
      _Pragma("GCC diagnostic push")                                          \
      _Pragma("GCC diagnostic ignored \"-Wclass-memaccess\"")
  #define ASMJIT_END_NAMESPACE                                                \
      _Pragma("GCC diagnostic pop")                                           \
    }
#endif

#define ASMJIT_NONCOPYABLE(...)                                               \
  private:                                                                    \
    __VA_ARGS__(const __VA_ARGS__& other) = delete;                           \
    __VA_ARGS__& operator=(const __VA_ARGS__& other) = delete;                \
  public:

#endif // ASMJIT_CORE_API_CONFIG_H_INCLUDED
CXX
# header NAME GUARD INCLUDES BODY: one asmjit header, BODY inside ASMJIT_BEGIN/END_NAMESPACE
header() {
  { printf '#ifndef ASMJIT_CORE_%s_INCLUDED\n#define ASMJIT_CORE_%s_INCLUDED\n\n' "$2" "$2"
    for inc in api-config.h $3; do printf '#include "../core/%s"\n' "$inc"; done
    printf '\nASMJIT_BEGIN_NAMESPACE\n\n%s\n\nASMJIT_END_NAMESPACE\n\n#endif\n' "$4"
  } >"$core/$1"
}
header zone.h ZONE_H "" 'class Zone {
public:
  ASMJIT_NONCOPYABLE(Zone)
  Zone() noexcept {}
};

template<size_t N>
class ZoneTmp : public Zone {
public:
  ASMJIT_NONCOPYABLE(ZoneTmp<N>)
  ZoneTmp() noexcept : Zone() {}
  struct Storage { char data[N]; } _storage;
};'
header zonevector.h ZONEVECTOR_H zone.h 'template <typename T>
class ZoneVector {
public:
  ASMJIT_NONCOPYABLE(ZoneVector<T>)
  ZoneVector() noexcept : _data(nullptr), _size(0) {}
  size_t size() const noexcept { return _size; }
  T* _data;
  size_t _size;
};'
header zonestack.h ZONESTACK_H zone.h 'template<typename T>
class ZoneStack {
public:
  ASMJIT_NONCOPYABLE(ZoneStack<T>)
  ZoneStack() noexcept : _top(nullptr) {}
  bool empty() const noexcept { return _top == nullptr; }
  T* _top;
};'
header zonehash.h ZONEHASH_H zone.h 'class ZoneHashNode {
public:
  ASMJIT_NONCOPYABLE(ZoneHashNode)
  ZoneHashNode() noexcept : _hashNext(nullptr) {}
  ZoneHashNode* _hashNext;
};

template<typename NodeT>
class ZoneHash {
public:
  ASMJIT_NONCOPYABLE(ZoneHash<NodeT>)
  typedef NodeT Node;
  ZoneHash() noexcept : _size(0) {}
  size_t size() const noexcept { return _size; }
  size_t _size;
};'
header string.h STRING_H zone.h 'class String {
public:
  ASMJIT_NONCOPYABLE(String)
  String() noexcept {}
};

template<size_t N>
class StringTmp : public String {
public:
  ASMJIT_NONCOPYABLE(StringTmp<N>)
  StringTmp() noexcept : String() { _embeddedData[0] = 0; }
  char _embeddedData[N + 1];
};'
header radefs_p.h RADEFS_P_H zonevector.h 'template<typename T>
class RALiveSpans {
public:
  ASMJIT_NONCOPYABLE(RALiveSpans<T>)
  typedef typename T::DataType DataType;
  RALiveSpans() noexcept {}
  ZoneVector<T> _data;
};'
cat >"$work/tree/main.cc" <<'CXX'
#include <type_traits>

#include "asmjit/core/radefs_p.h"
#include "asmjit/core/string.h"
#include "asmjit/core/zone.h"
#include "asmjit/core/zonehash.h"
#include "asmjit/core/zonestack.h"
#include "asmjit/core/zonevector.h"

struct Span { typedef int DataType; };
struct Node : asmjit::ZoneHashNode {};

#define NOT_COPYABLE(...)                                                     \
  static_assert(!std::is_copy_constructible<__VA_ARGS__>::value &&            \
                !std::is_copy_assignable<__VA_ARGS__>::value, #__VA_ARGS__)
NOT_COPYABLE(asmjit::RALiveSpans<Span>);
NOT_COPYABLE(asmjit::StringTmp<16>);
NOT_COPYABLE(asmjit::ZoneHash<Node>);
NOT_COPYABLE(asmjit::ZoneStack<int>);
NOT_COPYABLE(asmjit::ZoneTmp<64>);
NOT_COPYABLE(asmjit::ZoneVector<int>);

int main() {
  asmjit::RALiveSpans<Span> spans;
  asmjit::StringTmp<16> str;
  asmjit::ZoneHash<Node> hash;
  asmjit::ZoneStack<int> stack;
  asmjit::ZoneTmp<64> zone;
  asmjit::ZoneVector<int> vec;
  zone._storage.data[0] = str._embeddedData[0];
  return int(spans._data.size() + hash.size() + vec.size()) + (stack.empty() ? 0 : 1) + zone._storage.data[0];
}
CXX
build() {
  echo "cd tree && $1 -std=c++14 -Wall -Wextra -Werror -Ithird_party/fbgemm/third_party/asmjit/src main.cc -o /w/t-$1 && /w/t-$1"
}

cxx_fails_with before-g++ "$(build g++)" "error: template-id not allowed for constructor in C++20 [-Werror=template-id-cdtor]"
cxx_fails_with before-g++-15 "$(build g++-15)" "error: template-id not allowed for constructor in C++20 [-Werror=template-id-cdtor]"
cxx_passes before-clang++ "$(build clang++)"
cxx_apply 1.12.1 asmjit-noncopyable-template-id
for f in radefs_p.h:RALiveSpans string.h:StringTmp zone.h:ZoneTmp zonehash.h:ZoneHash zonestack.h:ZoneStack \
         zonevector.h:ZoneVector; do
  grep -qx "  ASMJIT_NONCOPYABLE(${f#*:})" "$core/${f%%:*}" || tp_fail "${f%%:*}: no ASMJIT_NONCOPYABLE(${f#*:})"
done
! grep -n 'ASMJIT_NONCOPYABLE([A-Za-z]*<' "$core"/*.h || tp_fail "a template-id is left in ASMJIT_NONCOPYABLE"
for cc in g++ g++-15 clang++; do cxx_passes "after-$cc" "$(build $cc)"; done
echo "asmjit-noncopyable-template-id: passed"
