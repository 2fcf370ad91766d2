from __future__ import annotations

import os
import platform

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


def _get_vc_env(vc_arch: str) -> dict[str, str]:
    try:
        from setuptools import distutils  # type: ignore[import]

        return _torchpatch_get_vc_env(vc_arch)  # type: ignore[no-any-return]
    except AttributeError:
        from setuptools._distutils import _msvccompiler  # type: ignore[import]

        return _msvccompiler._get_vc_env(vc_arch)  # type: ignore[no-any-return]


def _overlay_windows_vcvars(env: dict[str, str]) -> dict[str, str]:
    vc_arch = "x64" if IS_64BIT else "x86"

    if platform.machine() == "ARM64":
        vc_arch = "x64_arm64"

    vc_env = _get_vc_env(vc_arch)
    return vc_env
