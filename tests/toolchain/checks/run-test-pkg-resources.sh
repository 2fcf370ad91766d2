#!/bin/bash
# run-test-pkg-resources: the real test/run_test.py of Debian's 2.6.0 orig tarball
# (tests/real/get_trees.sh), judged by the sid root's Python with its real setuptools (>= 82, no
# pkg_resources). The file cannot be imported whole without a built torch, so a driver takes from
# it, by Python's own parser, the module-level imports it needs (every top-level import of the
# standard library or pkg_resources, none of torch's) and check_pip_packages(), and runs that:
# before the patch the import stops with the patchset's error (`explain` names it); after
# `apply --only` the function accepts a site folder with the three pytest plugins' metadata (one
# spelled with `_`, as pkg_resources' keys accept it) and refuses one without pytest-xdist, naming it.
set -u
source "$TP_REPO/tests/toolchain/lib.sh"
source "$TP_REPO/tests/toolchain/cxx.sh"
source "$TP_REPO/tests/real/get_trees.sh"
tp_sid_root || tp_fail "the sid root is not available"
id=run-test-pkg-resources
cxx_begin "$id"

tarball="$(tp_real_tarball 2.6.0)" || tp_fail "no Debian tree of 2.6.0 (tests/real/get_trees.sh)"
tar -xJf "$tarball" -C "$work/tree" --strip-components=1 --wildcards '*/test/run_test.py' ||
  tp_fail "extracting test/run_test.py from $tarball failed"
grep -qx 'import pkg_resources' "$work/tree/test/run_test.py" ||
  tp_fail "the real 2.6.0 test/run_test.py does not import pkg_resources"

cat >"$work/driver.py" <<'PY'
import ast, sys
path, site = sys.argv[1], sys.argv[2]
source = open(path).read()
tree = ast.parse(source)
wanted = []
for node in tree.body:
    names = [a.name for a in getattr(node, "names", [])]
    module = getattr(node, "module", None) or ""
    if isinstance(node, ast.Import) and not any(n.startswith("torch") for n in names):
        wanted.append(node)
    elif isinstance(node, ast.ImportFrom) and not module.startswith(("torch", "tools")):
        wanted.append(node)
    elif isinstance(node, ast.FunctionDef) and node.name == "check_pip_packages":
        wanted.append(node)
scope = {"print_to_stderr": lambda m: print(m, file=sys.stderr)}
sys.path.insert(0, site)
exec(compile(ast.Module(body=wanted, type_ignores=[]), path, "exec"), scope)
scope["check_pip_packages"]()
print("check_pip_packages accepted", site)
PY
# site NAME DIST...: a folder with a .dist-info (METADATA with Name) for each DIST
site() {
  local dir="$work/$1" dist; shift
  for dist in "$@"; do
    mkdir -p "$dir/$dist-1.0.dist-info"
    printf 'Metadata-Version: 2.1\nName: %s\nVersion: 1.0\n' "$dist" >"$dir/$dist-1.0.dist-info/METADATA"
  done
}
site all pytest-rerunfailures pytest_flakefinder pytest-xdist
site no-xdist pytest-rerunfailures pytest-flakefinder
run='python3 -W error::DeprecationWarning driver.py tree/test/run_test.py'

echo "$id: setuptools $(sid "$work" 'python3 -c "import setuptools; print(setuptools.__version__)"')"
echo "$id: 2.6.0 before the patch"
cxx_fails_with before "$run all" "ModuleNotFoundError: No module named 'pkg_resources'"
cxx_explained before "$id"

cxx_apply 2.6.0 "$id"
git -C "$work/tree" diff --numstat | grep -qx $'5\t2\ttest/run_test.py' ||
  { git -C "$work/tree" diff >&2; tp_fail "expected five lines for two in test/run_test.py"; }
echo "$id: 2.6.0 after the patch"
cxx_passes after-all "$run all"
cxx_fails_with after-no-xdist "$run no-xdist" "Missing pip dependency: pytest-xdist"
echo "$id: passed"
