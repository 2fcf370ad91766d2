from __future__ import annotations

import os
import platform


def _get_vc_env(vc_arch: str) -> dict[str, str]:
    try:
        from setuptools import distutils  # type: ignore[import]

        return distutils._msvccompiler._get_vc_env(vc_arch)  # type: ignore[no-any-return]
    except AttributeError:
        try:
            from setuptools._distutils import _msvccompiler  # type: ignore[import]

            return _msvccompiler._get_vc_env(vc_arch)  # type: ignore[no-any-return]
        except AttributeError:
            from setuptools._distutils.compilers.C import msvc  # type: ignore[import]

            return msvc._get_vc_env(vc_arch)  # type: ignore[no-any-return]


def _overlay_windows_vcvars(env: dict[str, str]) -> dict[str, str]:
    vc_env = _get_vc_env(vc_arch)
    return vc_env
