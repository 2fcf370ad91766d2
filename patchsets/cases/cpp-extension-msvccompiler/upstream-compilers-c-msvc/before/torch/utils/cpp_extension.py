import os
import sys


IS_WINDOWS = sys.platform == 'win32'


def _get_vc_env(vc_arch: str) -> dict[str, str]:
    try:
        from setuptools import distutils
        return distutils._msvccompiler._get_vc_env(vc_arch)
    except AttributeError:
        try:
            from setuptools._distutils import _msvccompiler
            return _msvccompiler._get_vc_env(vc_arch)
        except AttributeError:
            from setuptools._distutils.compilers.C import msvc
            return msvc._get_vc_env(vc_arch)


def _run_ninja_build(build_directory: str, verbose: bool, error_prefix: str) -> None:
    env = os.environ.copy()
    if IS_WINDOWS and 'VSCMD_ARG_TGT_ARCH' not in env:
        plat_spec = PLAT_TO_VCVARS[plat_name]
        vc_env = {k.upper(): v for k, v in _get_vc_env(plat_spec).items()}
