#!/usr/bin/env bash
# functorch-builtin-clz on the real functorch/csrc/dim/arena.h, compiled for Windows by the oracle
# (clang-cl with Microsoft's STL), after the real <ATen/ATen.h> with the tree's Windows
# configuration (cfg/) and codegen (gen/) of tests/windows-compile/lib.sh and PyTorch's export
# macros as torch_cpu is built. clang-cl defines _WIN32 and has __builtin_clz, so the release's
# `#ifdef _WIN32` definition of `unsigned int __builtin_clz(unsigned int)` is refused with exactly
# the error the patchset's `errors` names ("functions that differ only in their return type cannot
# be overloaded", the same Clang error as with MinGW's libstdc++), and `explain` names the
# patchset; after `torchpatch apply --only` it compiles and round2min8 is usable. As in
# tests/windows-compile's check, arena.h's other include, functorch's "minpybind.h" (a Python.h
# wrapper: there are no CPython headers for Windows here), is stood in for by the names arena.h
# takes from it: irange, and handle, object::steal and object::release of namespace mpy (py in
# 1.13.1).
# Usage (by run.sh): bash CHECK ORACLE-KEY VERSION TREE-KEY.
set -uo pipefail
source "$TP_REPO/tests/msvc-stl/lib.sh"
source "$TP_REPO/tests/windows-compile/lib.sh"
okey="$1" version="$2" key="$3" id=functorch-builtin-clz
file=functorch/csrc/dim/arena.h
wc_scratch || tp_fail "no scratch folder"
# No port/: clang-cl defines _MSC_VER, so the release's own MSVC branches are taken.
inc="-I$key/cfg -I$key/cfg/aten/src -I$key/gen/aten/src -I$key/gen -I$key/src -I$key/src/aten/src"
defs="-DNDEBUG -DCAFFE2_BUILD_MAIN_LIB -DNOMINMAX -DWIN32_LEAN_AND_MEAN /bigobj"
wc_minpybind "$WC_CACHE/$s/py" || tp_fail "cannot write the minpybind.h stand-in"
printf '#include "arena.h"\nint use_round2min8(int n) { return round2min8(n); }\n' >"$WC_CACHE/$s/use.cpp"

# arena.h's "minpybind.h" is looked up beside it first: the real file is compiled from a copy
before="$WC_CACHE/$s/before.log"
wc_copy "$key" "$WC_CACHE/$s/before" "$file"
ms_compile "$okey" "$WC_CACHE" "$defs -I$s/before/functorch/csrc/dim -I$s/py $inc $s/use.cpp" >"$before"
wc_expect_refused $? "$id" "$before"
echo "  real $version $file: refused before"

wc_after "$key" "$version" "$id" "$WC_CACHE/$s/after" "$file"
ms_compile "$okey" "$WC_CACHE" "$defs -I$s/after/functorch/csrc/dim -I$s/py $inc $s/use.cpp" >"$WC_CACHE/$s/after.log"
expect_ok $? "$WC_CACHE/$s/after.log"
echo "  real $version $file: compiles after apply"
