# The whole-build sweep (issue #24): every translation unit of a release's default CPU build,
# compiled with today's compilers after `torchpatch apply`. A maintainers' command, documented in
# docs/authoring.md ("The whole-build sweep"); CI runs only its slice (tests/sweep/slice.sh).
#
#   bash tests/sweep/sweep.sh prepare VERSION TREE WORK
#       WORK/src becomes a copy of TREE (a whole release tree with its submodules, as
#       tests/real/build_tree.sh makes it), patched with `torchpatch apply`; WORK/build and
#       WORK/build-clang are its CMake 4 configures with GCC 16 and Clang 21 (Ninja, the release's
#       default options but those listed in sweep_options), each with every custom command built:
#       codegen, protobuf/onnx headers, sleef's headers. Steps already done are skipped
#       (WORK/.done-STEP), so a broken run resumes.
#   bash tests/sweep/sweep.sh prepare-python VERSION WORK
#       after prepare: WORK/build-python and WORK/build-clang-python, the same configures with the
#       Python extension (BUILD_PYTHON and USE_NUMPY on, the newest Python of the release that the
#       sid root has; a release it cannot serve is refused, naming the gate), generated the same way.
#       Their configurations are gcc-python and clang-python below: a phase not naming `python`
#       gets `-python` appended (`after` is after-python), so their results never mix with the CPU
#       build's.
#   bash tests/sweep/sweep.sh prepare-libcxx VERSION WORK
#       after prepare: WORK/build-libcxx, the CPU configure with Clang 21 and LLVM's libc++ 21
#       (-stdlib=libc++ in the C++ and linker flags; issue #42), generated the same way. Its
#       configuration is libcxx below.
#   bash tests/sweep/sweep.sh prepare-setup VERSION WORK
#       after prepare: WORK/build-setup, the configure `python setup.py bdist_wheel` runs (issue #42):
#       the release's own setup.py is run in the sid root on WORK/src (through an overlay, so the
#       tree stays as it is) with a `cmake` first on PATH that records its arguments and stops it;
#       WORK/setup-options.txt keeps them, and the configure is CMake 4 with exactly those (BUILD_TEST
#       and BUILD_PYTHON on, setup.py's defaults) plus what setup_environment and setup_extra say,
#       each with its reason. Its configuration is gcc-setup (GCC 16, the newest Python of the sid
#       root that the release supports; a release it has none for is refused, naming the gates).
#   bash tests/sweep/sweep.sh setup-options VERSION WORK
#       records setup.py's options again (as prepare-setup does) and prints gcc-setup's, one a line.
#   bash tests/sweep/sweep.sh python-options VERSION
#       the options prepare-python would configure VERSION with (its Python), or why it refuses.
#   bash tests/sweep/sweep.sh options VERSION CONFIGURATION [WORK]
#       the CMake options CONFIGURATION's configure of VERSION gets (gcc, clang, gcc-python,
#       clang-python, libcxx, gcc-link; gcc-setup: WORK's recorded ones), one a line.
#   bash tests/sweep/sweep.sh covered WORK CONFIGURATION BUILD_DIR
#       which units of CONFIGURATION's configure WORK/BUILD_DIR, a build that ran (libtorch.sh's
#       build-test), compiled to objects with the same command and still current (covered.py);
#       the rest go to WORK/results/uncovered-BUILD-by-BUILD_DIR.txt, for compile's --within.
#   bash tests/sweep/sweep.sh compile WORK gcc|clang|libcxx|gcc-setup|gcc-python|clang-python [PHASE] [compile.py options]
#       compiles entries of compile_commands.json with GCC 16 (WORK/build's) or Clang 21
#       (WORK/build-clang's; with libc++, WORK/build-libcxx's) in the sid
#       root (tests/sweep/compile.py: cached, resumable, shardable, sampled). PHASE (default
#       `after`) names the results, WORK/results/COMPILER-PHASE.jsonl; `before` or `before-NAME`
#       compiles the same commands on the tree as released (`torchpatch revert` first, `apply`
#       after), `after-NAME` the patched tree (a sample beside the whole sweep, say).
#   bash tests/sweep/sweep.sh reapply WORK
#       after a catalog change: applies the new patchsets to WORK/src and configures again in
#       place; a `compile` then recompiles only what the change reached (the cache).
#   bash tests/sweep/sweep.sh bundle WORK CONFIGURATION [PHASE] OUT [compile.py selection]
#       packs the selected units for a larger machine (tests/sweep/bundle.py): OUT/bundle-run.sh
#       compiles them there from the compiler's files and the units' inputs alone; a `before`
#       phase packs the tree as released. `unbundle WORK RES` adds what it compiled to WORK's cache,
#       and `compile` with the same phase and selection then writes the results here.
#   bash tests/sweep/sweep.sh link VERSION WORK [TARGET...]
#       the linked build: TARGETs (default torch_cpu) built and linked with the build's own flags
#       in WORK/build-link (the GCC configuration with ccache, WORK/ccache; CCACHE_MAXSIZE, default
#       20G); resumable, and a reconfigure recompiles only what changed. Log: WORK/link.log.
#   bash tests/sweep/sweep.sh summary WORK VERSION gcc|clang|libcxx [--merge] [--build B] [before|after]...
#       writes tests/sweep/results/VERSION-COMPILER.md from the results, with what
#       `torchpatch explain` says of each failure; --merge keeps the file's sections of other phases.
#
#   TORCHPATCH  the binary (default: build/torchpatch of this source tree)
#   TP_CACHE, TP_SID_ROOT  as in tests/toolchain/lib.sh
set -u
TP_REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$TP_REPO/tests/toolchain/lib.sh"
TORCHPATCH="${TORCHPATCH:-$TP_REPO/build/torchpatch}"
SWEEP_DIR="$TP_REPO/tests/sweep"
SWEEP_PREFIX=sweep
source "$SWEEP_DIR/work.sh"

die() { echo "sweep: $*" >&2; exit 1; }

# sweep_options VERSION CONFIGURATION: the CMake options of the sweep's configure. Every option the
# sweep turns off that a default build has on is here, with its reason.
sweep_options() {
  local options=(
    -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
    # the CPU build: CUDA has its own label (tests/cuda) and root
    -DUSE_CUDA=OFF
    # NNPACK's PeachPy kernels import six: Debian's (python3-six), not a download at configure time
    -DPYTHON_SIX_SOURCE_DIR=/usr/lib/python3/dist-packages
  )
  case "$2" in
  *-python) local python; python="$(python_options "$1")" || return 1; mapfile -t -O ${#options[@]} options <<<"$python" ;;
  # the Python extension is its own configure (prepare-python, issue #24 item 3)
  *) options+=(-DPYTHON_EXECUTABLE=/usr/bin/python3 -DBUILD_PYTHON=OFF -DUSE_NUMPY=OFF) ;;
  esac
  # the linked build (`link`): ccache keeps every object across configures and broken runs
  case "$2" in *-link) options+=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache) ;; esac
  # 2.6.0's third_party/ideep is not in any snapshot (/work/trees/README.txt): no oneDNN
  case "$1" in 2.6.0) options+=(-DUSE_MKLDNN=OFF) ;; esac
  printf '%s\n' "${options[@]}"
}

# python_options VERSION: the newest Python the sweep has that the release supports, and the
# options that build its extension with it. Which Python a release supports is the catalog's word:
# its Python gates, asked through `torchpatch list` (a release whose every Python a gate blocks is
# refused, naming those gates). The compilers stay the sid root's; only the Python differs.
python_options() {
  local python
  python="$(python_version "$1")" || return 1
  printf '%s\n' -DBUILD_PYTHON=ON -DUSE_NUMPY=ON "-DPYTHON_EXECUTABLE=$(python_executable "$python")" \
    "-DPython_EXECUTABLE=$(python_executable "$python")" "-DPython_NumPy_INCLUDE_DIR=$(numpy_include "$python")"
}

# The Pythons, newest first, and the Debian suite each comes from (issue #42): the sid root's own
# 3.14 and 3.13, and for older releases 3.11 (bookworm) and 3.9 (bullseye), each a minbase root of
# its suite with python3.X-dev, NumPy, PyYAML, typing_extensions, setuptools and six, made inside the
# sid root at /opt/SUITE (python_root), whose interpreter runs there with its own prefix and
# packages (/opt/SUITE/usr/bin/python3.X finds /opt/SUITE/usr/lib/python3.X by its own path).
SWEEP_PYTHONS=("3.14 sid" "3.13 sid" "3.11 bookworm" "3.9 bullseye")
python_suite() { local p; for p in "${SWEEP_PYTHONS[@]}"; do [ "${p% *}" = "$1" ] && { echo "${p#* }"; return 0; }; done; return 1; }
python_prefix() { local suite; suite="$(python_suite "$1")" || return 1; [ "$suite" = sid ] || echo "/opt/$suite"; }
python_executable() { echo "$(python_prefix "$1")/usr/bin/python$1"; }
# NumPy's headers by folder: sid builds NumPy 2.4 for 3.14 only, so FindPython must not import it
# with 3.13 (the headers do not depend on the Python); the older suites' NumPy 1.x keep them in core/.
numpy_include() {
  case "$(python_suite "$1")" in
  sid) echo /usr/lib/python3/dist-packages/numpy/_core/include ;;
  *) echo "$(python_prefix "$1")/usr/lib/python3/dist-packages/numpy/core/include" ;;
  esac
}

# python_root PYTHON: makes sure PYTHON's root exists (nothing to do for the sid root's own).
python_root() {
  local suite
  suite="$(python_suite "$1")" || { echo "sweep: no root serves Python $1" >&2; return 1; }
  [ "$suite" = sid ] && return 0
  tp_debian_root "$TP_SID_ROOT/opt/$suite" "$suite" \
    "python$1-dev,python3-numpy,python3-yaml,python3-typing-extensions,python3-setuptools,python3-six" \
    "$TP_CACHE/python-$suite.log" && python_multiarch_config "$1" "$suite"
}

# Debian's python3.X/pyconfig.h includes <ARCH/python3.X/pyconfig.h> from the system's include path:
# the sid root's /usr/include/ARCH/python3.X links to the suite's (sid has no such Python itself).
python_multiarch_config() { # PYTHON SUITE
  local dir arch
  for dir in "$TP_SID_ROOT/opt/$2/usr/include"/*/"python$1"; do
    [ -f "$dir/pyconfig.h" ] || continue
    arch="$(basename "$(dirname "$dir")")"
    [ -e "$TP_SID_ROOT/usr/include/$arch/python$1" ] && [ ! -L "$TP_SID_ROOT/usr/include/$arch/python$1" ] && continue
    ln -sfn "/opt/$2/usr/include/$arch/python$1" "$TP_SID_ROOT/usr/include/$arch/python$1" || return 1
  done
}

# python_version VERSION: the newest Python of SWEEP_PYTHONS that no gate blocks for VERSION.
python_version() {
  local python blocking all=() p
  for p in "${SWEEP_PYTHONS[@]}"; do
    python="${p% *}"
    blocking="$(python_gates "$1" "$python")" || return 1
    [ -z "$blocking" ] && { echo "$python"; return 0; }
    all+=("${blocking//,/, }")
  done
  echo "sweep: $1 builds its extension with none of the sweep's Pythons, $(printf '%s, ' "${SWEEP_PYTHONS[@]% *}" | sed 's/, $//') (gates: $(printf '%s\n' "${all[@]}" | tr ',' '\n' | sed 's/^ *//' | sort -u | paste -sd, | sed 's/,/, /g'))" >&2
  return 1
}

# python_gates VERSION PYTHON: the catalog's gates that block VERSION with PYTHON on Linux, for a
# reason that is the Python (not, say, the host's CUDA), comma-separated; empty when none does.
python_gates() {
  local empty list status
  empty="$(mktemp -d)" || return 1
  list="$("$TORCHPATCH" --catalog "${TP_SWEEP_CATALOG:-$TP_REPO/patchsets}" -C "$empty" --torch-version "$1" \
    --fact "python=$2" --fact platform=linux --format json list 2>/dev/null)"
  status=$?
  rmdir "$empty"
  [ "$status" -le 1 ] || { echo "sweep: torchpatch list failed (exit $status) asking for Python $2 gates" >&2; return 1; }
  python3 -c '
import json, sys
gates = json.load(sys.stdin)["gates"]
print(",".join(g["id"] for g in gates if g["outcome"] == "blocks" and any(
    f["fact"] == "python" and f["verdict"] == "holds" for f in g["facts"])))' <<<"$list"
}

apply_catalog() { # WORK
  "$TORCHPATCH" --catalog "$TP_REPO/patchsets" -C "$1/src" --color never apply >"$1/apply.log" 2>&1
  local status=$?
  tail -n 3 "$1/apply.log"
  [ "$status" -eq 0 ]
}

# The configurations: build/ with GCC 16, build-clang/ with Clang 21, (prepare-libcxx) build-libcxx/
# with Clang 21 and libc++, and (prepare-python) the first two with the Python extension,
# build-python/ and build-clang-python/. Each compiler is given the
# commands of its own configure, because CMake files choose flags by compiler (FBGEMM's Clang
# blocks, PyTorch's GCC-only -mno-avx256-split-* and asmjit's -fno-enforce-eh-specs).
build_of() { case "$1" in gcc) echo build ;; clang) echo build-clang ;; libcxx) echo build-libcxx ;; gcc-link) echo build-link ;;
                          gcc-setup) echo build-setup ;;
                          gcc-python) echo build-python ;; clang-python) echo build-clang-python ;; *) return 1 ;; esac; }
compiler_of() { local c="${1%-python}"; c="${c%-setup}"; echo "${c%-link}"; }
compilers_of() { case "$(compiler_of "$1")" in gcc) echo "-DCMAKE_C_COMPILER=gcc-16 -DCMAKE_CXX_COMPILER=g++-16" ;;
                                              clang) echo "-DCMAKE_C_COMPILER=clang-21 -DCMAKE_CXX_COMPILER=clang++-21" ;;
                                              libcxx) echo "-DCMAKE_C_COMPILER=clang-21 -DCMAKE_CXX_COMPILER=clang++-21" \
                                                "-DCMAKE_CXX_FLAGS=-stdlib=libc++ -DCMAKE_EXE_LINKER_FLAGS=-stdlib=libc++" \
                                                "-DCMAKE_SHARED_LINKER_FLAGS=-stdlib=libc++ -DCMAKE_MODULE_LINKER_FLAGS=-stdlib=libc++" ;; esac; }

configure() { # WORK VERSION CONFIGURATION: a fresh configure; prints how many compile commands it has
  local build; build="$(build_of "$3")" || return 1
  rm -rf "${1:?}/$build"
  configure_in_place "$@" || return 1
  grep -c '"file"' "$1/$build/compile_commands.json"
}

# configure_options VERSION CONFIGURATION [WORK]: every option of CONFIGURATION's configure, one a
# line: sweep_options and the compilers; for gcc-setup, setup.py's own (WORK/setup-options.txt) and
# setup_extra. An unknown configuration is refused.
configure_options() {
  build_of "$2" >/dev/null || { echo "sweep: no such configuration: $2" >&2; return 1; }
  [ "$2" = gcc-setup ] && { setup_configure_options "$1" "${3:?the work folder}"; return; }
  sweep_options "$1" "$2" || return 1
  compilers_of "$2" | tr ' ' '\n'
}

# configure_in_place WORK VERSION CONFIGURATION: the configure again over the last one (its build
# folder and outputs stay), with the options configure_options gives now.
configure_in_place() {
  local opts build; build="$(build_of "$3")" && opts="$(configure_options "$2" "$3" "$1" | tr '\n' ' ')" || return 1
  sid "$1" "cmake -S /w/src -B /w/$build $opts" >"$1/configure-$3.log" 2>&1 || { tail -n 30 "$1/configure-$3.log" >&2; return 1; }
}

# Every custom command's output that a compile reads (sources and headers: codegen, protobuf/onnx,
# sleef), with -k 0: one that fails is named in generate.log and does not stop the others. Other
# custom targets are left out: CTest's dashboard targets (Experimental, Nightly, ...) would build
# everything.
generate() { # WORK CONFIGURATION
  local build; build="/w/$(build_of "$2")"
  sid "$1" "ninja -C $build -k 0 \$(ninja -C $build -t targets rule CUSTOM_COMMAND |
    grep -E '\\.(h|hpp|hh|inc|c|cc|cpp|cxx|S|s)\$')" >"$1/generate-$2.log" 2>&1
  echo "sweep: generate: $(grep -c '^FAILED' "$1/generate-$2.log") custom commands failed (see $1/generate-$2.log)"
}

# What the default target compiles (`ninja -t commands all`): compile_commands.json also lists the
# EXCLUDE_FROM_ALL targets, which no build compiles; compile.py keeps to these.
default_commands() { # WORK CONFIGURATION
  local build; build="/w/$(build_of "$2")"
  sid "$1" "ninja -C $build -t commands all >$build/default-commands.txt"
}

prepare() { # VERSION TREE WORK
  local version="$1" tree="$2" work="$3"
  [ -d "$tree/.git" ] || die "$tree is not a release tree (no .git)"
  [ -x "$TORCHPATCH" ] || die "no torchpatch binary at $TORCHPATCH"
  mkdir -p "$work" && work="$(cd "$work" && pwd)"
  tp_sid_root || die "the sid root could not be set up"
  step "$work" copy copy_tree "$tree" "$work/src"
  step "$work" apply apply_catalog "$work"
  prepare_configurations "$work" "$version" gcc clang
}

prepare_configurations() { # WORK VERSION CONFIGURATION...
  local work="$1" version="$2" config; shift 2
  for config in "$@"; do
    step "$work" "configure-$config" configure "$work" "$version" "$config"
    step "$work" "generate-$config" generate "$work" "$config"
    step "$work" "default-$config" default_commands "$work" "$config"
  done
}

# setup.py's configure (issue #42). What the sweep gives setup.py through its environment (setup.py
# passes every BUILD_*, USE_* and CMAKE_* variable to CMake), each a deviation from a user's plain
# `python setup.py bdist_wheel`: the CPU build (CUDA has its own label), BUILD_BINARY on (the
# issue's: binaries/ is where Arch's <iostream> fix lives), the compiler, the compile commands the
# sweep reads, and 2.6.0's missing ideep (no oneDNN, as sweep_options).
setup_environment() { # VERSION
  printf '%s\n' USE_CUDA=0 BUILD_BINARY=1 CMAKE_C_COMPILER=gcc-16 CMAKE_CXX_COMPILER=g++-16 \
    CMAKE_EXPORT_COMPILE_COMMANDS=ON
  case "$1" in 2.6.0) echo USE_MKLDNN=0 ;; esac
}

# What setup.py cannot pass (not BUILD_/USE_/CMAKE_), added to its options: NNPACK's six from the
# root, and NumPy's headers by folder (numpy_include).
setup_extra() { # VERSION
  local python; python="$(python_version "$1")" || return 1
  printf '%s\n' -DPYTHON_SIX_SOURCE_DIR=/usr/lib/python3/dist-packages "-DPython_NumPy_INCLUDE_DIR=$(numpy_include "$python")"
}

# setup_capture WORK VERSION: runs WORK/src's setup.py (`build --cmake-only`) with the newest Python
# the release supports, on an overlay of WORK/src (what setup.py writes goes to a scratch layer),
# with a `cmake` on PATH that answers --version with the real one and records any other call's
# arguments and fails; writes them, one a line, to WORK/setup-options.txt (the overlay's path read
# as /w/src), and setup.py's output to WORK/setup.log. A submodule the tree lacks (2.6.0's ideep and
# composable_kernel, tests/real/local/trees.txt) would stop setup.py's check_submodules: each empty
# submodule folder gets a placeholder LICENSE in the scratch layer only, named in setup.log.
setup_capture() {
  local work="$1" python env
  python="$(python_version "$2")" && python_root "$python" || return 1
  env="$(setup_environment "$2" | tr '\n' ' ')"
  rm -f "$work/setup-options.txt"
  sid "$work" "set -e; d=\$(mktemp -d); mkdir \$d/upper \$d/scratch \$d/src \$d/bin
    mount -t overlay overlay -o lowerdir=/w/src,upperdir=\$d/upper,workdir=\$d/scratch \$d/src
    printf '%s\n' '#!/bin/sh' 'for a; do [ \"\$a\" = --version ] && exec /usr/bin/cmake \"\$@\"; done' \
      'printf \"%s\\n\" \"\$@\" >\"\${0%/bin/cmake}/cmake-args\"' 'exit 3' >\$d/bin/cmake
    chmod +x \$d/bin/cmake
    git -C /w/src config -f .gitmodules --get-regexp '\\.path\$' | while read -r _ path; do
      [ -d \"/w/src/\$path\" ] && [ -z \"\$(ls -A \"/w/src/\$path\")\" ] || continue
      echo \"sweep: \$path is absent: a placeholder LICENSE for setup.py's submodule check\"
      touch \"\$d/src/\$path/LICENSE\"
    done >/w/setup.log
    (cd \$d/src && env PATH=\$d/bin:\$PATH $env $(python_executable "$python") setup.py build --cmake-only) >>/w/setup.log 2>&1 || true
    [ -s \$d/cmake-args ] || { tail -n 20 /w/setup.log >&2; echo 'setup.py did not call CMake' >&2; exit 1; }
    sed \"s#\$d/src#/w/src#g\" \$d/cmake-args >/w/setup-options.txt"
}

# setup_configure_options VERSION WORK: setup.py's recorded options without its source folder (the
# sweep names -S and -B itself), then setup_extra.
setup_configure_options() {
  [ -s "$2/setup-options.txt" ] || { echo "sweep: $2 has no setup-options.txt: run prepare-setup" >&2; return 1; }
  grep -vx /w/src "$2/setup-options.txt"
  setup_extra "$1"
}

prepare_setup() { # VERSION WORK
  local version="$1" work
  work="$(prepared_at "$2" apply)" || exit 1
  python_version "$version" >/dev/null || exit 1
  lock "$work"
  tp_sid_root || die "the sid root could not be set up"
  step "$work" setup-options setup_capture "$work" "$version"
  prepare_configurations "$work" "$version" gcc-setup
}

setup_options() { # VERSION WORK
  local work; work="$(cd "$2" && pwd)" && [ -d "$work/src" ] || die "$2 has no src/"
  python_version "$1" >/dev/null || exit 1
  tp_sid_root || die "the sid root could not be set up"
  setup_capture "$work" "$1" || die "recording setup.py's options failed (see $work/setup.log)"
  configure_options "$1" gcc-setup "$work"
}

prepare_libcxx() { # VERSION WORK
  local version="$1" work
  work="$(prepared_at "$2" apply)" || exit 1
  lock "$work"
  tp_sid_root || die "the sid root could not be set up"
  prepare_configurations "$work" "$version" libcxx
}

prepare_python() { # VERSION WORK
  local version="$1" work python
  work="$(prepared_at "$2" apply)" || exit 1
  python="$(python_version "$version")" || exit 1
  lock "$work"
  tp_sid_root || die "the sid root could not be set up"
  python_root "$python" || die "the root of Python $python could not be made"
  prepare_configurations "$work" "$version" gcc-python clang-python
}

# The linked build (issue #24 item 5): TARGETs built and linked with the build's own flags in
# WORK/build-link, the GCC configuration again with ccache (WORK/ccache) as its compiler launcher.
# ninja resumes where a stopped run left off, and after a reconfigure or a catalog change ccache
# serves every object whose preprocessed input is unchanged. -k 0: a failure does not stop the rest.
# WORK/link.log keeps each run (its start, ninja's output, the time, ccache's statistics).
link() { # VERSION WORK [TARGET...]
  local version="$1" work targets
  work="$(prepared_at "$2" apply)" || exit 1
  shift 2; targets=("${@:-torch_cpu}")
  lock "$work"
  tp_sid_root || die "the sid root could not be set up"
  configure_in_place "$work" "$version" gcc-link || die "the configure of build-link failed (see $work/configure-gcc-link.log)"
  local t0=$SECONDS status run="$work/link-run.log"
  echo "sweep: link: ninja ${targets[*]} in $work/build-link (log: $work/link.log)"
  echo "== $(date -u +%FT%TZ) ninja ${targets[*]}" >"$run"
  sid "$work" "export CCACHE_DIR=/w/ccache CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-20G}; ccache -z >/dev/null
    nice ninja -C /w/build-link -k 0 -j \$(nproc) ${targets[*]}; s=\$?; ccache -s; exit \$s" >>"$run" 2>&1
  status=$?
  echo "== $((SECONDS - t0)) s, exit $status" >>"$run"
  cat "$run" >>"$work/link.log"
  grep -E '^\[[0-9]+/[0-9]+\]' "$run" | tail -n 1
  echo "sweep: link: $((SECONDS - t0)) s, $(grep -c '^FAILED' "$run") failed, ninja exit $status"
  return "$status"
}

# After a catalog change: apply the new patchsets, and configure again in place (generated files and
# the compile cache stay; `ninja` would re-run CMake the same way), so that compile_commands.json has
# the flags the patched CMake files give.
reapply() { # WORK
  local work; work="$(cd "$1" && pwd)" || die "no folder $1"
  lock "$work"
  tp_sid_root || die "the sid root could not be set up"
  apply_catalog "$work" || die "apply failed (see $work/apply.log)"
  local compiler build
  for compiler in gcc clang libcxx gcc-setup gcc-python clang-python; do
    build="$(build_of "$compiler")"
    [ -f "$work/$build/build.ninja" ] || continue
    sid "$work" "cmake /w/$build" >"$work/reconfigure-$compiler.log" 2>&1 ||
      { tail -n 30 "$work/reconfigure-$compiler.log" >&2; die "reconfigure of $build failed"; }
    default_commands "$work" "$compiler" || die "ninja -t commands failed in $build"
  done
  echo "sweep: $work re-applied and reconfigured"
}

# open_work WORK CONFIGURATION [PHASE] [ARGS]: what compile and bundle begin with. Sets work,
# compiler (gcc or clang), phase (default `after`; a Python configuration's names `python`), build
# and rest (ARGS); holds WORK's lock; needs the configuration's configure, the sid root, and the
# sweep's tools in WORK/tools.
open_work() {
  work="$(cd "$1" && pwd)" || die "no folder $1"
  lock "$work"
  build="$(build_of "$2")" || die "no such configuration: $2 (gcc, clang, libcxx, gcc-setup, gcc-python, clang-python)"
  compiler="$(compiler_of "$2")" phase=after; shift 2
  case "${1:-}" in before | after | before-* | after-*) phase="$1"; shift ;; esac
  case "$build:$phase" in *-python:*python*) ;; *-python:*) phase+=-python ;; esac
  case "$build:$phase" in *-setup:*setup*) ;; *-setup:*) phase+=-setup ;; esac
  rest=("$@")
  [ -f "$work/$build/compile_commands.json" ] || die "$work/$build has no configure: run prepare (prepare-python for a Python configuration) again; it adds the missing steps"
  tp_sid_root || die "the sid root could not be set up"
  mkdir -p "$work/tools" && cp "$SWEEP_DIR/compile.py" "$SWEEP_DIR/bundle.py" "$work/tools/" || die "cannot write $work/tools"
}

compile() { # WORK CONFIGURATION [PHASE] [OPTIONS]
  local work compiler phase build rest
  open_work "$@"
  with_phase_tree "$work" "$phase" sid "$work" "python3 /w/tools/compile.py --work /w --build $build --compiler $compiler --phase $phase ${rest[*]}"
}

bundle() { # WORK CONFIGURATION [PHASE] OUT [OPTIONS]
  local work compiler phase build rest
  open_work "$@"
  [ ${#rest[@]} -gt 0 ] || die "bundle: name the OUT folder"
  with_phase_tree "$work" "$phase" bundle_inputs_and_pack "$work" "$compiler" "$build" "$phase" "${rest[@]}"
}

bundle_inputs_and_pack() { # WORK COMPILER BUILD PHASE OUT [OPTIONS]: on the tree as the phase sees it
  local work="$1" compiler="$2" build="$3" phase="$4" out="$5"; shift 5
  sid "$work" "python3 /w/tools/bundle.py inputs --out /w/bundle-inputs.txt --compiler $compiler --build $build $*" ||
    { echo "sweep: listing the inputs failed" >&2; return 1; }
  python3 "$SWEEP_DIR/bundle.py" pack --root "$TP_SID_ROOT" --work "$work" --inputs "$work/bundle-inputs.txt" \
    --out "$out" --compiler "$compiler" --build "$build" --phase "$phase"
}

# covered WORK CONFIGURATION BUILD_DIR: which units of CONFIGURATION's configure the build in
# WORK/BUILD_DIR (one that ran, such as libtorch.sh's build-test) already compiled to objects with
# the same command (tests/sweep/covered.py); the rest is WORK/results/uncovered-*.txt, for
# `compile WORK CONFIGURATION PHASE --within` that file.
covered() {
  local work compiler phase build rest
  open_work "$1" "$2"
  [ -f "$work/${3:?name the build folder that compiled}/compile_commands.json" ] || die "$work/$3 has no configure"
  cp "$SWEEP_DIR/covered.py" "$work/tools/" || die "cannot write $work/tools"
  sid "$work" "python3 /w/tools/covered.py --build $build --by $3"
}

case "${1:-}" in
bundle) shift; bundle "$@" ;;
unbundle) shift; python3 "$SWEEP_DIR/bundle.py" merge --work "${1:?WORK}" "${2:?RESULT}" ;;
prepare) shift; prepare "$@" ;;
prepare-python) shift; prepare_python "$@" ;;
prepare-libcxx) shift; prepare_libcxx "$@" ;;
prepare-setup) shift; prepare_setup "$@" ;;
setup-options) shift; setup_options "${1:?VERSION}" "${2:?WORK}" ;;
python-options) shift; python_options "${1:?VERSION}" ;;
options) shift; configure_options "${1:?VERSION}" "${2:?CONFIGURATION}" "${3:-}" ;;
compile) shift; compile "$@" ;;
covered) shift; covered "$@" ;;
reapply) shift; reapply "$@" ;;
link) shift; link "$@" ;;
summary) shift; python3 "$SWEEP_DIR/summary.py" --torchpatch "$TORCHPATCH" --results "$SWEEP_DIR/results" "$@" ;;
*) awk 'NR >= 4 && !/^#/ { exit } NR >= 4 { sub(/^# ?/, ""); print }' "${BASH_SOURCE[0]}"; exit 2 ;;
esac
