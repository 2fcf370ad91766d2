import os
import platform
from typing import Dict, Optional

from setuptools._distutils import _msvccompiler as distutils_msvccompiler # modern setuptools relocation of _msvccompiler

from .setup_helpers.env import check_negative_env_flag, IS_64BIT, IS_WINDOWS


def _overlay_windows_vcvars(env: Dict[str, str]) -> Dict[str, str]:
    vc_arch = "x64" if IS_64BIT else "x86"

    if platform.machine() == "ARM64":
        vc_arch = "x64_arm64"

    vc_env: Dict[str, str] = distutils_msvccompiler._get_vc_env(vc_arch)
    vc_env = {k.upper(): v for k, v in vc_env.items()}
    return vc_env
