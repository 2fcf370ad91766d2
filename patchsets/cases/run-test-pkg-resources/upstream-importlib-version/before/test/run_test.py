#!/usr/bin/env python3

import argparse
import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import torch


def check_pip_packages() -> None:
    packages = [
        "pytest-rerunfailures",
        "pytest-flakefinder",
        "pytest-xdist",
    ]
    try:
        for pkg in packages:
            version(pkg)
    except PackageNotFoundError:
        print_to_stderr(
            f"Missing pip dependency: {pkg}, please run `pip install -r .ci/docker/requirements-ci.txt`"
        )
        sys.exit(1)
