import os
import sys


def _torchpatch_get_vc_env(vc_arch: str) -> "dict[str, str]":
    # torchpatch cpp-extension-msvccompiler: _get_vc_env lives in distutils._msvccompiler
    # (setuptools < 74 or the stdlib), setuptools._distutils._msvccompiler
    # (setuptools 74 - 75.8) or setuptools._distutils.compilers.C.msvc (setuptools >= 75.9).
    import importlib

    for module_name in (
        "distutils._msvccompiler",
        "setuptools._distutils._msvccompiler",
        "setuptools._distutils.compilers.C.msvc",
    ):
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        get_vc_env = getattr(module, "_get_vc_env", None)
        if get_vc_env is not None:
            return get_vc_env(vc_arch)  # type: ignore[no-any-return]
    raise AttributeError(
        "torchpatch: no _get_vc_env in distutils._msvccompiler, "
        "setuptools._distutils._msvccompiler or setuptools._distutils.compilers.C.msvc"
    )


def _run_ninja_build(build_directory: str, verbose: bool, error_prefix: str) -> None:
    env = os.environ.copy()
    # Try to activate the vc env for the users
    if IS_WINDOWS and 'VSCMD_ARG_TGT_ARCH' not in env:
        from setuptools import distutils

        plat_name = distutils.util.get_platform()
        plat_spec = PLAT_TO_VCVARS[plat_name]

        vc_env = _torchpatch_get_vc_env(plat_spec)
        env = vc_env
