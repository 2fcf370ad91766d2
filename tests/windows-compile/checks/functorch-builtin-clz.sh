#!/usr/bin/env bash
# functorch-builtin-clz on the real functorch/csrc/dim/arena.h: included for Windows after the real
# <ATen/ATen.h> (codegen headers and all), its `#ifdef _WIN32` __builtin_clz definition is refused
# with exactly the error the patchset's `errors` names; after `torchpatch apply` it compiles and
# round2min8 is usable. Debian has no Python headers for Windows (CPython's PC/pyconfig.h), so
# arena.h's other include, functorch's "minpybind.h" (a Python.h wrapper), is stood in for by the
# handful of names arena.h takes from it: irange, and handle, object::steal and object::release of
# namespace mpy (py in 1.13.1).
# Usage (by run.sh): bash CHECK VERSION KEY.
set -uo pipefail
source "$TP_REPO/tests/windows-compile/lib.sh"
version="$1" key="$2" id=functorch-builtin-clz
file=functorch/csrc/dim/arena.h
wc_scratch || tp_fail "no scratch folder"
inc="$(wc_include_flags "$key")"
wc_minpybind "$WC_CACHE/$s/py" || tp_fail "cannot write the minpybind.h stand-in"
cat >"$WC_CACHE/$s/use.cpp" <<'C'
#include "arena.h"
int use_round2min8(int n) { return round2min8(n); }
C

# arena.h's "minpybind.h" is looked up beside it first: the real file is compiled from a copy
wc_copy "$key" "$WC_CACHE/$s/before" "$file"
wc_sid "$WC_CXX $inc -I/w/$s/before/functorch/csrc/dim -I/w/$s/py /w/$s/use.cpp" >"$WC_CACHE/$s/before.log" 2>&1
wc_expect_refused $? "$id" "$WC_CACHE/$s/before.log"
echo "  real $version $file: refused before"

wc_after "$key" "$version" "$id" "$WC_CACHE/$s/after" "$file"
wc_sid "$WC_CXX $inc -I/w/$s/after/functorch/csrc/dim -I/w/$s/py /w/$s/use.cpp" >"$WC_CACHE/$s/after.log" 2>&1
expect_ok $? "$WC_CACHE/$s/after.log"
echo "  real $version $file: compiles after apply"
