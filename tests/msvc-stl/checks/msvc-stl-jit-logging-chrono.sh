#!/usr/bin/env bash
# msvc-stl-jit-logging-chrono on the real torch/csrc/jit/runtime/logging.h, compiled for Windows by
# the oracle (Microsoft's STL), with the real tree's headers, its Windows configuration (cfg/) and
# codegen (gen/) of tests/windows-compile/lib.sh, and PyTorch's export macros as torch_cpu is built.
# Where the release lacks `#include <chrono>` (1.12 - 2.x before pytorch#127779: 1.13.1 here) the
# real header is refused with exactly the error the patchset's `errors` names, and `explain`
# names the patchset; after `torchpatch apply --only` it compiles. Where upstream has the include
# (2.6.0) the real header compiles as it is and `apply` leaves it alone (upstream-fixed).
# Usage (by run.sh): bash CHECK ORACLE-KEY VERSION TREE-KEY.
set -uo pipefail
source "$TP_REPO/tests/msvc-stl/lib.sh"
source "$TP_REPO/tests/windows-compile/lib.sh"
okey="$1" version="$2" key="$3" id=msvc-stl-jit-logging-chrono
file=torch/csrc/jit/runtime/logging.h
wc_scratch || tp_fail "no scratch folder"
# No port/: clang-cl defines _MSC_VER, so the release's own MSVC branches are taken.
inc="-I$key/cfg -I$key/cfg/aten/src -I$key/gen/aten/src -I$key/gen -I$key/src -I$key/src/aten/src"
defs="-DNDEBUG -DCAFFE2_BUILD_MAIN_LIB -DNOMINMAX -DWIN32_LEAN_AND_MEAN /bigobj"
printf '#include "%s"\nint use_logging() { return 0; }\n' "$file" >"$WC_CACHE/$s/use.cpp"

before="$WC_CACHE/$s/before.log"
if grep -q '^#include <chrono>' "$WC_CACHE/$key/src/$file"; then
  ms_compile "$okey" "$WC_CACHE" "$defs $inc $s/use.cpp" >"$before"
  expect_ok $? "$before"
  echo "  real $version $file: has <chrono> (upstream-fixed) and compiles as it is"
  wc_copy "$key" "$WC_CACHE/$s/after" "$file"
  tp_checkout "$WC_CACHE/$s/after" "$version"
  "$TORCHPATCH" --catalog "$TP_REPO/patchsets" -C "$WC_CACHE/$s/after" --color never apply --only "$id" \
    >"$WC_CACHE/$s/apply.log" 2>&1 || { cat "$WC_CACHE/$s/apply.log" >&2; tp_fail "apply --only $id failed"; }
  cmp -s "$WC_CACHE/$key/src/$file" "$WC_CACHE/$s/after/$file" || tp_fail "apply changed the upstream-fixed $file"
  echo "  real $version: apply leaves it unchanged"
  exit 0
fi
wc_copy "$key" "$WC_CACHE/$s/before" "$file"
ms_compile "$okey" "$WC_CACHE" "$defs -I$s/before $inc $s/use.cpp" >"$before"; status=$?
wc_expect_refused "$status" "$id" "$before"
echo "  real $version $file: refused before"

wc_after "$key" "$version" "$id" "$WC_CACHE/$s/after" "$file"
ms_compile "$okey" "$WC_CACHE" "$defs -I$s/after $inc $s/use.cpp" >"$WC_CACHE/$s/after.log"
expect_ok $? "$WC_CACHE/$s/after.log"
echo "  real $version $file: compiles after apply"
