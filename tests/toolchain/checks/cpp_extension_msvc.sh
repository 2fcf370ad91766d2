#!/usr/bin/env bash
# cpp-extension-msvccompiler against the real setuptools of the sid root (84.x), on Linux: what can
# run here is the import path. torch/utils/cpp_extension.py's _run_ninja_build of the 1.13.1-shape
# case (`from setuptools import distutils`, then `distutils._msvccompiler._get_vc_env(plat_spec)`)
# fails as it stands with the error the patchset's `errors` list names; after `torchpatch apply`
# the helper reaches setuptools' real _get_vc_env (setuptools/_distutils/compilers/C/msvc.py),
# which then stops only because this is not Windows. The 2.6.0-shape case (upstream's helper, whose
# second fallback 84.x still serves) reaches it before and after.
set -uo pipefail
source "$TP_REPO/tests/toolchain/lib.sh"
tp_sid_root || tp_fail "no sid root"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
id=cpp-extension-msvccompiler

cat > "$tmp/ninja_env.py" <<'PY'
# usage: ninja_env.py TREE — loads TREE/torch/utils/cpp_extension.py (an excerpt: the imports,
# PLAT_TO_VCVARS, _run_ninja_build) with the real setuptools, as on Windows (IS_WINDOWS, and
# distutils.util.get_platform() answering win-amd64), records subprocess.run instead of running
# ninja, and says where the call ended: "reached FILE: ERROR" when setuptools' own _get_vc_env ran.
import importlib.util, os, sys, traceback
import setuptools
from setuptools import distutils
print("setuptools", setuptools.__version__)
distutils.util.get_platform = lambda: "win-amd64"
path = os.path.join(sys.argv[1], "torch", "utils", "cpp_extension.py")
spec = importlib.util.spec_from_file_location("cpp_extension_case", path)
mod = importlib.util.module_from_spec(spec); spec.loader.exec_module(mod)
mod.IS_WINDOWS = True
mod.subprocess.run = lambda *a, **k: None
os.environ.pop("VSCMD_ARG_TGT_ARCH", None)
try:
    mod._run_ninja_build(sys.argv[1], False, "error")
    print("returned without error")
except Exception as e:
    last = traceback.extract_tb(e.__traceback__)[-1].filename
    if last.endswith(os.path.join("compilers", "C", "msvc.py")):
        print(f"reached {last}: {type(e).__name__}: {e}")
    else:
        traceback.print_exc()
        sys.exit(1)
PY
for case in v1.13.1-run-ninja-build v2.6.0-helper-two-fallbacks; do
  tp_case_tree "$id" "$case" "$tmp/$case/before"
  cp -a "$tmp/$case/before" "$tmp/$case/after"
  tp_apply "$tmp/$case/after" "$id"
  for t in before after; do
    sid "$tmp" "python3 -W ignore ninja_env.py $case/$t" >"$tmp/log" 2>&1
    status=$?
    version="$(grep -m1 "^setuptools " "$tmp/log")"
    if [ "$case/$t" = v1.13.1-run-ninja-build/before ]; then
      expect_fail_explained "$status" "$id" "$tmp/log"
      echo "ok   $version, $case: before/ fails to find _get_vc_env"
    else
      expect_ok "$status" "$tmp/log"
      grep -q '^reached .*/setuptools/_distutils/compilers/C/msvc.py: ' "$tmp/log" || {
        cat "$tmp/log" >&2; tp_fail "$case/$t: setuptools' own _get_vc_env was not reached"; }
      echo "ok   $version, $case: $t/ reaches setuptools' _get_vc_env ($(sed -n 's/^reached [^:]*: //p' "$tmp/log"))"
    fi
  done
done
echo "cpp_extension_msvc: passed"
