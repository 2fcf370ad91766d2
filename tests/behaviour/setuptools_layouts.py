#!/usr/bin/env python3
"""Behaviour test for setuptools-msvccompiler and cpp-extension-msvccompiler.

Loads tools/build_pytorch_libs.py from the will-apply cases (before and after) with stand-in
`setuptools`/`distutils` packages in the layouts of setuptools <74, 74-75.8, 75.9-78.0 and >=78.1,
and calls _overlay_windows_vcvars. The patched file must find and call _get_vc_env in every layout;
the unpatched 2.0.1 shape must fail on >=74 with the verbatim AttributeError.
The same for torch/utils/cpp_extension.py of cpp-extension-msvccompiler's cases: _run_ninja_build
(with IS_WINDOWS forced on and subprocess.run recorded instead of run) must hand ninja the
environment of setuptools' _get_vc_env in every layout after the patch; before it, the 1.13.1
shape fails on >=74 and the 2.6.0 shape on 75.9-78.0, each with the verbatim AttributeError.

Each case file is imported from a copy in a temporary folder, never in place: importing it where
it is would leave __pycache__/ inside the case (unless PYTHONDONTWRITEBYTECODE is set), and the
catalog test would then find files in after/ that before/ does not have.
"""
import importlib.util, os, shutil, sys, tempfile, textwrap, types

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, '..', '..', 'patchsets', 'cases', 'setuptools-msvccompiler')
GET = 'def _get_vc_env(plat_spec):\n    return {"path": "C:\\\\VC", "marker": %r + ":" + plat_spec}\n'

def layout(root, kind):
    def w(p, t):
        p = os.path.join(root, p); os.makedirs(os.path.dirname(p), exist_ok=True); open(p, 'w').write(t)
    w('setuptools/_distutils/__init__.py', '')
    w('setuptools/_distutils/util.py', 'def get_platform():\n    return "win-amd64"\n')
    # like _distutils_hack: the vendored package is served as `distutils` (its __name__ is renamed)
    init = ('import sys\nfrom . import _distutils as distutils\n'
            'distutils.__name__ = "distutils"\nsys.modules["distutils"] = distutils\n'
            'from ._distutils import util  # loaded by setuptools itself\n')
    if kind == 'lt74':
        # setuptools < 74 monkeypatched MSVC support and so imported distutils._msvccompiler
        w('setuptools/_distutils/_msvccompiler.py', GET % 'lt74')
        init += 'from ._distutils import _msvccompiler  # side effect of monkey.patch_for_msvc_specialized_compiler\n'
    elif kind == '74-75.8':
        w('setuptools/_distutils/_msvccompiler.py', GET % '74-75.8')
    else:
        w('setuptools/_distutils/compilers/__init__.py', '')
        w('setuptools/_distutils/compilers/C/msvc.py', GET % kind)  # C/ has no __init__.py upstream either
        shim = 'from .compilers.C import msvc\n\nMSVCCompiler = None\n'
        if kind == 'ge78.1':
            shim += textwrap.dedent('''
                def __getattr__(name):
                    if name == '_get_vc_env':
                        return msvc._get_vc_env
                    raise AttributeError(name)
                ''')
        w('setuptools/_distutils/_msvccompiler.py', shim)
    w('setuptools/__init__.py', init)

def load(path, root):
    for m in [m for m in sys.modules if m.split('.')[0] in ('setuptools', 'distutils', 'tools')]:
        del sys.modules[m]
    sys.path.insert(0, root)
    tools = types.ModuleType('tools'); tools.__path__ = []; sys.modules['tools'] = tools
    helpers = types.ModuleType('tools.setup_helpers'); helpers.__path__ = []; sys.modules['tools.setup_helpers'] = helpers
    env = types.ModuleType('tools.setup_helpers.env'); env.IS_64BIT = True; env.IS_WINDOWS = True
    env.check_negative_env_flag = lambda *a: False; sys.modules['tools.setup_helpers.env'] = env
    cm = types.ModuleType('tools.setup_helpers.cmake'); cm.CMake = object; cm.USE_NINJA = True
    sys.modules['tools.setup_helpers.cmake'] = cm
    spec = importlib.util.spec_from_file_location('tools.build_pytorch_libs', path)
    mod = importlib.util.module_from_spec(spec); spec.loader.exec_module(mod)
    return mod

def run(path, kind):
    with tempfile.TemporaryDirectory() as root:
        layout(root, kind)
        copy = os.path.join(root, 'case', 'tools', 'build_pytorch_libs.py')
        os.makedirs(os.path.dirname(copy))
        shutil.copyfile(path, copy)
        try:
            mod = load(copy, root)
            return mod._overlay_windows_vcvars({'PATH': 'x'})
        finally:
            sys.path.remove(root)

failed = 0
def check(cond, what):
    global failed
    print(('ok   ' if cond else 'FAIL ') + what)
    failed += 0 if cond else 1

KINDS = ['lt74', '74-75.8', '75.9-78.0', 'ge78.1']
for case in ['v2.0.1-module-level-distutils', 'v1.12.1-crlf', 'v2.6.0-helper-two-fallbacks']:
    after = os.path.join(CASES, case, 'after', 'tools', 'build_pytorch_libs.py')
    for kind in KINDS:
        try:
            env = run(after, kind)
            check(env.get('MARKER') == kind + ':x64', f'{case} after, setuptools {kind}: _get_vc_env found and called ({env.get("MARKER")})')
        except Exception as e:
            check(False, f'{case} after, setuptools {kind}: {type(e).__name__}: {e}')

before = os.path.join(CASES, 'v2.0.1-module-level-distutils', 'before', 'tools', 'build_pytorch_libs.py')
env = run(before, 'lt74'); check(env.get('MARKER') == 'lt74:x64', 'v2.0.1 before works with setuptools <74')
for kind in KINDS[1:]:
    try:
        run(before, kind); check(False, f'v2.0.1 before, setuptools {kind}: expected AttributeError')
    except AttributeError as e:
        check(str(e) == "module 'distutils' has no attribute '_msvccompiler'", f'v2.0.1 before, setuptools {kind}: AttributeError: {e}')
b26 = os.path.join(CASES, 'v2.6.0-helper-two-fallbacks', 'before', 'tools', 'build_pytorch_libs.py')
try:
    run(b26, '75.9-78.0'); check(False, 'v2.6.0 before, setuptools 75.9-78.0: expected AttributeError')
except AttributeError as e:
    check(str(e) == "module 'distutils._msvccompiler' has no attribute '_get_vc_env'", f'v2.6.0 before, setuptools 75.9-78.0: AttributeError: {e}')
for kind in ['lt74', '74-75.8', 'ge78.1']:
    env = run(b26, kind); check(env.get('MARKER') == kind + ':x64', f'v2.6.0 before works with setuptools {kind}')
# cpp-extension-msvccompiler: torch/utils/cpp_extension.py's _run_ninja_build.
EXT_CASES = os.path.join(HERE, '..', '..', 'patchsets', 'cases', 'cpp-extension-msvccompiler')

class RecordedRun:
    PIPE, STDOUT = -1, -2
    class CalledProcessError(Exception):
        pass
    def __init__(self):
        self.env = None
    def run(self, command, **kwargs):
        self.env = kwargs['env']

def run_ext(path, kind):
    with tempfile.TemporaryDirectory() as root:
        layout(root, kind)
        copy = os.path.join(root, 'case', 'cpp_extension.py')
        os.makedirs(os.path.dirname(copy))
        shutil.copyfile(path, copy)
        for m in [m for m in sys.modules if m.split('.')[0] in ('setuptools', 'distutils')]:
            del sys.modules[m]
        sys.path.insert(0, root)
        try:
            spec = importlib.util.spec_from_file_location('cpp_extension_case', copy)
            mod = importlib.util.module_from_spec(spec); spec.loader.exec_module(mod)
            mod.IS_WINDOWS = True
            recorded = RecordedRun(); mod.subprocess = recorded
            saved = os.environ.pop('VSCMD_ARG_TGT_ARCH', None)
            try:
                mod._run_ninja_build(root, False, 'error')
            finally:
                if saved is not None:
                    os.environ['VSCMD_ARG_TGT_ARCH'] = saved
            return recorded.env
        finally:
            sys.path.remove(root)

def ext_file(case, t):
    return os.path.join(EXT_CASES, case, t, 'torch', 'utils', 'cpp_extension.py')

for case in ['v1.13.1-run-ninja-build', 'v1.12.1-crlf', 'v2.6.0-helper-two-fallbacks']:
    for kind in KINDS:
        try:
            env = run_ext(ext_file(case, 'after'), kind)
            check(env.get('MARKER') == kind + ':x86_amd64', f'cpp_extension {case} after, setuptools {kind}: ninja gets _get_vc_env\'s environment ({env.get("MARKER")})')
        except Exception as e:
            check(False, f'cpp_extension {case} after, setuptools {kind}: {type(e).__name__}: {e}')
b113 = ext_file('v1.13.1-run-ninja-build', 'before')
env = run_ext(b113, 'lt74'); check(env.get('MARKER') == 'lt74:x86_amd64', 'cpp_extension v1.13.1 before works with setuptools <74')
for kind in KINDS[1:]:
    try:
        run_ext(b113, kind); check(False, f'cpp_extension v1.13.1 before, setuptools {kind}: expected AttributeError')
    except AttributeError as e:
        check(str(e) == "module 'distutils' has no attribute '_msvccompiler'", f'cpp_extension v1.13.1 before, setuptools {kind}: AttributeError: {e}')
b260 = ext_file('v2.6.0-helper-two-fallbacks', 'before')
try:
    run_ext(b260, '75.9-78.0'); check(False, 'cpp_extension v2.6.0 before, setuptools 75.9-78.0: expected AttributeError')
except AttributeError as e:
    check(str(e) == "module 'distutils._msvccompiler' has no attribute '_get_vc_env'", f'cpp_extension v2.6.0 before, setuptools 75.9-78.0: AttributeError: {e}')
for kind in ['lt74', '74-75.8', 'ge78.1']:
    env = run_ext(b260, kind); check(env.get('MARKER') == kind + ':x86_amd64', f'cpp_extension v2.6.0 before works with setuptools {kind}')
print(f'setuptools_layouts: {"FAILED" if failed else "passed"} ({failed} failures)')
sys.exit(1 if failed else 0)
