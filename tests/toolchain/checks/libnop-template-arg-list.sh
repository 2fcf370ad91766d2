#!/bin/bash
# libnop-template-arg-list: nop::Variant's Construct/Assign as libnop 910b558 (vendored by every
# tensorpipe pin) writes them, `value_.template Construct(...)`, used the way tensorpipe uses a
# variant. Before the patch Clang 21 rejects it (GCC accepts it); after it Clang 21, GCC 16 and
# GCC 15 compile it, and the program's assignments still pick the right alternatives.
set -u
source "$TP_REPO/tests/toolchain/lib.sh"
source "$TP_REPO/tests/toolchain/cxx.sh"
tp_sid_root || tp_fail "the sid root is not available"
cxx_begin libnop-template-arg-list
d="$work/tree/third_party/tensorpipe/third_party/libnop/include/nop/types"
mkdir -p "$d"
cat >"$d/variant.h" <<'CXX'
#pragma once

#include <cstdint>
#include <new>
#include <string>
#include <type_traits>
#include <utility>

namespace nop {

template <typename T> struct TypeTag {};

// Two alternatives are enough to show the calls (libnop's detail::Union is variadic).
template <typename A, typename B>
struct Union {
  template <typename... Args>
  std::int32_t Construct(Args&&... args) {
    if constexpr (std::is_constructible_v<A, Args...>) { new (&a) A(std::forward<Args>(args)...); return 0; }
    else { new (&b) B(std::forward<Args>(args)...); return 1; }
  }
  template <typename T, typename U>
  bool Assign(TypeTag<T>, std::int32_t index, U&& value) {
    if (index != (std::is_same_v<T, A> ? 0 : 1)) return false;
    if constexpr (std::is_same_v<T, A>) a = std::forward<U>(value); else b = std::forward<U>(value);
    return true;
  }
  template <typename T>
  bool Assign(std::int32_t index, T&& value) {
    using D = std::decay_t<T>;
    return Assign(TypeTag<std::conditional_t<std::is_same_v<D, A>, A, B>>{}, index, std::forward<T>(value));
  }
  void Destruct(std::int32_t index) { if (index == 0) a.~A(); else if (index == 1) b.~B(); }
  union { A a; B b; };
  Union() {}
  ~Union() {}
};

template <typename A, typename B>
class Variant {
 public:
  ~Variant() { value_.Destruct(index_); }

  template <typename... Args>
  void Construct(Args&&... args) {
    index_ = value_.template Construct(std::forward<Args>(args)...);
  }

  template <typename T, typename U>
  void Assign(TypeTag<T>, U&& value) {
    if (!value_.template Assign(TypeTag<T>{}, index_, std::forward<U>(value))) {
      value_.Destruct(index_);
      Construct(std::forward<U>(value));
    }
  }

  template <typename T>
  void Assign(T&& value) {
    if (!value_.template Assign(index_, std::forward<T>(value))) {
      value_.Destruct(index_);
      Construct(std::forward<T>(value));
    }
  }

  std::int32_t index() const { return index_; }

 private:
  std::int32_t index_ = -1;
  Union<A, B> value_;
};

} // namespace nop
CXX
cat >"$work/tree/main.cc" <<'CXX'
#include <nop/types/variant.h>
int main() {
  nop::Variant<int, std::string> v;
  v.Construct(7);
  if (v.index() != 0) return 1;
  v.Assign(std::string("pipe"));
  if (v.index() != 1) return 2;
  v.Assign(nop::TypeTag<int>{}, 3);
  return v.index() == 0 ? 0 : 3;
}
CXX
build() { echo "cd tree && $1 -std=c++17 -Ithird_party/tensorpipe/third_party/libnop/include main.cc -o /w/t-$1 && /w/t-$1"; }

cxx_fails_with before-clang++ "$(build clang++)" \
  "error: a template argument list is expected after a name prefixed by the template keyword [-Wmissing-template-arg-list-after-template-kw]"
cxx_passes before-g++ "$(build g++)"
cxx_apply 2.6.0 libnop-template-arg-list
[ "$(grep -c 'template \(Construct\|Assign\)<>(' "$d/variant.h")" = 3 ] || tp_fail "variant.h does not have the three <> calls"
for cc in clang++ g++ g++-15; do cxx_passes "after-$cc" "$(build $cc)"; done
echo "libnop-template-arg-list: passed"
