#!/bin/bash
# onednn-graph-pbuilder-std-move: a pbuilder.cpp shaped as oneDNN Graph graph-v0.5's (PyTorch 1.12
# and 1.13): 28 unqualified move( calls that argument-dependent lookup sends to std::move, compiled
# with oneDNN's `-Wall -Werror`. Clang 21 rejects it (-Wunqualified-std-cast-call, on by default
# since Clang 15); GCC 16 accepts it. After the patch both compile it.
set -u
source "$TP_REPO/tests/toolchain/lib.sh"
source "$TP_REPO/tests/toolchain/cxx.sh"
tp_sid_root || tp_fail "the sid root is not available"
cxx_begin onednn-graph-pbuilder-std-move
file=third_party/ideep/mkl-dnn/src/utils/pm/pbuilder.cpp
mkdir -p "$work/tree/$(dirname "$file")"
{
  printf '%s\n' '#include <memory>' '#include <string>' '#include <utility>' '' \
    'int main() {' '  std::shared_ptr<int> producer = std::make_shared<int>(1), spare;'
  for i in $(seq 14); do printf '  spare = move(producer);\n  producer = move(spare);\n'; done
  printf '%s\n' '  return *producer - 1;' '}'
} >"$work/tree/$file"
[ "$(grep -c ' move(' "$work/tree/$file")" = 28 ] || tp_fail "the file does not hold 28 unqualified calls"
build() { echo "cd tree && $1 -std=c++17 -Wall -Werror $file -o /w/t-$1 && /w/t-$1"; }

cxx_fails_with before-clang++ "$(build clang++)" "error: unqualified call to 'std::move' [-Werror,-Wunqualified-std-cast-call]"
cxx_passes before-g++ "$(build g++)"
cxx_apply 1.13.1 onednn-graph-pbuilder-std-move
[ "$(grep -c 'std::move(' "$work/tree/$file")" = 28 ] || tp_fail "not every call became std::move"
for cc in clang++ g++; do cxx_passes "after-$cc" "$(build $cc)"; done
echo "onednn-graph-pbuilder-std-move: passed"
