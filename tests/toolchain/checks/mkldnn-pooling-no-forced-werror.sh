#!/bin/bash
# mkldnn-pooling-no-forced-werror: a project shaped like caffe2/CMakeLists.txt of 1.12 - 2.0, whose
# `# Force -Werror on several files` line compiles aten/src/ATen/native/mkldnn/Pooling.cpp with
# -Werror on top of -Wall -Wextra. Pooling.cpp includes two headers with the constructs at the
# lines of the real ones: c10/util/Metaprogramming.h:144 (`static_assert(index != index, ...)`)
# and aten/src/ATen/core/IListRef_inl.h:171 (a reference bound to a member of the temporary that
# ListIterator::operator* returns). Before the patch GCC 16 and GCC 15 fail on both
# (-Wtautological-compare, -Wdangling-reference) and `explain` names the patchset; Clang 21
# compiles it. After the patch every compiler builds it and GCC's warnings are still printed.
set -u
source "$TP_REPO/tests/toolchain/lib.sh"
source "$TP_REPO/tests/toolchain/cxx.sh"
tp_sid_root || tp_fail "the sid root is not available"
cxx_begin mkldnn-pooling-no-forced-werror
t="$work/tree"
mkdir -p "$t/caffe2" "$t/c10/util" "$t/aten/src/ATen/core" "$t/aten/src/ATen/native/mkldnn" "$t/torch/csrc/jit/tensorexpr"

# pad FILE LINE: comment lines up to LINE - 1, so that the next line written is line LINE
pad() { local n; n=$(wc -l <"$1"); while [ "$n" -lt $(($2 - 1)) ]; do echo "// (line $((n + 1)) of the real header)" >>"$1"; n=$((n + 1)); done; }

h="$t/c10/util/Metaprogramming.h"
cat >"$h" <<'CXX'
#pragma once
#include <cstddef>
template <template <class> class Condition, std::size_t index, class Enable, class... Args>
struct extract_arg_by_filtered_index_;
template <template <class> class Condition, std::size_t index>
struct extract_arg_by_filtered_index_<Condition, index, void> {
  static void call() {
    static_assert(
CXX
pad "$h" 144
printf '%s\n' '        index != index, "extract_arg_by_filtered_index out of range.");' '  }' '};' >>"$h"

h="$t/aten/src/ATen/core/IListRef_inl.h"
cat >"$h" <<'CXX'
#pragma once
#include <vector>
struct IValue { int v; };
template <class T, class Iterator>
class ListElementReference final {
 public:
  ListElementReference(Iterator iter) : iterator_(iter) {}
  const IValue& get() const& { return *iterator_; }
 private:
  Iterator iterator_;
};
template <class T, class Iterator>
class ListIterator final {
 public:
  explicit ListIterator(Iterator it) : iterator_(it) {}
  ListElementReference<T, Iterator> operator*() const { return {iterator_}; }
 private:
  Iterator iterator_;
};
using const_iterator = ListIterator<int, std::vector<IValue>::iterator>;
inline int iterator_get(const const_iterator& it) {
CXX
pad "$h" 171
printf '%s\n' '    const auto& ivalue = (*it).get();' '  return ivalue.v;' '}' >>"$h"

printf '%s\n' '#include <c10/util/Metaprogramming.h>' '#include <ATen/core/IListRef_inl.h>' \
  'int pooling() { return 0; }' >"$t/aten/src/ATen/native/mkldnn/Pooling.cpp"
echo 'int llvm_jit() { return 0; }' >"$t/torch/csrc/jit/tensorexpr/llvm_jit.cpp"
cat >"$t/caffe2/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.18)
project(torch_cpu CXX)
set(TORCH_SRC_DIR ${CMAKE_CURRENT_LIST_DIR}/../torch)
set(CMAKE_CXX_STANDARD 14)
string(APPEND CMAKE_CXX_FLAGS " -Wall -Wextra")
add_library(torch_cpu OBJECT ${CMAKE_CURRENT_LIST_DIR}/../aten/src/ATen/native/mkldnn/Pooling.cpp
            ${TORCH_SRC_DIR}/csrc/jit/tensorexpr/llvm_jit.cpp)
target_include_directories(torch_cpu PRIVATE ${CMAKE_CURRENT_LIST_DIR}/.. ${CMAKE_CURRENT_LIST_DIR}/../aten/src)

# Required workaround for LLVM 9 includes.
if(NOT MSVC)
  set_source_files_properties(${TORCH_SRC_DIR}/csrc/jit/tensorexpr/llvm_jit.cpp PROPERTIES COMPILE_FLAGS -Wno-noexcept-type)
  # Force -Werror on several files
  set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/../aten/src/ATen/native/mkldnn/Pooling.cpp PROPERTIES COMPILE_FLAGS "-Werror")
endif()
CMAKE
build() { echo "rm -rf /w/b-$1 && cmake -S tree/caffe2 -B /w/b-$1 -DCMAKE_CXX_COMPILER=$1 -Wno-dev >/dev/null && cmake --build /w/b-$1 -- -k"; }

echo "mkldnn-pooling-no-forced-werror: before the patch"
for cxx in g++-16 g++-15; do
  cxx_fails_with "before-$cxx" "$(build $cxx)" \
    "c10/util/Metaprogramming.h:144:15: error: self-comparison always evaluates to false [-Werror=tautological-compare]"
  grep -qF "aten/src/ATen/core/IListRef_inl.h:171:17: error: possibly dangling reference to a temporary [-Werror=dangling-reference]" \
    "$work/before-$cxx.log" || tp_fail "$cxx: expected the dangling-reference error as well"
done
# (cxx_fails_with checked that the build failed: 2 stands for its status)
expect_fail_explained 2 mkldnn-pooling-no-forced-werror "$work/before-g++-16.log"
cxx_passes before-clang++-21 "$(build clang++-21)"

cxx_apply 1.13.1 mkldnn-pooling-no-forced-werror
! grep -q "Pooling.cpp PROPERTIES" "$t/caffe2/CMakeLists.txt" || tp_fail "the forced -Werror line is still there"

echo "mkldnn-pooling-no-forced-werror: after the patch"
for cxx in g++-16 g++-15 clang++-21; do cxx_passes "after-$cxx" "$(build $cxx)"; done
grep -qF "[-Wdangling-reference]" "$work/after-g++-16.log" || tp_fail "g++-16: expected the warning to stay visible"
echo "  g++-16 still prints the dangling-reference warning"
echo "mkldnn-pooling-no-forced-werror: passed"
