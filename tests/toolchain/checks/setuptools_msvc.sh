#!/usr/bin/env bash
# setuptools-msvccompiler against the real setuptools of the sid root (84.x), on Linux: what can run
# here is the import path. tools/build_pytorch_libs.py of the 2.0.1-shape case (module-level
# `from setuptools import distutils`, the call `distutils._msvccompiler._get_vc_env(vc_arch)`) fails
# as it stands with the error the patchset's `errors` list names; after `torchpatch apply` the
# helper reaches setuptools' real _get_vc_env (in setuptools/_distutils/compilers/C/msvc.py), which
# then stops only because this is not Windows. The 2.6.0-shape case is checked the same way.
set -uo pipefail
source "$TP_REPO/tests/toolchain/lib.sh"
tp_sid_root || tp_fail "no sid root"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
id=setuptools-msvccompiler

cat > "$tmp/overlay.py" <<'PY'
# usage: overlay.py TREE — loads TREE/tools/build_pytorch_libs.py with stand-ins for PyTorch's
# setup_helpers (the real setuptools is the one installed), calls _overlay_windows_vcvars, and says
# where the call ended: "reached FILE: ERROR" when setuptools' own _get_vc_env ran, else the error.
import importlib.util, os, sys, traceback, types
import setuptools
print("setuptools", setuptools.__version__)
tools = types.ModuleType("tools"); tools.__path__ = []; sys.modules["tools"] = tools
helpers = types.ModuleType("tools.setup_helpers"); helpers.__path__ = []; sys.modules["tools.setup_helpers"] = helpers
env = types.ModuleType("tools.setup_helpers.env"); env.IS_64BIT = True; env.IS_WINDOWS = True
env.check_negative_env_flag = lambda *a: False; sys.modules["tools.setup_helpers.env"] = env
cm = types.ModuleType("tools.setup_helpers.cmake"); cm.CMake = object; cm.USE_NINJA = True
sys.modules["tools.setup_helpers.cmake"] = cm
path = os.path.join(sys.argv[1], "tools", "build_pytorch_libs.py")
spec = importlib.util.spec_from_file_location("tools.build_pytorch_libs", path)
mod = importlib.util.module_from_spec(spec); spec.loader.exec_module(mod)
try:
    mod._overlay_windows_vcvars({"PATH": "x"})
    print("returned without error")
except Exception as e:
    last = traceback.extract_tb(e.__traceback__)[-1].filename
    if last.endswith(os.path.join("compilers", "C", "msvc.py")):
        print(f"reached {last}: {type(e).__name__}: {e}")
    else:
        traceback.print_exc()
        sys.exit(1)
PY
for case in v2.0.1-module-level-distutils v2.6.0-helper-two-fallbacks; do
  tp_case_tree "$id" "$case" "$tmp/$case/before"
  cp -a "$tmp/$case/before" "$tmp/$case/after"
  tp_apply "$tmp/$case/after" "$id"
  for t in before after; do
    sid "$tmp" "python3 -W ignore overlay.py $case/$t" >"$tmp/log" 2>&1
    status=$?
    version="$(grep -m1 "^setuptools " "$tmp/log")"
    if [ "$case/$t" = v2.0.1-module-level-distutils/before ]; then
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
echo "setuptools_msvc: passed"
