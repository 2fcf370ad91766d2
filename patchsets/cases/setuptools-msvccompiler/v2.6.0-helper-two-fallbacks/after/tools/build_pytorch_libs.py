from __future__ import annotations

import os
import platform
from glob import glob

from .setup_helpers.cmake import CMake, USE_NINJA
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
    # Keys in `_get_vc_env` are always lowercase.
    # We turn them into uppercase before overlaying vcvars
    # because OS environ keys are always uppercase on Windows.
    vc_env = {k.upper(): v for k, v in vc_env.items()}
    for k, v in env.items():
        uk = k.upper()
        if uk not in vc_env:
            vc_env[uk] = v
    return vc_env


def _create_build_env() -> dict[str, str]:
    my_env = os.environ.copy()
    if IS_WINDOWS and USE_NINJA:
        my_env = _overlay_windows_vcvars(my_env)
        my_env.setdefault("CC", "cl")
        my_env.setdefault("CXX", "cl")
    return my_env


def build_pytorch(
    version: str | None,
    cmake_python_library: str | None,
    build_python: bool,
    rerun_cmake: bool,
    cmake_only: bool,
    cmake: CMake,
) -> None:
    my_env = _create_build_env()
    build_test = not check_negative_env_flag("BUILD_TEST")
    cmake.generate(
        version, cmake_python_library, build_python, build_test, my_env, rerun_cmake
    )
    if cmake_only:
        return
    cmake.build(my_env)
