import copy
import os
import re
import subprocess
import sys

import torch
from .file_baton import FileBaton
from torch.torch_version import TorchVersion

from setuptools.command.build_ext import build_ext
from pkg_resources import packaging  # type: ignore[attr-defined]

IS_WINDOWS = sys.platform == 'win32'


def _check_cuda_version(cuda_str_version):
    cuda_ver = packaging.version.parse(cuda_str_version)
    torch_cuda_version = packaging.version.parse(torch.version.cuda)
    return cuda_ver.major == torch_cuda_version.major
