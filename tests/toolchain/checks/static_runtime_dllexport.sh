#!/usr/bin/env bash
# static-runtime-anon-namespace-torch-api with today's Clang in MSVC mode (what clang-cl and
# IntelLLVM do on Windows, where TORCH_API is __declspec(dllexport) while torch is built): the
# native_ops.cpp of the patchset's will-apply case is refused as it stands with an error the
# patchset's `errors` list names, and compiles after `torchpatch apply`, whose exported
# declarations outside the anonymous namespace keep their TORCH_API.
set -uo pipefail
source "$TP_REPO/tests/toolchain/lib.sh"
tp_sid_root || tp_fail "no sid root"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
id=static-runtime-anon-namespace-torch-api
src=torch/csrc/jit/runtime/static/native_ops.cpp

tp_case_tree "$id" v2.0.1-torch-api-class "$tmp/before"
cp -a "$tmp/before" "$tmp/after"
tp_apply "$tmp/after" "$id"
grep -q '^class ForkedSubgraphSRLauncher {' "$tmp/after/$src" || tp_fail "after/: the class kept its TORCH_API"
[ "$(grep -c 'TORCH_API' "$tmp/after/$src")" -eq 2 ] || tp_fail "after/: the exported declarations lost TORCH_API"

# Stand-ins for the headers native_ops.cpp includes: declarations of just the names it uses (there
# is no MSVC STL here, so the few std names too). TORCH_API is what c10/macros/Export.h makes it
# on Windows while building torch.
inc="$tmp/inc"
mkdir -p "$inc/torch/csrc/jit/runtime/static" "$inc/torch/csrc/jit/ir" "$inc/ATen" "$inc/c10/util"
: > "$inc/ATen/CPUFunctions.h"; : > "$inc/c10/util/irange.h"; : > "$inc/torch/csrc/jit/ir/ir.h"
: > "$inc/torch/csrc/jit/runtime/static/impl.h"
cat > "$inc/torch/csrc/jit/runtime/static/ops.h" <<'H'
#pragma once
#define TORCH_API __declspec(dllexport)
#define C10_DEFINE_REGISTRY(name, type) \
  struct name##Type { bool Has(const std::string&) const; }; name##Type* name();
namespace std {
struct string { string(const char*); };
struct exception { virtual const char* what() const; };
struct exception_ptr {};
template <class E> exception_ptr make_exception_ptr(E);
template <class T> T&& move(T& t) { return static_cast<T&&>(t); }
template <class T> struct shared_ptr { T& operator*() const; T* operator->() const; };
template <class T> struct vector { const T& at(unsigned) const; };
} // namespace std
namespace c10 {
struct Symbol { const char* toQualString() const; };
template <class T> struct intrusive_ptr { T* operator->() const; };
template <class T, class... A> intrusive_ptr<T> make_intrusive(A&&...);
struct Type {};
using TypePtr = std::shared_ptr<Type>;
namespace ivalue {
struct Future {
  struct FutureError { FutureError(const char*); };
  explicit Future(TypePtr);
  void waitAndThrow();
  int value();
  void markCompleted(int);
  void setErrorIfNeeded(std::exception_ptr);
};
} // namespace ivalue
} // namespace c10
namespace torch { namespace jit {
using c10::TypePtr;
using Future = c10::ivalue::Future;
struct IValue {};
struct Node {};
struct TaskLauncher {};
struct Kwargs {};
struct Value { TypePtr type() const; };
struct Graph { std::vector<Value*> outputs() const; };
struct StaticModule {};
struct StaticRuntime {
  explicit StaticRuntime(const StaticModule&);
  c10::intrusive_ptr<Future> runAsync(const std::vector<IValue>&, const Kwargs&, TaskLauncher);
};
using SROperator = int;
struct SROperatorFunctor {};
}} // namespace torch::jit
H
msvc='clang++ --target=x86_64-pc-windows-msvc -fms-extensions -fms-compatibility -std=c++17 -fsyntax-only'
for t in before after; do
  sid "$tmp" "$msvc -Iinc $t/$src" >"$tmp/log" 2>&1
  status=$?
  if [ "$t" = before ]; then expect_fail_explained "$status" "$id" "$tmp/log"; else expect_ok "$status" "$tmp/log"; fi
  echo "ok   clang++ --target=x86_64-pc-windows-msvc, TORCH_API=__declspec(dllexport): $t/ $([ $t = before ] && echo refused || echo compiles)"
done
echo "static_runtime_dllexport: passed"
