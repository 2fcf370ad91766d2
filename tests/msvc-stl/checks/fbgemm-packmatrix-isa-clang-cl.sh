#!/usr/bin/env bash
# fbgemm-packmatrix-isa-clang-cl on its own cases, compiled for Windows by the oracle (clang-cl with
# Microsoft's STL) as FBGEMM's units are (FBGEMM_API = __declspec(dllexport): PyTorch builds FBGEMM
# as a DLL on Windows and its units define FBGEMM_EXPORTS): a unit that instantiates the
# dll-interface PackAMatrix, as src/PackAMatrix.cc does, is refused with exactly the patchset's error
# ("no member named 'isA' in 'fbgemm::PackAMatrix<...>'"), `explain` names the patchset, and with
# the case's after/ header it compiles. Debian's trees have no third_party/fbgemm, so the real
# Fbgemm.h is judged by the Windows sweep (tests/sweep/results/README.md: 8 of FBGEMM's 64 units
# fail before, 0 after, in 1.13.1 and 2.6.0); this check runs the catalog's own cases, abridged
# from the real header: 2.6.0's with the 2.6.0 tree, 1.12.1's CRLF copy (the lines 1.13.1 has too)
# with the 1.13.1 tree.
# Usage (by run.sh): bash CHECK ORACLE-KEY VERSION TREE-KEY.
set -uo pipefail
source "$TP_REPO/tests/msvc-stl/lib.sh"
source "$TP_REPO/tests/windows-compile/lib.sh"
okey="$1" version="$2" id=fbgemm-packmatrix-isa-clang-cl
case "$version" in
2.6.0) name=v2.6.0-clang-cl ;;
1.13.1) name=v1.12.1-crlf-clang-cl ;;
*) tp_fail "no case of $id for $version" ;;
esac
cases="$TP_REPO/patchsets/cases/$id/$name"
[ -d "$cases/before" ] && [ -d "$cases/after" ] || tp_fail "no case $cases"
wc_scratch || tp_fail "no scratch folder"
for phase in before after; do
  mkdir -p "$WC_CACHE/$s/$phase" && cp -R "$cases/$phase/." "$WC_CACHE/$s/$phase/" || tp_fail "copying $cases/$phase"
  # What Fbgemm.h includes first (<cstdint>, FbgemmBuild.h's macro), then the explicit
  # instantiation of src/PackAMatrix.cc.
  cat >"$WC_CACHE/$s/$phase/use.cpp" <<'CPP'
#include <cstdint>
#define FBGEMM_API __declspec(dllexport)
#include "third_party/fbgemm/include/fbgemm/Fbgemm.h"
template class FBGEMM_API fbgemm::PackAMatrix<std::uint8_t, std::int32_t>;
CPP
done

ms_compile "$okey" "$WC_CACHE" "-I$s/before $s/before/use.cpp" >"$WC_CACHE/$s/before.log"
wc_expect_refused $? "$id" "$WC_CACHE/$s/before.log"
echo "  case $name: refused before"
ms_compile "$okey" "$WC_CACHE" "-I$s/after $s/after/use.cpp" >"$WC_CACHE/$s/after.log"
expect_ok $? "$WC_CACHE/$s/after.log"
echo "  case $name: compiles after apply"
