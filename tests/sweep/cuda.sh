#!/usr/bin/env bash
# The whole-build sweep of a CUDA configuration (issue #40): a release tree configured with
# USE_CUDA=ON by CMake 4 in the CUDA root (tests/cuda/lib.sh: Debian's nvcc 12.4, host g++-13), each
# `.cu` unit of its compile_commands.json compiled in full by the real nvcc (`-c`, one real
# architecture), and each C++ unit that only the CUDA build adds compiled with GCC 16 and with the
# host compiler, before and after `torchpatch apply`. A maintainers' command like
# tests/sweep/sweep.sh, documented in docs/authoring.md ("The CUDA sweep").
#
#   bash tests/sweep/cuda.sh prepare VERSION TREE WORK
#       WORK/src becomes a copy of TREE (git objects hard-linked), patched with `torchpatch apply`
#       and the CUDA facts (cuda_facts); WORK/build-cuda is its CUDA configure (cuda_options), with
#       every custom command built whose output a compile reads (codegen) and the headers of the
#       NCCL the build makes (nccl_headers); WORK/build-cpu is the same configure with USE_CUDA=OFF,
#       only to tell which units the CUDA build adds. Steps already done are skipped (WORK/.done-STEP).
#   bash tests/sweep/cuda.sh options VERSION
#       the CMake options of the CUDA configure, one a line.
#   bash tests/sweep/cuda.sh units WORK
#       writes WORK/cuda-units.txt (the `.cu` units) and WORK/cuda-cxx-units.txt (the C++ units the
#       CPU configure does not have), and prints their counts.
#   bash tests/sweep/cuda.sh compile WORK nvcc|gcc|host [PHASE] [compile.py options]
#       nvcc: the `.cu` units (cuda-units.txt) with the configure's nvcc command; gcc, host: the
#       CUDA-only C++ units (cuda-cxx-units.txt) with the root's GCC (16; bookworm's 12) or nvcc's
#       host compiler (g++-13; g++-11), -fsyntax-only.
#       tests/sweep/compile.py: cached, resumable, sampled, sharded. PHASE (default `after`):
#       `before*` compiles the tree as released (revert, compile, apply again). Results:
#       WORK/results/LABEL-COMPILER-PHASE.jsonl, LABEL naming toolkit and architecture (cuda12.4-sm80).
#   bash tests/sweep/cuda.sh summary WORK VERSION COMPILER [--merge] [--how TEXT] PHASE...
#       COMPILER as the results name it: nvcc, gcc (GCC 16), gcc-13, gcc-12, gcc-11.
#       writes tests/sweep/results/VERSION-LABEL-COMPILER.md (tests/sweep/summary.py) with
#       `torchpatch explain` on each failure.
#
#   TORCHPATCH  the binary (default: build/torchpatch of this source tree)
#   TP_CUDA_TOOLKIT  12.4 (default: tests/cuda's root, Debian sid's nvcc 12.4 with g++-13) or 11.8
#                 (Debian bookworm's nvcc 11.8 with g++-11, in a bookworm root of its own at
#                 $TP_CACHE/cuda-11.8: the toolkit of the 1.12 and 1.13 era, which still builds sm_35;
#                 bookworm's CMake is 3.25 and its GCC 12, since sid's CMake 4 and GCC 16 cannot
#                 run there)
#   TP_CUDA_ARCH  the architecture (TORCH_CUDA_ARCH_LIST, default 8.0: one real architecture that
#                 every toolkit here supports, the A100's; the guides' 1.12 build is 3.5)
set -u
TP_REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$TP_REPO/tests/cuda/lib.sh"
TOOLKIT="${TP_CUDA_TOOLKIT:-12.4}"
case "$TOOLKIT" in
12.4) HOST_CXX=g++-13 CXX_MAJOR=16 ;;
11.8)
  TP_SID_ROOT="$TP_CACHE/cuda-11.8" TP_SID_SUITE=bookworm HOST_CXX=g++-11 CXX_MAJOR=12
  TP_SID_PACKAGES=(nvidia-cuda-toolkit g++-11 g++ cmake ninja-build make python3 python3-yaml
                   python3-typing-extensions python3-six git) ;;
*) echo "cuda-sweep: no root has CUDA $TOOLKIT (12.4 or 11.8)" >&2; exit 2 ;;
esac
TORCHPATCH="${TORCHPATCH:-$TP_REPO/build/torchpatch}"
SWEEP_DIR="$TP_REPO/tests/sweep"
SWEEP_PREFIX=cuda-sweep
source "$SWEEP_DIR/work.sh"
BUILD=build-cuda
ARCH="${TP_CUDA_ARCH:-8.0}"
# the results' label: toolkit, architecture, compiler (cuda12.4-sm80-nvcc)
LABEL="cuda$TOOLKIT-sm${ARCH//./}"

die() { echo "cuda-sweep: $*" >&2; exit 1; }


# The facts `apply` is given: the root's toolkit, the architecture, the root's GCC as the C++
# compiler and the toolkit's own as nvcc's host compiler (supported); Python unknown (the extension
# is not built here).
cuda_facts() {
  printf '%s\n' --fact platform=linux --fact compiler=gcc --fact "compiler_version=$CXX_MAJOR" --fact "cuda=$TOOLKIT" \
    --fact "cuda_arch_min=$ARCH" --fact "cuda_arch_max=$ARCH" --fact nvcc_host_compiler=supported \
    --fact cudnn= --fact python=
}

# cuda_options VERSION [cuda|cpu]: the configure's options. Every default a CUDA build has on that
# this one turns off is here, with its reason.
cuda_options() {
  local options=(
    -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
    "-DCMAKE_C_COMPILER=gcc-$CXX_MAJOR" "-DCMAKE_CXX_COMPILER=g++-$CXX_MAJOR"
    # nvcc 12.4 refuses GCC 16 (crt/host_config.h; the gate nvcc-host-compiler-unsupported): the
    # toolkit's own host compiler (g++-13; 11.8's g++-11), as a user told by that gate would
    # configure (CUDA_HOST_COMPILER: FindCUDA's name, which older releases read)
    "-DCMAKE_CUDA_HOST_COMPILER=$HOST_CXX" "-DCUDA_HOST_COMPILER=/usr/bin/$HOST_CXX"
    # no cuDNN in the root: Debian's nvidia-cudnn downloads NVIDIA's archive when installed
    -DUSE_CUDNN=OFF
    # no Python extension (its CUDA units are few: torch/csrc/cuda's bindings); the root's python3 runs the codegen
    -DBUILD_PYTHON=OFF -DUSE_NUMPY=OFF -DPYTHON_EXECUTABLE=/usr/bin/python3
    # NNPACK's PeachPy kernels import six: Debian's (python3-six), not a download at configure time
    -DPYTHON_SIX_SOURCE_DIR=/usr/lib/python3/dist-packages
  )
  case "${2:-cuda}" in cpu) options+=(-DUSE_CUDA=OFF) ;; *) options+=(-DUSE_CUDA=ON "-DTORCH_CUDA_ARCH_LIST=$ARCH") ;; esac
  # 2.6.0's third_party/ideep is not in any snapshot (/work/trees/README.txt): no oneDNN
  case "$1" in 2.6.0) options+=(-DUSE_MKLDNN=OFF) ;; esac
  printf '%s\n' "${options[@]}"
}

apply_catalog() { # WORK
  local facts; mapfile -t facts < <(cuda_facts)
  apply_with_facts "$1" "${facts[@]}"
}

tools() { mkdir -p "$1/tools" && cp "$SWEEP_DIR/compile.py" "$1/tools/"; }

configure() { # WORK VERSION cuda|cpu: a fresh configure; prints how many compile commands it has
  local build=build-$3 opts
  opts="$(cuda_options "$2" "$3" | while IFS= read -r o; do printf '%q ' "$o"; done)" || return 1
  rm -rf "${1:?}/$build"
  sid "$1" "cmake -S /w/src -B /w/$build $opts" >"$1/configure-$3.log" 2>&1 || { tail -n 30 "$1/configure-$3.log" >&2; return 1; }
  grep -c '"file"' "$1/$build/compile_commands.json"
}

# Every custom command's output that a compile reads (codegen), -k 0, as sweep.sh's generate; but
# XNNPACK's build_identifier.c, a hash of every microkernel object, as tests/sweep/windows.sh.
generate() { # WORK
  sid "$1" "ninja -C /w/$BUILD -k 0 \$(ninja -C /w/$BUILD -t targets rule CUSTOM_COMMAND |
    grep -E '\\.(h|hpp|hh|cuh|inc|c|cc|cpp|cxx|cu|S|s)\$' | grep -v '/build_identifier\\.c\$')" >"$1/generate-cuda.log" 2>&1
  echo "cuda-sweep: generate: $(grep -c '^FAILED' "$1/generate-cuda.log") custom commands failed (see $1/generate-cuda.log)"
}

# The NCCL the build makes (third_party/nccl, an ExternalProject built by its Makefile) exports
# nccl.h, generated from nccl.h.in; the units that include it need only its headers, not the
# library (an hour of nvcc): its Makefile's header targets alone, in the build folder CMake gave it.
nccl_headers() { # WORK
  local inc
  inc="$(grep -o -- '-I[^ ]*/nccl/include' "$1/$BUILD/build.ninja" | head -n 1)"
  [ -n "$inc" ] || { echo "cuda-sweep: the configure builds no NCCL (no nccl/include folder)"; return 0; }
  inc="${inc#-I}"
  sid "$1" "make -C /w/src/third_party/nccl/nccl/src BUILDDIR=${inc%/include} CUDA_HOME=/usr NVCC=/usr/bin/nvcc \
    $inc/nccl.h $inc/nccl_net.h" >"$1/nccl-headers.log" 2>&1 || { tail -n 20 "$1/nccl-headers.log" >&2; return 1; }
}

default_commands() { # WORK
  sid "$1" "ninja -C /w/$BUILD -t commands all >/w/$BUILD/default-commands.txt"
}

# units WORK: the `.cu` units the default target compiles, and the C++ units of the CUDA configure
# that the CPU configure does not have (torch_cuda, c10_cuda, the CUDA parts of c10d and gloo, the
# CUDA tests): outputs, one a line.
units() {
  python3 - "$SWEEP_DIR" "$1" <<'EOF'
import os, sys
sys.dont_write_bytecode = True
sys.path.insert(0, sys.argv[1])
from compile import load_entries  # what compile.py's --files names: the default target's entries
work = sys.argv[2]
cuda = load_entries(work, "build-cuda")
# CMake 4 writes absolute outputs: compared within each build folder
def within(e, build):
    return os.path.relpath(os.path.join(e["directory"], e["output"]), os.path.join("/w", build))
cpu = {within(e, "build-cpu") for e in load_entries(work, "build-cpu")}
cu = [e["output"] for e in cuda if e["file"].endswith(".cu")]
cxx = [e["output"] for e in cuda if not e["file"].endswith(".cu") and within(e, "build-cuda") not in cpu]
for name, units in (("cuda-units.txt", cu), ("cuda-cxx-units.txt", cxx)):
    with open(os.path.join(work, name), "w", encoding="utf-8") as f:
        f.write("".join(u + "\n" for u in units))
print(f"cuda-sweep: {len(cu)} .cu units (cuda-units.txt), {len(cxx)} CUDA-only C++ units (cuda-cxx-units.txt)")
EOF
}

prepare() { # VERSION TREE WORK
  local version="$1" tree="$2" work="$3"
  [ -d "$tree/.git" ] || die "$tree is not a release tree (no .git)"
  [ -x "$TORCHPATCH" ] || die "no torchpatch binary at $TORCHPATCH"
  mkdir -p "$work" && work="$(cd "$work" && pwd)"
  lock "$work"
  tp_sid_root || die "the CUDA root could not be set up"
  step "$work" copy copy_tree "$tree" "$work/src"
  step "$work" apply apply_catalog "$work"
  step "$work" configure-cuda configure "$work" "$version" cuda
  step "$work" configure-cpu configure "$work" "$version" cpu
  step "$work" generate-cuda generate "$work"
  step "$work" nccl-headers nccl_headers "$work"
  step "$work" default-cuda default_commands "$work"
  units "$work"
}

compile() { # WORK nvcc|gcc|host [PHASE] [OPTIONS]
  local work compiler label list phase=after
  work="$(prepared_at "$1" default-cuda)" || exit 1
  label="${2:?name the compiler: nvcc, gcc or host}"; shift 2
  case "$label" in
  nvcc) compiler=nvcc list=cuda-units.txt ;;
  gcc) compiler=gcc list=cuda-cxx-units.txt; [ "$CXX_MAJOR" = 16 ] || compiler="gcc-$CXX_MAJOR" ;;
  host) compiler="${HOST_CXX/g++/gcc}" list=cuda-cxx-units.txt ;;
  *) die "no such compiler: $label (nvcc, gcc, host)" ;;
  esac
  case "${1:-}" in before | after | before-* | after-*) phase="$1"; shift ;; esac
  lock "$work"
  [ -f "$work/$list" ] || units "$work" || die "listing the units failed"
  tp_sid_root || die "the CUDA root could not be set up"
  tools "$work" || die "cannot write $work/tools"
  with_phase_tree "$work" "$phase" sid "$work" \
    "python3 /w/tools/compile.py --work /w --build $BUILD --compiler $compiler --label $LABEL-$compiler --within /w/$list --phase $phase $*"
}

summary() { # WORK VERSION COMPILER [--merge] [--how TEXT] PHASE...: counted against the units compiled
  local work="$1" version="$2" compiler="$3" list=cuda-cxx-units.txt; shift 3
  [ "$compiler" = nvcc ] && list=cuda-units.txt
  python3 "$SWEEP_DIR/summary.py" --torchpatch "$TORCHPATCH" --results "$SWEEP_DIR/results" --build "$BUILD" \
    --within "$work/$list" "$work" "$version" "$LABEL-$compiler" "$@"
}

case "${1:-}" in
prepare) shift; prepare "${1:?VERSION}" "${2:?TREE}" "${3:?WORK}" ;;
options) shift; cuda_options "${1:?VERSION}" ;;
units) shift; units "$(cd "${1:?WORK}" && pwd)" ;;
compile) shift; compile "$@" ;;
summary) shift; summary "$@" ;;
*) awk 'NR >= 2 && !/^#/ { exit } NR >= 9 { sub(/^# ?/, ""); print }' "${BASH_SOURCE[0]}"; exit 2 ;;
esac
