#!/usr/bin/env bash
# select_compute_arch.cmake judged by the real CMake 4 and nvcc 12.4 (no GPU): the file of Debian's
# 1.13.1 tree (the shape of 1.12 - 2.1) and of 2.6.0, each before and after `torchpatch apply`, run
# as PyTorch runs it (CUDA enabled as a language, CUDA_SELECT_NVCC_ARCH_FLAGS on
# TORCH_CUDA_ARCH_LIST, "Auto" when unset), then nvcc compiling a kernel with the flags it gives.
#   unset list, 1.13.1 before: "Building for common architectures" with 3.5 -> nvcc fails with
#     select-compute-arch-cuda12-drop-3-5's error; after: compiles. 2.6.0: compiles as it is.
#   12.0 / 9.0a, 1.13.1 before: configure fails with select-compute-arch-names's error; after:
#     compute_120 (nvcc 12.4 refuses it: the gate cuda-arch-needs-cuda-12-8) / compute_90a (compiles).
#   3.5: nvcc refuses it on every tree (the gate cuda-arch-below-5-needs-cuda-11); 5.0 compiles.
# Each gate's verdict comes from torchpatch's own detection on the root's real Debian layout
# (nvcc in usr/bin, cuda.h in usr/include) with TORCH_CUDA_ARCH_LIST set.
set -uo pipefail
source "$TP_REPO/tests/cuda/lib.sh"
tp_sid_root || tp_fail "no CUDA root"
source "$TP_REPO/tests/real/get_trees.sh"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
sca=cmake/Modules_CUDA_fix/upstream/FindCUDA/select_compute_arch.cmake

# tree_file VERSION [ID...]: the real file of Debian's VERSION tree, into $tmp/VERSION/before (a
# checkout) and $tmp/VERSION/after (the same after `torchpatch apply --only ID` for each ID).
tree_file() {
  local v="$1" tarball id; shift
  tarball="$(tp_real_tarball "$v")" || tp_fail "no Debian tree of $v (tests/real/get_trees.sh)"
  mkdir -p "$tmp/$v/before"
  tar -xJf "$tarball" -C "$tmp/$v/before" --strip-components=1 --wildcards "*/$sca" || tp_fail "extracting $sca of $v"
  tp_checkout "$tmp/$v/before" "$v"
  cp -a "$tmp/$v/before" "$tmp/$v/after"
  for id in "$@"; do tp_apply "$tmp/$v/after" "$id"; done
  git -C "$tmp/$v/after" diff --quiet && [ $# -gt 0 ] && tp_fail "apply changed nothing on $v"
  return 0
}
tree_file 1.13.1 select-compute-arch-cuda12-drop-3-5 select-compute-arch-names
tree_file 2.6.0 # both patchsets are upstream's there (not-applicable): only before/ is judged

# The project PyTorch's cmake/public/cuda.cmake amounts to here, and a kernel to compile.
mkdir -p "$tmp/proj"
cat >"$tmp/proj/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.18)
project(arch LANGUAGES CXX CUDA)
include("${SCA}")
CUDA_SELECT_NVCC_ARCH_FLAGS(flags $ENV{TORCH_CUDA_ARCH_LIST})
string(REPLACE ";" " " flags "${flags}")
file(WRITE "${CMAKE_BINARY_DIR}/flags" "${flags}")
CMAKE
printf '__global__ void k(float* x) { x[threadIdx.x] *= 2.0f; }\n' >"$tmp/proj/k.cu"

# judge TREE SIDE LIST: configure (one build folder for all, reconfigured with another SCA, so that
# CMake detects nvcc and its host g++-13 once), then nvcc with the flags; leaves $tmp/NAME.log and
# prints "configure-failed", "compile-failed" or "ok".
judge() {
  local name="$1-$2-${3:-unset}" build="build"
  sid "$tmp" "export TORCH_CUDA_ARCH_LIST='$3'; [ -n '$3' ] || unset TORCH_CUDA_ARCH_LIST
    rm -f '$build/flags'
    cmake -S proj -B '$build' -DSCA=/w/$1/$2/$sca >'$name.log' 2>&1 || { echo configure-failed; exit 0; }
    echo \"flags: \$(cat '$build/flags')\" >>'$name.log'
    nvcc -c proj/k.cu -o '$build/k.o' \$(cat '$build/flags') >>'$name.log' 2>&1 || { echo compile-failed; exit 0; }
    echo ok"
}
explains() { expect_explained 1 "$2" "$1"; } # LOG ID: torchpatch explain names ID for LOG
expect() { # TREE SIDE LIST OUTCOME [ID]
  local got; got="$(judge "$1" "$2" "$3")"
  local log="$tmp/$1-$2-${3:-unset}.log"
  [ "$got" = "$4" ] || { cat "$log" >&2; tp_fail "$1 $2 TORCH_CUDA_ARCH_LIST='$3': $got, expected $4"; }
  [ -z "${5:-}" ] || explains "$log" "$5"
  echo "ok   $1 $2 TORCH_CUDA_ARCH_LIST='$3': $4${5:+ ($5)}; $({ grep -m1 -E 'nvcc fatal|Unknown CUDA' "$log" || grep -m1 'flags:' "$log"; } | sed 's/^ *//' | cut -c1-150)"
}
# gate ID LIST VERDICT: torchpatch's verdict on the gate, its facts detected in the root.
gate() {
  local out
  out="$(env -i PATH="$TP_SID_ROOT/usr/bin" TORCH_CUDA_ARCH_LIST="$2" "$TORCHPATCH" -C "$tmp/1.13.1/before" list 2>&1)"
  grep -qE "^gate $3 +$1( |\$)" <<<"$out" || { echo "$out" >&2; tp_fail "gate $1 with TORCH_CUDA_ARCH_LIST=$2: not '$3'"; }
  echo "ok   gate $1 with TORCH_CUDA_ARCH_LIST=$2 (cuda detected in the root): $3"
}

expect 1.13.1 before "" compile-failed select-compute-arch-cuda12-drop-3-5
expect 1.13.1 after "" ok
expect 2.6.0 before "" ok
expect 1.13.1 before "12.0" configure-failed select-compute-arch-names
expect 1.13.1 after "12.0" compile-failed cuda-arch-needs-cuda-12-8
expect 2.6.0 before "12.0" compile-failed cuda-arch-needs-cuda-12-8
gate cuda-arch-needs-cuda-12-8 "8.9;12.0" blocks
gate cuda-arch-needs-cuda-12-8 "8.9" clear
expect 1.13.1 before "9.0a" configure-failed select-compute-arch-names
expect 1.13.1 after "9.0a" ok
expect 1.13.1 after "3.5" compile-failed cuda-arch-below-5-needs-cuda-11
expect 2.6.0 before "3.5" compile-failed cuda-arch-below-5-needs-cuda-11
gate cuda-arch-below-5-needs-cuda-11 "3.5;8.0" blocks
expect 2.6.0 before "5.0" ok
gate cuda-arch-below-5-needs-cuda-11 "5.0;8.0" clear
