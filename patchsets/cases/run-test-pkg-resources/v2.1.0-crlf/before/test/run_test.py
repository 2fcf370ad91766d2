#!/usr/bin/env python3

import argparse
import copy
import glob
import json
import os
import pathlib
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from typing import Any, cast, Dict, List, NamedTuple, Optional, Union

import pkg_resources

import torch
import torch.distributed as dist
from packaging import version

# (abridged from the real 2.1.0 test/run_test.py, CRLF)


def check_pip_packages() -> None:
    packages = [
        "pytest-rerunfailures",
        "pytest-shard",
        "pytest-flakefinder",
        "pytest-xdist",
    ]
    installed_packages = [i.key for i in pkg_resources.working_set]
    for package in packages:
        if package not in installed_packages:
            print(
                f"Missing pip dependency: {package}, please run `pip install -r .ci/docker/requirements-ci.txt`"
            )
            sys.exit(1)


def main():
    check_pip_packages()

    options = parse_args()

