#!/bin/bash
# setuptools-pkg-resources-packaging: a module with cpp_extension.py's import and its use of
# packaging.version (1.12 - 2.1 shape), imported by the sid root's Python with its real setuptools
# (>= 82, no pkg_resources): before the patch the import fails with ModuleNotFoundError; after it
# imports, `packaging` is a module and packaging.version.parse compares versions.
set -u
source "$TP_REPO/tests/toolchain/lib.sh"
tp_sid_root || tp_fail "the sid root is not available"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
mod="$work/tree/torch/utils/cpp_extension.py"
mkdir -p "$(dirname "$mod")"

cat >"$mod" <<'PY'
import os
import sys

from setuptools.command.build_ext import build_ext
from pkg_resources import packaging  # type: ignore[attr-defined]

IS_WINDOWS = sys.platform == 'win32'


def needs_generate_dependencies(cuda_version):
    required_cuda_version = packaging.version.parse('10.2')
    return packaging.version.parse(cuda_version) >= required_cuda_version
PY

setuptools_version="$(sid "$work" 'python3 -c "import setuptools; print(setuptools.__version__)"')" ||
  tp_fail "no setuptools in the sid root"
echo "setuptools-pkg-resources-packaging: setuptools $setuptools_version"
case "$setuptools_version" in
  8[2-9].*|9[0-9].*|[1-9][0-9][0-9].*) ;;
  *) tp_fail "this check needs setuptools >= 82 (no pkg_resources), found $setuptools_version" ;;
esac

use='import sys; sys.path.insert(0, "tree/torch/utils"); import cpp_extension as m;
assert type(m.packaging).__name__ == "module", m.packaging
assert m.needs_generate_dependencies("11.8") and not m.needs_generate_dependencies("9.2")
print("packaging bound to", m.packaging.__name__, "from", m.packaging.__file__)'

echo "setuptools-pkg-resources-packaging: before the patch"
sid "$work" "python3 -c '$use'" >"$work/before.log" 2>&1
expect_fail_with $? "ModuleNotFoundError: No module named 'pkg_resources'" "$work/before.log"
echo "  import fails: ModuleNotFoundError: No module named 'pkg_resources'"

tp_checkout "$work/tree" 2.0.1
"$TORCHPATCH" -C "$work/tree" apply --only setuptools-pkg-resources-packaging >"$work/apply.log" 2>&1 ||
  { cat "$work/apply.log" >&2; tp_fail "torchpatch apply failed"; }

echo "setuptools-pkg-resources-packaging: after the patch"
sid "$work" "python3 -W error::DeprecationWarning -c '$use'" >"$work/after.log" 2>&1
expect_ok $? "$work/after.log"
echo "  $(cat "$work/after.log")"
echo "setuptools-pkg-resources-packaging: ok"
