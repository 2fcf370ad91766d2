# What prepare-setup's recording promises (tests/sweep/sweep.sh setup-options): the release's own
# setup.py runs in the sid root up to its CMake call, which is recorded, not run; the options are
# exactly what setup.py passed (here a setup.py of our own that calls CMake as the release's
# tools/setup_helpers/cmake.py does: `cmake --version`, then the options and the source folder
# last, after writing into the tree and checking a submodule), with the sweep's environment passed
# through, an absent submodule given a placeholder only in the scratch layer, the source
# folder left out and setup_extra added; the tree is left exactly as it was; a setup.py that never
# calls CMake is an error naming its output; a release with no Python is refused, naming the
# gates. Needs root and the sid root (ctest sweep_setup, label sweep).
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
sweep="$here/sweep.sh"
work="$(mktemp -d)" && trap 'rm -rf "$work"' EXIT
failures=0 checks=0
check() { # WHAT STATUS
  checks=$((checks + 1))
  if [ "$2" -eq 0 ]; then echo "ok: $1"; else echo "FAILED: $1"; failures=$((failures + 1)); fi
}
mkdir -p "$work/src"
cat >"$work/src/setup.py" <<'PY'
import os, subprocess, sys
if not os.listdir("third_party/ideep"):  # as the release's check_submodules
    sys.exit("Could not find any of LICENSE in third_party/ideep")
version = subprocess.check_output(["cmake", "--version"], text=True).split()[2]
os.makedirs("build", exist_ok=True)
with open("torch_version.py", "w") as f:  # setup.py writes into the tree before CMake runs
    f.write(f"cmake = {version!r}\n")
env = {k: v for k, v in os.environ.items() if k.startswith(("BUILD_", "USE_", "CMAKE_"))}
args = ["-GNinja", f"-DPython_EXECUTABLE={sys.executable}", f"-DCMAKE_INSTALL_PREFIX={os.getcwd()}/torch",
        "-DBUILD_TEST=True"] + [f"-D{k}={v}" for k, v in sorted(env.items())] + [os.getcwd()]
subprocess.check_call(["cmake"] + args, cwd="build")
print("CMake ran")
PY
# a submodule the tree lacks: .gitmodules names it, its folder is empty
printf '[submodule "third_party/ideep"]\n\tpath = third_party/ideep\n\turl = https://example.invalid/ideep.git\n' \
  >"$work/src/.gitmodules"
mkdir -p "$work/src/third_party/ideep"
before="$(cd "$work/src" && find . | sort && find . -type f | sort | xargs sha256sum)"
bash "$sweep" setup-options 2.6.0 "$work" >"$work/options" 2>"$work/err"
check "setup-options succeeds (exit $?: $(head -c 300 "$work/err"))" $?
has() { grep -qx -- "$1" "$work/options"; }
check "setup.py's own options are kept" "$(has -DBUILD_TEST=True && has -DPython_EXECUTABLE=/usr/bin/python3.13; echo $?)"
check "the install prefix is read in the work folder, not the overlay" "$(has -DCMAKE_INSTALL_PREFIX=/w/src/torch; echo $?)"
check "the sweep's environment reaches CMake through setup.py" \
  "$(has -DUSE_CUDA=0 && has -DBUILD_BINARY=1 && has -DCMAKE_CXX_COMPILER=g++-16 && has -DUSE_MKLDNN=0; echo $?)"
check "the source folder is left out" "$(grep -q '^/' "$work/options" && echo 1 || echo 0)"
check "setup_extra is added" "$(has -DPYTHON_SIX_SOURCE_DIR=/usr/lib/python3/dist-packages; echo $?)"
check "CMake was recorded, not run" "$(grep -q 'CMake ran' "$work/setup.log" && echo 1 || echo 0)"
check "an absent submodule meets a placeholder in the scratch layer only, named in setup.log" \
  "$(grep -q 'third_party/ideep is absent' "$work/setup.log"; echo $?)"
check "the tree is left exactly as it was" \
  "$([ "$(cd "$work/src" && find . | sort && find . -type f | sort | xargs sha256sum)" = "$before" ]; echo $?)"
echo 'print("no CMake here")' >"$work/src/setup.py"
bash "$sweep" setup-options 2.6.0 "$work" >"$work/options" 2>"$work/err"
status=$?
check "a setup.py that never calls CMake is an error (exit $status: $(head -c 200 "$work/err"))" \
  "$([ "$status" -ne 0 ] && grep -q 'did not call CMake' "$work/err"; echo $?)"
mkdir -p "$work/catalog" && cp "$here/../../patchsets/catalog.toml" "$work/catalog/"
printf '%s\n' 'kind = "gate"' 'id = "python-3-needs-3-0"' 'title = "test gate: no Python 3 before 3.0"' \
  'versions = "<3.0"' 'lifted_in = "3.0"' 'why = "A gate of setup_test.sh blocking every Python."' 'errors = []' \
  'references = ["tests/sweep/setup_test.sh"]' '' '[conditions]' 'python = ">=3.0"' >"$work/catalog/python-3-needs-3-0.toml"
TP_SWEEP_CATALOG="$work/catalog" bash "$sweep" setup-options 2.6.0 "$work" >"$work/options" 2>"$work/err"
status=$?
check "a release with no Python is refused, naming the gate (exit $status)" "$([ "$status" -ne 0 ] && grep -q python-3-needs-3-0 "$work/err"; echo $?)"
echo "$((checks - failures)) of $checks checks passed"
[ "$failures" -eq 0 ]
