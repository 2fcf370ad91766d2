#!/usr/bin/env bash
# The whole-build sweep of a Windows configuration (issue #41 items 2 and 3): a release tree
# configured for Windows by its own CMake (CMake 4.3 of the sid root, Ninja, clang-cl with the
# MSVC STL oracle's headers: tests/msvc-stl/toolchain.cmake), each unit of its
# compile_commands.json compiled with the oracle (/Zs), before and after `torchpatch apply`.
# A maintainers' command like tests/sweep/sweep.sh, documented in tests/msvc-stl/README.md
# ("A Windows configuration of a real release").
#
#   bash tests/sweep/windows.sh prepare VERSION TREE WORK
#       WORK/src becomes a copy of TREE (git objects hard-linked), patched with `torchpatch apply`
#       and the Windows facts (win_facts); WORK/build-clang-cl is its Windows configure
#       (win_options), with every custom command built whose output a compile reads (codegen).
#       Steps already done are skipped (WORK/.done-STEP).
#   bash tests/sweep/windows.sh reconfigure VERSION WORK
#       after a change of the options or the catalog: apply again and configure in place (the
#       codegen and the compile cache stay; a `compile` then compiles only what changed).
#   bash tests/sweep/windows.sh options VERSION
#       the CMake options of the configure, one a line.
#   bash tests/sweep/windows.sh compile WORK [--stl TAG] [PHASE] [compile.py options]
#       compiles the configure's entries with the oracle of TAG (default vs-2022-17.14) in the sid
#       root (tests/sweep/compile.py --compiler clang-cl: cached, resumable, sampled). PHASE
#       (default `after`): `before*` compiles the tree as released (revert, compile, apply again).
#       Results: WORK/results/clang-cl-TAG-PHASE.jsonl.
#   bash tests/sweep/windows.sh summary WORK VERSION [--stl TAG] [--merge] [--how TEXT] PHASE...
#       writes tests/sweep/results/VERSION-clang-cl-TAG.md (tests/sweep/summary.py) with
#       `torchpatch explain` on each failure.
#
#   TORCHPATCH  the binary (default: build/torchpatch of this source tree)
set -u
TP_REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$TP_REPO/tests/msvc-stl/lib.sh"
TORCHPATCH="${TORCHPATCH:-$TP_REPO/build/torchpatch}"
SWEEP_DIR="$TP_REPO/tests/sweep"
SWEEP_PREFIX=windows-sweep
source "$SWEEP_DIR/work.sh"
BUILD=build-clang-cl

die() { echo "windows-sweep: $*" >&2; exit 1; }

# The facts `apply` is given: the configuration is a Windows build with clang-cl 21 and VS 2022
# 17.14's toolset (MSVC 14.44), whatever the host is; so the Windows patchsets apply.
win_facts() { printf '%s\n' --fact platform=windows --fact compiler=clang-cl --fact compiler_version=21 --fact msvc=14.44 --fact cmake=4.3; }

# win_options VERSION: the configure's options. Every default a Windows build has on that this one
# turns off is here, with its reason (tests/msvc-stl/README.md lists them too).
win_options() {
  local options=(
    -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
    --toolchain /w/tools/toolchain.cmake
    # the CPU build: no CUDA toolkit for Windows here (tests/cuda judges nvcc on Linux)
    -DUSE_CUDA=OFF
    # no Python extension: no Windows Python (python3XY.lib, Python.h for MSVC) to build it against;
    # the host's python3 runs the codegen
    -DBUILD_PYTHON=OFF -DUSE_NUMPY=OFF -DPYTHON_EXECUTABLE=/usr/bin/python3
    # NNPACK's PeachPy kernels import six: Debian's, not a download (as sweep.sh)
    -DPYTHON_SIX_SOURCE_DIR=/usr/lib/python3/dist-packages
  )
  # 2.6.0's third_party/ideep is not in any snapshot (/work/trees/README.txt): no oneDNN.
  # Elsewhere oneDNN is built, and its cmake/OpenMP.cmake, when FindOpenMP fails for clang-cl (here:
  # no libomp.lib to find, nothing links), appends FindOpenMP's cached OpenMP_<LANG>_FLAGS to every
  # flag line: NOTFOUND. They are given clang-cl's flag, the one PyTorch's own clang-cl branch uses.
  case "$1" in
  2.6.0) options+=(-DUSE_MKLDNN=OFF) ;;
  *) options+=("-DOpenMP_C_FLAGS=-Xclang -fopenmp" "-DOpenMP_CXX_FLAGS=-Xclang -fopenmp") ;;
  esac
  # cross build: host tools built natively (host_tools), since the build's own cannot run here
  options+=(-DCAFFE2_CUSTOM_PROTOC_EXECUTABLE=/w/host/protobuf/protoc -DNATIVE_BUILD_DIR=/w/host/sleef)
  printf '%s\n' "${options[@]}"
}

apply_catalog() { # WORK
  local facts; mapfile -t facts < <(win_facts)
  apply_with_facts "$1" "${facts[@]}"
}

tools() { # WORK: the sweep's tools where the sid root sees them (/w/tools)
  mkdir -p "$1/tools" && cp "$SWEEP_DIR/compile.py" "$TP_REPO/tests/msvc-stl/toolchain.cmake" "$1/tools/"
}

# The host tools a cross build runs, built natively in the sid root (GCC, -O0: they only run) from
# the tree's own sources into WORK/host: protoc (onnx's and caffe2's .proto headers; the build's
# own protoc.exe cannot run here) and sleef's header generators (mkrename, mkdisp, ...: sleef
# imports them from NATIVE_BUILD_DIR/bin when cross compiling).
host_tools() { # WORK
  sid "$1" "set -e; rm -rf /w/host; mkdir -p /w/host
    cmake -S /w/src/third_party/protobuf/cmake -B /w/host/protobuf -G Ninja -DCMAKE_POLICY_VERSION_MINIMUM=3.5 \
      -Dprotobuf_BUILD_TESTS=OFF -Dprotobuf_BUILD_SHARED_LIBS=OFF -DCMAKE_CXX_FLAGS=-w
    ninja -C /w/host/protobuf -j2 protoc
    cmake -S /w/src/third_party/sleef -B /w/host/sleef -G Ninja -DCMAKE_POLICY_VERSION_MINIMUM=3.5 \
      -DBUILD_TESTS=OFF -DBUILD_DFT=OFF -DBUILD_QUAD=OFF -DBUILD_GNUABI_LIBS=OFF -DCMAKE_C_FLAGS=-w
    ninja -C /w/host/sleef -j2 \$(ninja -C /w/host/sleef -t targets all | sed -n 's/^\\(mk[a-z_]*\\|addSuffix\\): phony\$/\\1/p')
    ls /w/host/sleef/bin" >"$1/host-tools.log" 2>&1 || { tail -n 30 "$1/host-tools.log" >&2; return 1; }
}

configure() { # WORK VERSION KEY: a fresh configure; prints how many compile commands it has
  rm -rf "${1:?}/$BUILD"
  configure_in_place "$@" || return 1
  grep -c '"file"' "$1/$BUILD/compile_commands.json"
}

configure_in_place() { # WORK VERSION KEY: the configure again over the last one (its outputs stay)
  local opts; opts="$(win_options "$2" | while IFS= read -r o; do printf '%q ' "$o"; done)" && tools "$1" || return 1
  ms_sid "$3" "$1" "cmake -S /w/src -B /w/$BUILD $opts" >"$1/configure-clang-cl.log" 2>&1 ||
    { tail -n 30 "$1/configure-clang-cl.log" >&2; return 1; }
}

# After a change of win_options or the catalog: apply again, configure in place, list the commands.
reconfigure() { # VERSION WORK
  local work key
  work="$(prepared_at "$2" default-clang-cl)" || exit 1
  lock "$work"
  tp_sid_root || die "the sid root could not be set up"
  key="$(ms_prepare "$MS_DEFAULT_TAG")" || die "the oracle could not be made"
  apply_catalog "$work" || die "apply failed (see $work/apply.log)"
  configure_in_place "$work" "$1" "$key" || die "the configure failed (see $work/configure-clang-cl.log)"
  default_commands "$work" "$key" || die "ninja -t commands failed"
  echo "windows-sweep: $work re-applied and configured again: $(grep -c '"file"' "$work/$BUILD/compile_commands.json") compile commands"
}

# Every custom command's output that a compile reads (codegen), -k 0, as sweep.sh's generate; but
# XNNPACK's build_identifier.c, a hash of every microkernel object, which would compile (not
# syntax-check) about 1,000 units first: its one unit is left to fail with a missing file.
generate() { # WORK KEY
  ms_sid "$2" "$1" "ninja -C /w/$BUILD -k 0 \$(ninja -C /w/$BUILD -t targets rule CUSTOM_COMMAND |
    grep -E '\\.(h|hpp|hh|inc|c|cc|cpp|cxx|S|s)\$' | grep -v '/build_identifier\\.c\$')" >"$1/generate-clang-cl.log" 2>&1
  echo "windows-sweep: generate: $(grep -c '^FAILED' "$1/generate-clang-cl.log") custom commands failed (see $1/generate-clang-cl.log)"
}

default_commands() { # WORK KEY
  ms_sid "$2" "$1" "ninja -C /w/$BUILD -t commands all >/w/$BUILD/default-commands.txt"
}

prepare() { # VERSION TREE WORK
  local version="$1" tree="$2" work="$3" key
  [ -d "$tree/.git" ] || die "$tree is not a release tree (no .git)"
  [ -x "$TORCHPATCH" ] || die "no torchpatch binary at $TORCHPATCH"
  mkdir -p "$work" && work="$(cd "$work" && pwd)"
  lock "$work"
  tp_sid_root || die "the sid root could not be set up"
  key="$(ms_prepare "$MS_DEFAULT_TAG")" || die "the oracle could not be made"
  step "$work" copy copy_tree "$tree" "$work/src"
  step "$work" apply apply_catalog "$work"
  step "$work" host-tools host_tools "$work"
  step "$work" configure-clang-cl configure "$work" "$version" "$key"
  step "$work" generate-clang-cl generate "$work" "$key"
  step "$work" default-clang-cl default_commands "$work" "$key"
}

compile() { # WORK [--stl TAG] [PHASE] [OPTIONS]
  local work tag="$MS_DEFAULT_TAG" phase=after key msc
  work="$(cd "$1" && pwd)" || die "no folder $1"; shift
  [ "${1:-}" = --stl ] && { tag="${2:?--stl needs a tag}"; shift 2; }
  case "${1:-}" in before | after | before-* | after-*) phase="$1"; shift ;; esac
  lock "$work"
  [ -f "$work/$BUILD/compile_commands.json" ] || die "$work/$BUILD has no configure: run prepare"
  tp_sid_root || die "the sid root could not be set up"
  key="$(ms_prepare "$tag")" && msc="$(ms_tag_field "$tag" 4)" || die "no oracle for $tag"
  tools "$work" || die "cannot write $work/tools"
  with_phase_tree "$work" "$phase" ms_sid "$key" "$work" \
    "python3 /w/tools/compile.py --work /w --build $BUILD --compiler clang-cl --label clang-cl-$tag --msvc-version ${msc:0:2}.${msc:2:2} --phase $phase $*"
}

summary() { # WORK VERSION [--stl TAG] [--merge] [--how TEXT] PHASE...
  local work="$1" version="$2" tag="$MS_DEFAULT_TAG" opts=(); shift 2
  while [ $# -gt 0 ]; do
    case "$1" in
    --stl) tag="${2:?--stl needs a tag}"; shift 2 ;;
    --merge) opts+=(--merge); shift ;;
    --how) opts+=(--how "${2:?--how needs a text}"); shift 2 ;;
    *) break ;;
    esac
  done
  python3 "$SWEEP_DIR/summary.py" --torchpatch "$TORCHPATCH" --results "$SWEEP_DIR/results" --build "$BUILD" \
    "${opts[@]}" "$work" "$version" "clang-cl-$tag" "$@"
}

case "${1:-}" in
prepare) shift; prepare "${1:?VERSION}" "${2:?TREE}" "${3:?WORK}" ;;
options) shift; win_options "${1:?VERSION}" ;;
reconfigure) shift; reconfigure "${1:?VERSION}" "${2:?WORK}" ;;
compile) shift; compile "$@" ;;
summary) shift; summary "$@" ;;
*) awk 'NR >= 2 && !/^#/ { exit } NR >= 8 { sub(/^# ?/, ""); print }' "${BASH_SOURCE[0]}"; exit 2 ;;
esac
