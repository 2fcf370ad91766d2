# Sourced by tests/built/wheel.sh for `baseline VERSION TREE OUT`: check.sh's smoke.py and test
# slice, from the release tree's test/ folder (copied to OUT/src/test; `apply` changes no file the
# slice runs), run against Debian's own build of the release: the
# python3-torch of the Debian suite that packages it, in a root of its own with that suite's Python,
# NumPy and GCC. A reference for the slice's counts: a test that fails with Debian's build too is
# not caused by the catalog's patches nor by the toolchain the wheel was built with. Results:
# OUT/results/ (packages.txt: the versions it ran; smoke.jsonl, slice.tsv as check's). A folder of
# its own, so that it can run beside a wheel build.

debian_torch_suite() { case "$1" in 2.6.0) echo trixie ;; *) die "no Debian suite packages PyTorch $1 here" ;; esac; }
# Debian's python3-torch with what smoke.py and the slice need: libtorch-dev (the headers
# torch.compile and cpp_extension compile against, with Python's and pybind11's), g++ and ninja, the
# tests' Python packages.
BASELINE_PACKAGES=python3-torch,libtorch-dev,python3-dev,pybind11-dev,g++,ninja-build,python3-pytest,python3-expecttest,python3-hypothesis
# Debian's python3 answers to `python` as a venv's does (the root has no python-is-python3).
BASELINE_PRELUDE='mountpoint -q /dev/shm || mount -t tmpfs -o size=4g tmpfs /dev/shm; export CXX=g++ CC=gcc
  mkdir -p /tmp/tp-bin && ln -sfn /usr/bin/python3 /tmp/tp-bin/python && export PATH=/tmp/tp-bin:$PATH'

baseline() { # VERSION TREE OUT
  local version="$1" tree="$2" out suite results
  suite="$(debian_torch_suite "$version")" || exit 1
  [ -f "$TP_REPO/tests/built/slice-$version.txt" ] || die "no test slice for $version (tests/built/slice-$version.txt)"
  [ -d "$tree/test" ] && [ -f "$tree/CMakeLists.txt" ] || die "$tree is not a release tree"
  mkdir -p "$3" && out="$(cd "$3" && pwd)" || die "cannot create $3"
  lock "$out"
  tp_sid_root || die "the sid root (and its debootstrap) could not be set up"
  BASELINE_ROOT="$TP_CACHE/roots/$suite-torch"
  tp_debian_root "$BASELINE_ROOT" "$suite" "$BASELINE_PACKAGES" "$TP_CACHE/torch-$suite.log" ||
    die "no root with Debian's python3-torch ($suite)"
  { mountpoint -q "$BASELINE_ROOT/proc" || mount -t proc proc "$BASELINE_ROOT/proc"; } && mkdir -p "$BASELINE_ROOT/w" ||
    die "cannot prepare $BASELINE_ROOT"
  rm -rf "$out/src" && mkdir -p "$out/src" && cp -a "$tree/test" "$out/src/test" || die "cannot copy $tree/test"
  results="$out/results" && rm -rf "$results" && mkdir -p "$results" || exit 1
  chroot "$BASELINE_ROOT" dpkg-query -W python3-torch python3-numpy python3 g++ >"$results/packages.txt" ||
    die "cannot read the root's package versions"
  echo "wheel: baseline: $(tr '\t\n' '= ' <"$results/packages.txt")"
  smoke_and_slice "$version" "$out" "$results" baseline_run "$BASELINE_PRELUDE"
}

baseline_run() { TP_SID_ROOT="$BASELINE_ROOT" sid "$@"; }
