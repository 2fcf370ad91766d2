#!/usr/bin/env bash
# A fixed sample of ATen's native CUDA kernels (issue #40 item 5): real `.cu` units of Debian's
# 1.13.1 and 2.6.0 compiled in full by nvcc 12.4 (host g++-13; -c, sm_80) with the flags each
# release's own CUDA configure gives torch_cuda (tests/sweep/cuda.sh's configure of 2.6.0; 1.13.1's
# are 2.6.0's at C++14, as its CMAKE_CUDA_STANDARD), the tree's headers and the configured headers
# and codegen of tests/windows-compile's lib.sh (wc_prepare), before and after `torchpatch apply`
# with the CUDA build's facts.
#   Before and after: `apply --dry` on the release names the files the catalog changes there, and
#   `nvcc -M` every input of the unit (the unit and each header it reads). A unit none of whose
#   inputs changes is the same compile before and after `apply`: one compile judges both, and the
#   check says so (2.6.0's). Otherwise (1.13.1's read c10/util/Registry.h and strong_type.h) the unit
#   is compiled on the tree as released, then with the changed inputs it reads, copied out and
#   patched by `torchpatch apply` with the same facts, first on the include path; `nvcc -M` then
#   proves that each changed input is read from there and not from the released tree.
#   The catalog's CUDA fixes of real units, LinearAlgebra.cu and quantization_gpu.cu, are
#   compiled before and after by their own checks (cuda_sources_1_13, boxing_has_ivalue_to).
# The units are spread across native/cuda (reductions, CUB, elementwise loops, indexing, sorting),
# each cheap enough for CI (tests/sweep/results/2.6.0-cuda12.4-sm80-nvcc.md has their times).
set -uo pipefail
source "$TP_REPO/tests/windows-compile/lib.sh"
source "$TP_REPO/tests/cuda/lib.sh"
tp_sid_root || tp_fail "no CUDA root"
wc_scratch || tp_fail "no scratch folder"

# shellcheck disable=SC2034 # read through ${!units}
UNITS_1_13_1=(aten/src/ATen/native/cuda/FillKernel.cu aten/src/ATen/native/cuda/Randperm.cu)
# shellcheck disable=SC2034
UNITS_2_6_0=(aten/src/ATen/native/cuda/FillKernel.cu aten/src/ATen/native/cuda/Randperm.cu)

# The CUDA facts of `apply` (as tests/sweep/cuda.sh's cuda_facts): nvcc 12.4, sm_80, GCC 16 with
# nvcc's own host compiler.
facts=(--fact platform=linux --fact compiler=gcc --fact compiler_version=16 --fact cuda=12.4
       --fact cuda_arch_min=8.0 --fact cuda_arch_max=8.0 --fact nvcc_host_compiler=supported
       --fact cudnn= --fact python=)

# torch_cuda's flags in 2.6.0's CUDA configure, less its include folders and its other targets'
# definitions (ONNX, gloo, tensorpipe), which no ATen kernel reads.
flags() { # STD
  echo "-DAT_PER_OPERATOR_HEADERS -DTORCH_CUDA_BUILD_MAIN_LIB -DUSE_CUDA -Dtorch_cuda_EXPORTS
    -DLIBCUDACXX_ENABLE_SIMPLIFIED_COMPLEX_OPERATIONS -D_GLIBCXX_USE_CXX11_ABI=1 -Xfatbin -compress-all
    -gencode arch=compute_80,code=sm_80 -Xcudafe --diag_suppress=cc_clobber_ignored,--diag_suppress=bad_friend_decl
    --expt-relaxed-constexpr --expt-extended-lambda -Wno-deprecated-gpu-targets
    -DCUB_WRAPPED_NAMESPACE=at_cuda_detail -DCUDA_HAS_FP16=1 -D__CUDA_NO_HALF_OPERATORS__
    -D__CUDA_NO_HALF_CONVERSIONS__ -D__CUDA_NO_HALF2_OPERATORS__ -D__CUDA_NO_BFLOAT16_CONVERSIONS__
    -O3 -DNDEBUG -std=$1 -Xcompiler=-fPIC" | tr -s ' \n' '  '
}

# nvcc_run KEY STD TREE LOG ARGS...: nvcc 12.4 on a unit of TREE (a folder under $WC_CACHE with
# aten/src first on the include path, then KEY's configured headers, codegen and real tree); with
# OVERLAY set (a folder under $WC_CACHE), its aten/src and itself come first of all.
OVERLAY=
nvcc_run() {
  local k="/w/$1" std="$2" tree="/w/$3" log="$4"; shift 4
  local inc="-I$tree/aten/src -I$tree -I/w/$s/cfg -I$k/cfg -I$k/cfg/aten/src -I$k/gen/aten/src -I$k/gen -I$k/src -I$k/src/aten/src"
  [ -z "$OVERLAY" ] || inc="-I/w/$OVERLAY/aten/src -I/w/$OVERLAY $inc"
  sid "$WC_CACHE" "export LC_ALL=C; cd $tree && nvcc $(flags "$std") $inc $*" >"$log" 2>&1
}

# patchsets_editing DRYJSON FILE...: the ids of the patchsets that `apply --dry` (its JSON) says
# will edit any of FILEs, on one line; on the next, every file those patchsets will edit.
patchsets_editing() {
  python3 -c 'import json, sys
plan, files = json.load(open(sys.argv[1])), set(sys.argv[2:])
chosen = [p for p in plan["patchsets"] if p["outcome"] == "will-apply" and
          any(e["file"] in files and e["outcome"] == "will-apply" for e in p["edits"])]
print(" ".join(sorted(p["id"] for p in chosen)))
print(" ".join(sorted({e["file"] for p in chosen for e in p["edits"] if e["outcome"] == "will-apply"})))' "$@"
}

# after_overlay KEY VERSION UNIT FILE...: sets overlay to a new folder under $WC_CACHE holding
# KEY's FILEs as `torchpatch apply --only` the patchsets that edit them (with the CUDA facts)
# leaves them, with the other files those patchsets edit; each FILE must change.
after_overlay() {
  local key="$1" version="$2" unit="$3" plan ids edited f; shift 3
  overlay="$s/after-$version-$(basename "$unit")"
  plan="$(patchsets_editing "$WC_CACHE/$s/dry-$version.json" "$@")" || tp_fail "reading apply --dry's plan of $version"
  ids="$(sed -n 1p <<<"$plan")" edited="$(sed -n 2p <<<"$plan")"
  [ -n "$ids" ] || tp_fail "apply --dry of $version names no patchset editing $*"
  # shellcheck disable=SC2086 # ids and files are whitespace-free
  wc_copy "$key" "$WC_CACHE/$overlay" $edited
  tp_checkout "$WC_CACHE/$overlay" "$version"
  # shellcheck disable=SC2086
  "$TORCHPATCH" --catalog "$TP_REPO/patchsets" -C "$WC_CACHE/$overlay" "${facts[@]}" --color never apply --only $ids \
    >"$WC_CACHE/$overlay.apply.log" 2>&1 || { cat "$WC_CACHE/$overlay.apply.log" >&2; tp_fail "apply --only $ids on $version's inputs of $unit"; }
  for f in "$@"; do
    ! cmp -s "$WC_CACHE/$key/src/$f" "$WC_CACHE/$overlay/$f" || tp_fail "apply left $f of $version as released, though --dry changes it"
  done
}

for version in 1.13.1 2.6.0; do
  key="$(wc_prepare "$version")" || tp_fail "no prepared tree of $version (tests/windows-compile/lib.sh)"
  mkdir -p "$WC_CACHE/$s/cfg/c10/cuda/impl" "$WC_CACHE/$s/cfg/ATen/cuda"
  sed 's|^#cmakedefine \([A-Za-z0-9_]*\).*|/* #undef \1 */|' "$WC_CACHE/$key/src/c10/cuda/impl/cuda_cmake_macros.h.in" \
    >"$WC_CACHE/$s/cfg/c10/cuda/impl/cuda_cmake_macros.h" || tp_fail "configuring cuda_cmake_macros.h of $version"
  sed 's/@[A-Za-z0-9_]*@/0/g' "$WC_CACHE/$key/src/aten/src/ATen/cuda/CUDAConfig.h.in" \
    >"$WC_CACHE/$s/cfg/ATen/cuda/CUDAConfig.h" || tp_fail "configuring CUDAConfig.h of $version"
  std=c++17; [ "$version" != 1.13.1 ] || std=c++14
  "$TORCHPATCH" --catalog "$TP_REPO/patchsets" -C "$WC_CACHE/$key/src" --torch-version "$version" "${facts[@]}" \
    --color never --format diff apply --dry >"$WC_CACHE/$s/dry-$version.diff" 2>"$WC_CACHE/$s/dry-$version.err"
  [ $? -le 1 ] || { cat "$WC_CACHE/$s/dry-$version.err" >&2; tp_fail "apply --dry on $version"; }
  "$TORCHPATCH" --catalog "$TP_REPO/patchsets" -C "$WC_CACHE/$key/src" --torch-version "$version" "${facts[@]}" \
    --format json apply --dry >"$WC_CACHE/$s/dry-$version.json" 2>/dev/null
  [ $? -le 1 ] || tp_fail "apply --dry --format json on $version"
  changed="$(sed -n 's|^+++ b/||p' "$WC_CACHE/$s/dry-$version.diff")"
  [ -n "$changed" ] || tp_fail "apply --dry changes nothing on $version: the CUDA facts did not reach the catalog"
  units="UNITS_${version//./_}[@]"
  for unit in "${!units}"; do
    log="$WC_CACHE/$s/$version-$(basename "$unit").log"
    nvcc_run "$key" "$std" "$key/src" "$log.deps" -M "$unit" || { cat "$log.deps" >&2; tp_fail "nvcc -M $unit ($version)"; }
    inputs="$(tr ' \\' '\n\n' <"$log.deps" | grep -c '^/')"
    touched="$(tr ' \\' '\n\n' <"$log.deps" | sed -n "s|^/w/$key/src/||p; /^[^/]/p" | grep -xF -f <(printf '%s\n' "$changed") | sort -u)"
    t0=$SECONDS
    OVERLAY='' nvcc_run "$key" "$std" "$key/src" "$log" -c "$unit" -o /tmp/unit.o
    expect_ok $? "$log"
    if [ -z "$touched" ]; then
      echo "ok   real $version $unit compiles ($((SECONDS - t0)) s); apply changes none of its $inputs inputs (one compile judges before and after)"
      continue
    fi
    echo "ok   real $version $unit before apply: compiles ($((SECONDS - t0)) s); apply changes $(wc -l <<<"$touched") of its $inputs inputs: $(echo $touched)"
    after_overlay "$key" "$version" "$unit" $touched
    t0=$SECONDS
    OVERLAY="$overlay" nvcc_run "$key" "$std" "$key/src" "$log.after" -c "$unit" -o /tmp/unit.o
    expect_ok $? "$log.after"
    OVERLAY="$overlay" nvcc_run "$key" "$std" "$key/src" "$log.after.deps" -M "$unit" || { cat "$log.after.deps" >&2; tp_fail "nvcc -M $unit ($version, after)"; }
    for f in $touched; do
      grep -qF "/w/$overlay/$f" "$log.after.deps" && ! grep -qF "/w/$key/src/$f" "$log.after.deps" ||
        tp_fail "$version $unit after apply does not read the patched $f (nvcc -M: $log.after.deps)"
    done
    echo "ok   real $version $unit after apply: compiles ($((SECONDS - t0)) s), reading the patched $(echo $touched)"
  done
done
