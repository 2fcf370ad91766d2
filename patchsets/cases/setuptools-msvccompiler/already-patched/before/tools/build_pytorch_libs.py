import os
import platform
from typing import Dict

from setuptools import distutils  # type: ignore[import]

from .setup_helpers.env import check_negative_env_flag, IS_64BIT, IS_WINDOWS


def _torchpatch_get_vc_env(vc_arch: str) -> "dict[str, str]":
    # torchpatch setuptools-msvccompiler: _get_vc_env lives in distutils._msvccompiler
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


def _overlay_windows_vcvars(env: Dict[str, str]) -> Dict[str, str]:
    vc_arch = "x64" if IS_64BIT else "x86"

    if platform.machine() == "ARM64":
        vc_arch = "x64_arm64"

    vc_env: Dict[str, str] = _torchpatch_get_vc_env(vc_arch)
    vc_env = {k.upper(): v for k, v in vc_env.items()}
    return vc_env
