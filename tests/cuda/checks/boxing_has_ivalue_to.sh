#!/usr/bin/env bash
# boxing-has-ivalue-to-nvcc, judged by Debian's nvcc 12.4 with its host g++-13 (issue #40): the real
# torch/csrc/distributed/c10d/quantization/quantization_gpu.cu of Debian's trees, compiled in full
# (-c, sm_80) with the tree's headers, the configured headers and codegen of tests/windows-compile's
# lib.sh (wc_prepare; c10's cuda_cmake_macros.h configured here as a shared Linux build makes it).
#   1.13.1 before `torchpatch apply`: g++ stops on nvcc's host code for boxing.h:41 (the
#     has_ivalue_to SFINAE) with errors the patchset's `errors` names, and nothing else; `explain`
#     names the patchset. After `apply --only boxing-has-ivalue-to-nvcc` (upstream's helper alias,
#     pytorch#123377): compiles.
#   2.6.0: its boxing.h has upstream's form; apply leaves it alone and the unit compiles as it is.
# The prepared trees are tests/windows-compile's (one cache for both labels); when this check is
# the first to prepare one, the codegen (pure Python) runs in the CUDA root, which has the same
# python3-yaml and python3-typing-extensions as the sid root.
set -uo pipefail
# windows-compile's lib.sh first: it sources tests/toolchain/lib.sh, whose root and packages the
# CUDA lib.sh then replaces with its own (so `sid` and tp_sid_root are the CUDA root's).
source "$TP_REPO/tests/windows-compile/lib.sh"
source "$TP_REPO/tests/cuda/lib.sh"
tp_sid_root || tp_fail "no CUDA root"
id="boxing-has-ivalue-to-nvcc"
unit=torch/csrc/distributed/c10d/quantization/quantization_gpu.cu
boxing=aten/src/ATen/core/boxing/impl/boxing.h
wc_scratch || tp_fail "no scratch folder"

# nvcc_unit KEY STD DIR LOG: nvcc 12.4 compiles DIR/$unit (DIR under $WC_CACHE) with DIR's
# aten/src first on the include path, then the real tree of KEY; returns nvcc's status.
nvcc_unit() {
  local k="/w/$1" inc
  inc="-I/w/$3/aten/src -I/w/$s/cfg -I$k/cfg -I$k/cfg/aten/src -I$k/gen/aten/src -I$k/gen -I$k/src -I$k/src/aten/src"
  sid "$WC_CACHE" "export LC_ALL=C; nvcc -std=$2 $inc -arch=sm_80 --expt-relaxed-constexpr --expt-extended-lambda -w \
    -c /w/$3/$unit -o /tmp/unit.o" >"$4" 2>&1
}
# only_errors_of LOG: every error line of LOG is one of the patchset's `errors`.
only_errors_of() {
  local errors line n=0
  errors="$(sed -n '/^errors = \[/,/^\]/p' "$TP_REPO/patchsets/$id.toml" | sed -n 's/^ *"\(.*\)",\{0,1\} *$/\1/p')"
  while IFS= read -r line; do
    n=$((n + 1))
    grep -qF -f <(printf '%s\n' "$errors") <<<"$line" || { cat "$1" >&2; tp_fail "an error $id does not name: $line"; }
  done < <(grep -E 'error:' "$1")
  [ "$n" -gt 0 ] || { cat "$1" >&2; tp_fail "the failure printed no error line"; }
  echo "    $n error line(s), each one $id names"
}

for version in 1.13.1 2.6.0; do
  key="$(wc_prepare "$version")" || tp_fail "no prepared tree of $version (tests/windows-compile/lib.sh)"
  mkdir -p "$WC_CACHE/$s/cfg/c10/cuda/impl"
  sed 's|^#cmakedefine \([A-Za-z0-9_]*\).*|/* #undef \1 */|' "$WC_CACHE/$key/src/c10/cuda/impl/cuda_cmake_macros.h.in" \
    >"$WC_CACHE/$s/cfg/c10/cuda/impl/cuda_cmake_macros.h" || tp_fail "configuring cuda_cmake_macros.h of $version"
  std=c++17; [ "$version" != 1.13.1 ] || std=c++14 # as each release's CMake sets CMAKE_CUDA_STANDARD
  dir="$s/$version"
  wc_copy "$key" "$WC_CACHE/$dir" "$unit" "$boxing"
  tp_checkout "$WC_CACHE/$dir" "$version"
  if grep -q 'decltype(std::declval<IValue>().to<T>())' "$WC_CACHE/$dir/$boxing"; then
    t0=$SECONDS
    nvcc_unit "$key" "$std" "$dir" "$WC_CACHE/$s/before-$version.log"
    expect_fail_explained $? "$id" "$WC_CACHE/$s/before-$version.log"
    only_errors_of "$WC_CACHE/$s/before-$version.log"
    echo "ok   real $version $unit before apply ($((SECONDS - t0)) s): $(grep -m1 -o 'boxing.h:.*' "$WC_CACHE/$s/before-$version.log")"
    "$TORCHPATCH" --catalog "$TP_REPO/patchsets" -C "$WC_CACHE/$dir" --color never apply --only "$id" \
      >"$WC_CACHE/$s/apply-$version.log" 2>&1 || { cat "$WC_CACHE/$s/apply-$version.log" >&2; tp_fail "apply --only $id on $version"; }
    ! cmp -s "$WC_CACHE/$key/src/$boxing" "$WC_CACHE/$dir/$boxing" || tp_fail "apply --only $id left $boxing of $version unchanged"
    what="after apply"
  else
    grep -q 'ivalue_to_helper_t<T>' "$WC_CACHE/$dir/$boxing" || tp_fail "$version's $boxing has neither form of has_ivalue_to"
    "$TORCHPATCH" --catalog "$TP_REPO/patchsets" -C "$WC_CACHE/$dir" --color never apply --only "$id" \
      >"$WC_CACHE/$s/apply-$version.log" 2>&1 || { cat "$WC_CACHE/$s/apply-$version.log" >&2; tp_fail "apply --only $id on $version"; }
    cmp -s "$WC_CACHE/$key/src/$boxing" "$WC_CACHE/$dir/$boxing" || tp_fail "apply --only $id changed $version's $boxing"
    what="as released (upstream's helper form; apply changes nothing)"
  fi
  t0=$SECONDS
  nvcc_unit "$key" "$std" "$dir" "$WC_CACHE/$s/after-$version.log"
  expect_ok $? "$WC_CACHE/$s/after-$version.log"
  echo "ok   real $version $unit $what: compiles ($((SECONDS - t0)) s)"
done
