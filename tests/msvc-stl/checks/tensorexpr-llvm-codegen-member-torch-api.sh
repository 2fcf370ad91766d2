#!/usr/bin/env bash
# tensorexpr-llvm-codegen-member-torch-api on the real torch/csrc/jit/tensorexpr/llvm_codegen.h,
# compiled for Windows by the oracle (clang-cl with Microsoft's STL) as a build with the LLVM
# backend compiles it (USE_LLVM: TORCH_ENABLE_LLVM; the header itself includes no LLVM header), with
# the tree's Windows configuration (cfg/) and codegen (gen/) of tests/windows-compile/lib.sh: once as
# torch_cpu is built (TORCH_API = __declspec(dllexport)) and once as a library that uses torch_cpu
# (dllimport). Each time the release header is refused with exactly the errors the patchset's
# `errors` names (three: `TORCH_API void call`, `call_raw`, `call_with_numel` inside the TORCH_API
# class), `explain` names the patchset, and after `torchpatch apply --only` it compiles.
# Usage (by run.sh): bash CHECK ORACLE-KEY VERSION TREE-KEY.
set -uo pipefail
source "$TP_REPO/tests/msvc-stl/lib.sh"
source "$TP_REPO/tests/windows-compile/lib.sh"
okey="$1" version="$2" key="$3" id=tensorexpr-llvm-codegen-member-torch-api
file=torch/csrc/jit/tensorexpr/llvm_codegen.h
wc_scratch || tp_fail "no scratch folder"
# No port/: clang-cl defines _MSC_VER, so the release's own MSVC branches are taken.
inc="-I$key/cfg -I$key/cfg/aten/src -I$key/gen/aten/src -I$key/gen -I$key/src -I$key/src/aten/src"
defs="-DNDEBUG -DNOMINMAX -DWIN32_LEAN_AND_MEAN -DTORCH_ENABLE_LLVM /bigobj"
printf '#include "%s"\nbool use_llvm_codegen() { return &torch::jit::tensorexpr::LLVMAOTWorkflow != nullptr; }\n' \
  "$file" >"$WC_CACHE/$s/use.cpp"

wc_copy "$key" "$WC_CACHE/$s/before" "$file"
wc_after "$key" "$version" "$id" "$WC_CACHE/$s/after" "$file"
for side in export import; do
  api=""
  [ "$side" = import ] || api=-DCAFFE2_BUILD_MAIN_LIB
  before="$WC_CACHE/$s/before-$side.log"
  ms_compile "$okey" "$WC_CACHE" "$defs $api -I$s/before $inc $s/use.cpp" >"$before"
  wc_expect_refused $? "$id" "$before"
  [ "$(grep -c 'error:' "$before")" -eq 3 ] || { cat "$before" >&2; tp_fail "expected 3 errors (dll$side)"; }
  echo "  real $version $file: refused before (TORCH_API = dll$side)"
  ms_compile "$okey" "$WC_CACHE" "$defs $api -I$s/after $inc $s/use.cpp" >"$WC_CACHE/$s/after-$side.log"
  expect_ok $? "$WC_CACHE/$s/after-$side.log"
  echo "  real $version $file: compiles after apply (TORCH_API = dll$side)"
done
