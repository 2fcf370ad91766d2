#!/usr/bin/env python3
"""Behaviour test for setuptools-msvccompiler.

Loads tools/build_pytorch_libs.py from the will-apply cases (before and after) with stand-in
`setuptools`/`distutils` packages in the layouts of setuptools <74, 74-75.8, 75.9-78.0 and >=78.1,
and calls _overlay_windows_vcvars. The patched file must find and call _get_vc_env in every layout;
the unpatched 2.0.1 shape must fail on >=74 with the verbatim AttributeError.

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
    # like _distutils_hack: the vendored package is served as `distutils` (its __name__ is renamed)
    init = ('import sys\nfrom . import _distutils as distutils\n'
            'distutils.__name__ = "distutils"\nsys.modules["distutils"] = distutils\n')
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
print(f'setuptools_layouts: {"FAILED" if failed else "passed"} ({failed} failures)')
sys.exit(1 if failed else 0)
