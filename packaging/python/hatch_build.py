"""Hatchling build hook: the wheel carries a native binary, so it is tagged for one platform.

TP_WHEEL_PLATFORM names it (linux_x86_64, win_amd64); auditwheel then turns linux_x86_64 into
the manylinux tag the binary really satisfies.
"""
import os

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CustomBuildHook(BuildHookInterface):
    def initialize(self, version, build_data):
        platform = os.environ.get("TP_WHEEL_PLATFORM")
        if not platform:
            raise RuntimeError("TP_WHEEL_PLATFORM is not set (scripts/package_wheels.sh sets it)")
        build_data["pure_python"] = False
        build_data["tag"] = f"py3-none-{platform}"
