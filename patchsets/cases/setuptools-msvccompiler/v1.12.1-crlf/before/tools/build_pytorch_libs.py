import os
import platform
from typing import Dict, Optional

from .setup_helpers.env import IS_64BIT, IS_WINDOWS, check_negative_env_flag

from setuptools import distutils  # type: ignore[import]


def _overlay_windows_vcvars(env: Dict[str, str]) -> Dict[str, str]:
    vc_arch = 'x64' if IS_64BIT else 'x86'
    vc_env: Dict[str, str] = distutils._msvccompiler._get_vc_env(vc_arch)
    for k, v in env.items():
        uk = k.upper()
        if uk not in vc_env:
            vc_env[uk] = v
    return vc_env


def _create_build_env() -> Dict[str, str]:
    my_env = os.environ.copy()
    if IS_WINDOWS and USE_NINJA:
        my_env = _overlay_windows_vcvars(my_env)
    return my_env
