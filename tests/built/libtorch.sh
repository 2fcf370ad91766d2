# An older release's patched libtorch, linked with GCC 16, and its own C++ tests run (issue #42,
# part 2). A maintainers' command, documented in docs/authoring.md ("The built wheel" and
# "libtorch's C++ tests"); nothing in CI runs it (hours of compiling on two cores).
#
#   bash tests/built/libtorch.sh prepare VERSION TREE WORK
#       WORK/src becomes a copy of TREE (a whole release tree, as tests/real/build_tree.sh makes
#       it), patched with `torchpatch apply` given the sid root's facts (libtorch_facts), and
#       WORK/build-test is configured: the sweep's linked configuration (`sweep.sh options VERSION
#       gcc-link`: GCC 16, ccache, the CPU build, no Python extension) with BUILD_TEST=ON, the
#       switch `python setup.py` turns on by default and CMake's default leaves off.
#   bash tests/built/libtorch.sh build VERSION WORK [REGEX]
#       ninja, -k 0, the C++ tests the release registers with CTest whose names REGEX matches
#       (default: every one) and what they link (c10, torch_cpu, gtest); ccache in WORK/ccache, so
#       it is resumable and a rebuild after a catalog change recompiles only what changed.
#       Log: WORK/build.log.
#   bash tests/built/libtorch.sh check VERSION WORK [REGEX]
#       runs those tests (tests/built/cpp_tests.py: the release's own commands, GoogleTest's JSON
#       report each); WORK/results/cpp-tests.tsv, one row a test; a test not built is a row too.
#
#   TORCHPATCH  the binary (default: build/torchpatch of this source tree)
#   TP_CACHE, TP_SID_ROOT  as in tests/toolchain/lib.sh
set -u
TP_REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$TP_REPO/tests/toolchain/lib.sh"
TORCHPATCH="${TORCHPATCH:-$TP_REPO/build/torchpatch}"
SWEEP_PREFIX=libtorch
source "$TP_REPO/tests/sweep/work.sh"
die() { echo "libtorch: $*" >&2; exit 1; }

# The facts of the sid root for apply (torchpatch runs on the host, whose tools are not the
# build's): GCC 16, CMake 4.3, the CPU build, and the root's Python 3.13, which runs the code
# generation (no Python extension is built).
libtorch_facts() {
  printf '%s\n' --fact platform=linux --fact compiler=gcc --fact compiler_version=16 --fact cmake=4.3 \
    --fact python=3.13 --fact cuda=none
}

# The configure: the sweep's linked build's options (one source of truth), the code generation's
# Python named, and the C++ tests on.
libtorch_options() { # VERSION
  bash "$TP_REPO/tests/sweep/sweep.sh" options "$1" gcc-link | grep -v '^-DPYTHON_EXECUTABLE=' || return 1
  printf '%s\n' -DPYTHON_EXECUTABLE=/usr/bin/python3.13 -DBUILD_TEST=ON
}

configure_tests() { # WORK VERSION
  local opts; opts="$(libtorch_options "$2" | tr '\n' ' ')" || return 1
  sid "$1" "cmake -S /w/src -B /w/build-test $opts" >"$1/configure.log" 2>&1 || { tail -n 30 "$1/configure.log" >&2; return 1; }
  sid "$1" "ctest --test-dir /w/build-test -N" | tail -n 1
}

prepare() { # VERSION TREE WORK
  local version="$1" tree="$2" work="$3" facts
  [ -f "$tree/CMakeLists.txt" ] || die "$tree is not a release tree"
  [ -x "$TORCHPATCH" ] || die "no torchpatch binary at $TORCHPATCH"
  mkdir -p "$work" && work="$(cd "$work" && pwd)" || die "cannot create $3"
  lock "$work"
  tp_sid_root || die "the sid root could not be set up"
  mapfile -t facts < <(libtorch_facts)
  step "$work" copy copy_tree "$tree" "$work/src"
  step "$work" apply apply_with_facts "$work" "${facts[@]}"
  step "$work" configure configure_tests "$work" "$version"
}

build() { # VERSION WORK [REGEX]
  local work pattern="${3:-.}" targets t0=$SECONDS status run
  work="$(prepared_at "$2" configure)" || exit 1
  lock "$work"
  tp_sid_root || die "the sid root could not be set up"
  cp "$TP_REPO/tests/built/cpp_tests.py" "$work/cpp_tests.py"
  targets="$(sid "$work" "python3 /w/cpp_tests.py targets /w/build-test '$pattern'" | tr '\n' ' ')"
  [ -n "${targets// /}" ] || die "no registered C++ test matches '$pattern'"
  run="$work/build-run.log"
  echo "== $(date -u +%FT%TZ) ninja $targets" >"$run"
  sid "$work" "export CCACHE_DIR=/w/ccache CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-20G}; ccache -z >/dev/null
    nice ninja -C /w/build-test -k 0 -j \$(nproc) $targets; s=\$?; ccache -s; exit \$s" >>"$run" 2>&1
  status=$?
  echo "== $((SECONDS - t0)) s, exit $status" >>"$run"
  cat "$run" >>"$work/build.log"
  grep -E '^\[[0-9]+/[0-9]+\]' "$run" | tail -n 1
  echo "libtorch: build: $((SECONDS - t0)) s, $(grep -c '^FAILED' "$run") failed, ninja exit $status ($(wc -w <<<"$targets") test targets)"
  return "$status"
}

check() { # VERSION WORK [REGEX]
  local work pattern="${3:-.}"
  work="$(prepared_at "$2" configure)" || exit 1
  lock "$work"
  tp_sid_root || die "the sid root could not be set up"
  cp "$TP_REPO/tests/built/cpp_tests.py" "$work/cpp_tests.py"
  rm -rf "$work/results"
  sid "$work" "python3 /w/cpp_tests.py run /w/build-test '$pattern' /w/results ${TP_TEST_TIMEOUT:-1800}"
}

case "${1:-}" in
prepare) shift; [ $# -eq 3 ] || die "usage: prepare VERSION TREE WORK"; prepare "$@" ;;
build) shift; [ $# -ge 2 ] && [ $# -le 3 ] || die "usage: build VERSION WORK [REGEX]"; build "$@" ;;
check) shift; [ $# -ge 2 ] && [ $# -le 3 ] || die "usage: check VERSION WORK [REGEX]"; check "$@" ;;
*) die "usage: libtorch.sh prepare VERSION TREE WORK | build VERSION WORK [REGEX] | check VERSION WORK [REGEX]" ;;
esac
