# The patched PyTorch built, installed and run (issue #42, part 2): a release's own
# `python setup.py bdist_wheel` after `torchpatch apply`, in the sid root (GCC 16, CMake 4.3,
# setuptools 84), the wheel installed into a fresh virtual environment, a few real computations and
# a fixed slice of PyTorch's own tests. A maintainers' command, documented in docs/authoring.md
# ("The built wheel"); nothing in CI runs it (hours of compiling on two cores).
#
#   bash tests/built/wheel.sh prepare VERSION TREE WORK
#       WORK/src becomes a copy of TREE (a whole release tree, as tests/real/build_tree.sh makes
#       it), patched with `torchpatch apply` given the sid root's facts (wheel_facts).
#   bash tests/built/wheel.sh build VERSION WORK
#       setup.py bdist_wheel in WORK/src (its build/ folder), ccache in WORK/ccache: resumable
#       (ninja goes on where a stopped run left off; a new run after a catalog change recompiles
#       only what changed). Log: WORK/build.log; the wheel in WORK/src/dist.
#   bash tests/built/wheel.sh check VERSION WORK
#       a fresh venv (WORK/venv, the root's packages visible), the wheel installed without its
#       dependencies (they are Debian's), tests/built/smoke.py, then the test slice of
#       tests/built/slice-VERSION.txt (one `FILE [options]` a line, the file's own unittest runner) run from the source
#       tree's test/ folder against the installed torch. Results: WORK/results/.
#   bash tests/built/wheel.sh baseline VERSION TREE OUT
#       the same smoke.py and slice, from TREE's test/ folder, against Debian's own build of the
#       release (python3-torch of the suite that packages it, in a root of its own): which failures
#       are not the wheel's. Results: OUT/results/ (tests/built/baseline.sh).
#
#   TORCHPATCH  the binary (default: build/torchpatch of this source tree)
#   TP_CACHE, TP_SID_ROOT  as in tests/toolchain/lib.sh
set -u
TP_REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$TP_REPO/tests/toolchain/lib.sh"
TORCHPATCH="${TORCHPATCH:-$TP_REPO/build/torchpatch}"
SWEEP_PREFIX=wheel
source "$TP_REPO/tests/sweep/work.sh"
die() { echo "wheel: $*" >&2; exit 1; }

# What the build and the tests need beyond the sid root's toolchain packages: PyTorch's run-time
# dependencies (install_requires) and its tests' (pytest, expecttest, hypothesis), all pure Python
# and so usable by every Python of the root; psutil (built for the stable ABI, abi3), without which
# test_nn skips its large-memory tests; and the BLAS and LAPACK that NumPy links.
WHEEL_PACKAGES=(python3-sympy python3-networkx python3-jinja2 python3-fsspec python3-filelock
  python3-pytest python3-expecttest python3-hypothesis python3-psutil python3-pip libblas3 liblapack3)

# NumPy for the release's Python: sid builds NumPy 2.4 for Python 3.14 and 3.15 only, and 2.6 does
# not support 3.14, so NumPy comes from trixie, whose python3-numpy is built for 3.13. Only the numpy
# package is put on the path (WORK/site: a link), nothing else of trixie's.
wheel_python() { case "$1" in 2.6.0) echo 3.13 ;; *) die "no Python chosen for $1 (only 2.6.0 so far)" ;; esac; }
numpy_suite() { case "$1" in 3.13) echo trixie ;; *) die "no NumPy for Python $1" ;; esac; }

# The facts of the sid root for apply: torchpatch runs on the host, whose compilers are not the
# build's, and whose CUDA toolkit does not speak for this CPU build (cuda=none, as USE_CUDA=0 makes it).
wheel_facts() { # PYTHON
  printf '%s\n' --fact platform=linux --fact compiler=gcc --fact compiler_version=16 --fact cmake=4.3 \
    --fact "python=$1" --fact cuda=none
}

# What setup.py is given through its environment, each a deviation from a user's plain
# `python setup.py bdist_wheel` with its reason (and one more in build: NNPACK's configure
# downloads six for its PeachPy kernels, which this machine cannot; Debian's six is given to the
# configure that setup.py made, before the build): the CPU build (CUDA has its own label), the
# compiler, ccache, no C++ tests (BUILD_TEST's C++ tests are the older release's part of the issue,
# and two more hours here), 2.6.0's missing ideep (tests/real/local/trees.txt).
wheel_environment() { # VERSION
  printf '%s\n' USE_CUDA=0 BUILD_TEST=0 CC=gcc-16 CXX=g++-16 CMAKE_C_COMPILER=gcc-16 CMAKE_CXX_COMPILER=g++-16 \
    CMAKE_C_COMPILER_LAUNCHER=ccache CMAKE_CXX_COMPILER_LAUNCHER=ccache CCACHE_DIR=/w/ccache \
    CCACHE_MAXSIZE=20G "MAX_JOBS=$(nproc)" PYTHONPATH=/w/site
  case "$1" in 2.6.0) echo USE_MKLDNN=0 ;; esac
}

wheel_root() { # PYTHON: the sid root with WHEEL_PACKAGES, and NumPy for PYTHON under /opt/SUITE
  local suite
  TP_SID_PACKAGES+=("${WHEEL_PACKAGES[@]}")
  tp_sid_root || die "the sid root could not be set up"
  suite="$(numpy_suite "$1")" || exit 1
  tp_debian_root "$TP_SID_ROOT/opt/$suite" "$suite" python3-numpy "$TP_CACHE/numpy-$suite.log" ||
    die "no NumPy root for Python $1"
}

# WORK/site: the folder on PYTHONPATH, holding only NumPy (a link into the suite's root).
wheel_site() { # WORK PYTHON
  local suite; suite="$(numpy_suite "$2")" || exit 1
  mkdir -p "$1/site" && ln -sfn "/opt/$suite/usr/lib/python3/dist-packages/numpy" "$1/site/numpy"
}

prepare() { # VERSION TREE WORK
  local version="$1" tree="$2" work="$3" python facts
  python="$(wheel_python "$version")" || exit 1
  [ -f "$tree/CMakeLists.txt" ] || die "$tree is not a release tree"
  mkdir -p "$work" && work="$(cd "$work" && pwd)" || die "cannot create $3"
  lock "$work"
  mapfile -t facts < <(wheel_facts "$python")
  step "$work" copy copy_tree "$tree" "$work/src"
  step "$work" apply apply_with_facts "$work" "${facts[@]}"
  step "$work" placeholders placeholders "$work"
}

# A submodule the tree lacks (2.6.0's ideep and composable_kernel, tests/real/local/trees.txt)
# stops setup.py's check_submodules, which wants one of CMakeLists.txt, Makefile, setup.py or a
# LICENSE in each: each empty submodule folder gets a placeholder Makefile (an untracked file in a
# folder git sees as a gitlink; nothing runs make there), named in WORK/placeholders.txt. Not a
# LICENSE: bdist_wheel's third_party/build_bundled.py reads every LICENSE and stops on one whose
# license it cannot identify.
placeholders() { # WORK
  local path
  git -C "$1/src" config -f .gitmodules --get-regexp '\.path$' | while read -r _ path; do
    [ -d "$1/src/$path" ] && [ -z "$(ls -A "$1/src/$path")" ] || continue
    echo "$path" && echo "# torchpatch wheel.sh: placeholder for the absent submodule $path" \
      >"$1/src/$path/Makefile" || exit 1
  done >"$1/placeholders.txt"
}

build() { # VERSION WORK
  local version="$1" work python env t0=$SECONDS status
  work="$(prepared_at "$2" apply)" || exit 1
  python="$(wheel_python "$version")" || exit 1
  lock "$work"
  wheel_root "$python" || exit 1
  wheel_site "$work" "$python"
  env="$(wheel_environment "$version" | tr '\n' ' ')"
  echo "== $(date -u +%FT%TZ) setup.py bdist_wheel ($env)" >>"$work/build.log"
  sid "$work" "export CCACHE_DIR=/w/ccache; ccache -z >/dev/null; cd /w/src &&
    if [ ! -f build/CMakeCache.txt ]; then env $env python$python setup.py build --cmake-only &&
      env $env cmake -DPYTHON_SIX_SOURCE_DIR=/usr/lib/python3/dist-packages build >/dev/null || exit; fi
    grep -q '^USE_NUMPY:BOOL=ON' build/CMakeCache.txt || { echo 'wheel: the configure lost NumPy (USE_NUMPY is OFF)'; exit 1; }
    env $env nice python$python setup.py bdist_wheel; s=\$?; ccache -s; exit \$s" >>"$work/build.log" 2>&1
  status=$?
  echo "== $((SECONDS - t0)) s, exit $status" >>"$work/build.log"
  echo "wheel: build: $((SECONDS - t0)) s, exit $status; $(ls "$work"/src/dist/*.whl 2>/dev/null || echo 'no wheel')"
  return "$status"
}

case "${1:-}" in
prepare) shift; [ $# -eq 3 ] || die "usage: prepare VERSION TREE WORK"; prepare "$@" ;;
build) shift; [ $# -eq 2 ] || die "usage: build VERSION WORK"; build "$@" ;;
check) shift; [ $# -eq 2 ] || die "usage: check VERSION WORK"; source "$TP_REPO/tests/built/check.sh"; check "$@" ;;
baseline)
  shift; [ $# -eq 3 ] || die "usage: baseline VERSION TREE OUT"
  source "$TP_REPO/tests/built/check.sh" && source "$TP_REPO/tests/built/baseline.sh" && baseline "$@" ;;
*) die "usage: wheel.sh prepare VERSION TREE WORK | build VERSION WORK | check VERSION WORK | baseline VERSION TREE OUT" ;;
esac
