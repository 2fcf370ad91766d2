#!/usr/bin/env python3

import argparse
import copy
import glob
import json
import os
import platform
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from contextlib import ExitStack
from datetime import datetime
from pathlib import Path
from typing import Any, cast, Dict, List, NamedTuple, Optional, Sequence, Tuple, Union

import importlib.metadata  # torchpatch run-test-pkg-resources: no pkg_resources in setuptools >= 82


import torch


# (abridged from the real 2.6.0 test/run_test.py)


def check_pip_packages() -> None:
    packages = [
        "pytest-rerunfailures",
        "pytest-flakefinder",
        "pytest-xdist",
    ]
    installed_packages = [  # torchpatch run-test-pkg-resources: pkg_resources' keys
        (d.metadata["Name"] or "").lower().replace("_", "-")
        for d in importlib.metadata.distributions()
    ]
    for package in packages:
        if package not in installed_packages:
            print_to_stderr(
                f"Missing pip dependency: {package}, please run `pip install -r .ci/docker/requirements-ci.txt`"
            )
            sys.exit(1)


def main():
    check_pip_packages()

    options = parse_args()

