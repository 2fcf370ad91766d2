#!/usr/bin/env bash
# static-runtime-anon-namespace-torch-api on the real torch/csrc/jit/runtime/static/native_ops.cpp,
# compiled for Windows by the oracle (clang-cl with Microsoft's STL) as torch_cpu is (TORCH_API =
# __declspec(dllexport)), with the tree's Windows configuration (cfg/) and codegen (gen/) of
# tests/windows-compile/lib.sh: the release file's `class TORCH_API ForkedSubgraphSRLauncher` in an
# anonymous namespace is refused with exactly the error the patchset's `errors` names ("must have
# external linkage when declared 'dllexport'"), `explain` names the patchset, and after
# `torchpatch apply --only` the file compiles. (cl.exe itself accepts the class: this is clang-cl's
# error, the one a clang-cl build of torch_cpu stops at.)
# Usage (by run.sh): bash CHECK ORACLE-KEY VERSION TREE-KEY.
set -uo pipefail
source "$TP_REPO/tests/msvc-stl/lib.sh"
source "$TP_REPO/tests/windows-compile/lib.sh"
okey="$1" version="$2" key="$3" id=static-runtime-anon-namespace-torch-api
file=torch/csrc/jit/runtime/static/native_ops.cpp
wc_scratch || tp_fail "no scratch folder"
# No port/: clang-cl defines _MSC_VER, so the release's own MSVC branches are taken.
inc="-I$key/cfg -I$key/cfg/aten/src -I$key/gen/aten/src -I$key/gen -I$key/src -I$key/src/aten/src"
defs="-DNDEBUG -DCAFFE2_BUILD_MAIN_LIB -DNOMINMAX -DWIN32_LEAN_AND_MEAN /bigobj"

before="$WC_CACHE/$s/before.log"
ms_compile "$okey" "$WC_CACHE" "$defs $inc $key/src/$file" >"$before"
wc_expect_refused $? "$id" "$before"
echo "  real $version $file: refused before"

wc_after "$key" "$version" "$id" "$WC_CACHE/$s/after" "$file"
ms_compile "$okey" "$WC_CACHE" "$defs $inc $s/after/$file" >"$WC_CACHE/$s/after.log"
expect_ok $? "$WC_CACHE/$s/after.log"
echo "  real $version $file: compiles after apply"
