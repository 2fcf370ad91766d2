import os
import platform
from typing import Dict, Optional

from setuptools import distutils  # type: ignore[import]

from .setup_helpers.env import check_negative_env_flag, IS_64BIT, IS_WINDOWS


def _overlay_windows_vcvars(env: Dict[str, str]) -> Dict[str, str]:
    vc_arch = "x64" if IS_64BIT else "x86"

    if platform.machine() == "ARM64":
        vc_arch = "x64_arm64"

    vc_env: Dict[str, str] = distutils._msvccompiler._get_vc_env(vc_arch)
    # Keys in `_get_vc_env` are always lowercase.
    # We turn them into uppercase before overlaying vcvars
    # because OS environ keys are always uppercase on Windows.
    vc_env = {k.upper(): v for k, v in vc_env.items()}
    return vc_env
