import copy
import os
import re
import subprocess
import sys

import torch
from .file_baton import FileBaton
from torch.torch_version import TorchVersion, Version

from setuptools.command.build_ext import build_ext

IS_WINDOWS = sys.platform == 'win32'


def _check_cuda_version(cuda_str_version):
    cuda_ver = Version(cuda_str_version)
    torch_cuda_version = Version(torch.version.cuda)
    return cuda_ver.major == torch_cuda_version.major
