import os
import sys


IS_WINDOWS = sys.platform == 'win32'


def _get_vc_env(vc_arch: str) -> dict[str, str]:
    try:
        from setuptools import distutils
        return distutils._msvccompiler._get_vc_env(vc_arch)
    except AttributeError:
        from setuptools._distutils import _msvccompiler
        return _msvccompiler._get_vc_env(vc_arch)


def _run_ninja_build(build_directory: str, verbose: bool, error_prefix: str) -> None:
    env = os.environ.copy()
    # Try to activate the vc env for the users
    if IS_WINDOWS and 'VSCMD_ARG_TGT_ARCH' not in env:
        from setuptools import distutils

        plat_name = distutils.util.get_platform()
        plat_spec = PLAT_TO_VCVARS[plat_name]
        vc_env = {k.upper(): v for k, v in _get_vc_env(plat_spec).items()}
