#!/usr/bin/env bash
# static-runtime-anon-namespace-torch-api on the real torch/csrc/jit/runtime/static/native_ops.cpp:
# compiled for Windows as torch_cpu is (TORCH_API = __declspec(dllexport)), the release file is
# refused with exactly the error the patchset's `errors` names, and compiles after `torchpatch
# apply`. Usage (by run.sh): bash CHECK VERSION KEY.
set -uo pipefail
source "$TP_REPO/tests/windows-compile/lib.sh"
version="$1" key="$2" id=static-runtime-anon-namespace-torch-api
file=torch/csrc/jit/runtime/static/native_ops.cpp
wc_scratch || tp_fail "no scratch folder"
inc="$(wc_include_flags "$key")"

wc_sid "$WC_CXX $inc /w/$key/src/$file" >"$WC_CACHE/$s/before.log" 2>&1
wc_expect_refused $? "$id" "$WC_CACHE/$s/before.log"
echo "  real $version $file: refused before"

wc_after "$key" "$version" "$id" "$WC_CACHE/$s/after" "$file"
wc_sid "$WC_CXX $inc /w/$s/after/$file" >"$WC_CACHE/$s/after.log" 2>&1
expect_ok $? "$WC_CACHE/$s/after.log"
echo "  real $version $file: compiles after apply"
