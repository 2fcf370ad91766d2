# What each configuration's configure is given (`sweep.sh options`, the lines configure_in_place
# passes to CMake): every configuration takes NNPACK's `six` from the sid root, not the network;
# only the linked build's has ccache as the compiler launcher; each has its own compiler (libcxx:
# Clang 21 with libc++ in the C++ and linker flags, the others their own library); 2.6.0
# has no oneDNN (no ideep); a Python configuration names its Python; an unknown one is refused.
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
sweep="$here/sweep.sh"
log="$(mktemp)" && trap 'rm -f "$log"' EXIT
failures=0 checks=0
check() { # WHAT STATUS
  checks=$((checks + 1))
  if [ "$2" -eq 0 ]; then echo "ok: $1"; else echo "FAILED: $1"; failures=$((failures + 1)); fi
}
has() { grep -qx -- "$1" "$log"; }              # OPTION: a line of the last `options`
options() { bash "$sweep" options "$@" >"$log" 2>&1; }

for configuration in gcc clang libcxx gcc-link gcc-python clang-python; do
  options 2.6.0 "$configuration"
  check "2.6.0 $configuration: NNPACK's six is Debian's" "$(has -DPYTHON_SIX_SOURCE_DIR=/usr/lib/python3/dist-packages; echo $?)"
  check "2.6.0 $configuration: no oneDNN" "$(has -DUSE_MKLDNN=OFF; echo $?)"
  check "2.6.0 $configuration: the CPU build" "$(has -DUSE_CUDA=OFF; echo $?)"
  launchers=$(grep -c -- '-DCMAKE_C\(XX\)\?_COMPILER_LAUNCHER=ccache' "$log")
  case "$configuration" in
  *-link) check "$configuration: ccache launches the C and C++ compilers" $((launchers != 2)) ;;
  *) check "$configuration: no compiler launcher" "$launchers" ;;
  esac
  case "$configuration" in
  clang* | libcxx) check "$configuration: Clang 21" "$(has -DCMAKE_CXX_COMPILER=clang++-21 && has -DCMAKE_C_COMPILER=clang-21; echo $?)" ;;
  *) check "$configuration: GCC 16" "$(has -DCMAKE_CXX_COMPILER=g++-16 && has -DCMAKE_C_COMPILER=gcc-16; echo $?)" ;;
  esac
  stdlib=$(grep -c -- '-DCMAKE_\(CXX_FLAGS\|EXE_LINKER_FLAGS\|SHARED_LINKER_FLAGS\|MODULE_LINKER_FLAGS\)=-stdlib=libc++' "$log")
  case "$configuration" in
  libcxx) check "$configuration: libc++ for every C++ compile and link" $((stdlib != 4)) ;;
  *) check "$configuration: the compiler's own C++ library" "$stdlib" ;;
  esac
  case "$configuration" in
  *-python) check "$configuration: Python 3.13's extension" "$(has -DBUILD_PYTHON=ON && has -DPython_EXECUTABLE=/usr/bin/python3.13; echo $?)" ;;
  *) check "$configuration: no Python extension" "$(has -DBUILD_PYTHON=OFF; echo $?)" ;;
  esac
done
options 1.13.1 gcc-link
check "1.13.1 keeps oneDNN" "$(has -DUSE_MKLDNN=OFF && echo 1 || echo 0)"
options 1.13.1 gcc-python
check "1.13.1's Python configuration has bookworm's Python 3.11 (exit $?)" "$(has -DPython_EXECUTABLE=/opt/bookworm/usr/bin/python3.11; echo $?)"
options 2.6.0 gcc-cuda
status=$?
grep -q "no such configuration: gcc-cuda" "$log"
check "an unknown configuration is refused, named (exit $status: $(head -c 200 "$log"))" $((status == 0 || $? != 0))
echo "$((checks - failures)) of $checks checks passed"
[ "$failures" -eq 0 ]
