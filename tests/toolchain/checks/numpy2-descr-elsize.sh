#!/bin/bash
# numpy2-descr-elsize: the dtype-size read of torch/csrc/utils/tensor_numpy.cpp (1.12 - 2.2 shape)
# against the sid root's NumPy 2 headers: before the patch GCC 16 and Clang 21 fail on
# `descr->elsize`; after it both compile, and the built program reads the right sizes through
# PyDataType_ELSIZE from the real NumPy at run time. Compilers run with LC_ALL=C (ASCII quotes, as
# in the patchset's `errors`).
set -u
source "$TP_REPO/tests/toolchain/lib.sh"
tp_sid_root || tp_fail "the sid root is not available"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
src="$work/tree/torch/csrc/utils/tensor_numpy.cpp"
mkdir -p "$(dirname "$src")"

# The lines the patch depends on, as in tensor_from_cuda_array_interface (1.13.1, l.380-394),
# around stand-ins for torch's helpers; main() embeds Python and asks for three dtypes.
cat >"$src" <<'CXX'
#include <Python.h>
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>
#include <cstdio>
#include <stdexcept>

namespace {
struct ValueError : std::runtime_error { using std::runtime_error::runtime_error; };
int numpy_dtype_to_aten(int type_num) { return type_num; }

int size_of_typestr(const char* typestr) {
  int dtype = 0;
  int dtype_size_in_bytes;
  {
    PyObject* py_typestr = PyUnicode_FromString(typestr);
    PyArray_Descr* descr;
    if (!PyArray_DescrConverter(py_typestr, &descr)) {
      throw ValueError("cannot parse `typestr`");
    }
    dtype = numpy_dtype_to_aten(descr->type_num);
    dtype_size_in_bytes = descr->elsize;
    Py_DECREF(py_typestr);
  }
  (void)dtype;
  return dtype_size_in_bytes;
}

int init_numpy() {
  import_array1(-1);
  return 0;
}
} // namespace

int main() {
  Py_Initialize();
  if (init_numpy() < 0) {
    PyErr_Print();
    return 2;
  }
  std::printf("<f4=%d <f8=%d |u1=%d\n", size_of_typestr("<f4"), size_of_typestr("<f8"),
              size_of_typestr("|u1"));
  return 0;
}
CXX

flags='$(python3-config --includes) -I$(python3 -c "import numpy; print(numpy.get_include())")'
compile() { # compile NAME CXX [link]: the log is $work/NAME.log
  local link=""
  [ "${3:-}" = link ] && link="-o /w/$1 \$(python3-config --embed --ldflags)" || link="-c -o /dev/null"
  sid "$work" "LC_ALL=C $2 -std=c++17 -Wall -Werror $flags tree/torch/csrc/utils/tensor_numpy.cpp $link" >"$work/$1.log" 2>&1
}

sid "$work" 'python3 -c "import numpy; print(\"NumPy\", numpy.__version__)"' || tp_fail "no NumPy in the sid root"
echo "numpy2-descr-elsize: before the patch"
compile before-gcc g++
expect_fail_with $? "has no member named 'elsize'" "$work/before-gcc.log"
echo "  g++ fails: has no member named 'elsize'"
compile before-clang clang++
expect_fail_with $? "no member named 'elsize' in '_PyArray_Descr'" "$work/before-clang.log"
echo "  clang++ fails: no member named 'elsize' in '_PyArray_Descr'"

tp_checkout "$work/tree" 1.13.1
"$TORCHPATCH" -C "$work/tree" apply --only numpy2-descr-elsize >"$work/apply.log" 2>&1 ||
  { cat "$work/apply.log" >&2; tp_fail "torchpatch apply failed"; }
grep -q 'PyDataType_ELSIZE(descr)' "$src" || tp_fail "apply did not add PyDataType_ELSIZE"

echo "numpy2-descr-elsize: after the patch"
compile after-gcc g++ link
expect_ok $? "$work/after-gcc.log"
compile after-clang clang++
expect_ok $? "$work/after-clang.log"
echo "  g++ and clang++ compile"
sid "$work" './after-gcc' >"$work/run.log" 2>&1
expect_ok $? "$work/run.log"
grep -qx '<f4=4 <f8=8 |u1=1' "$work/run.log" || { cat "$work/run.log" >&2; tp_fail "wrong dtype sizes"; }
echo "  the program reads <f4=4 <f8=8 |u1=1 from the real NumPy"
echo "numpy2-descr-elsize: ok"
