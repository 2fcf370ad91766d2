"""`torchpatch` and `python -m torchpatch`: run the bundled binary with these arguments.

On POSIX the process becomes the binary (exec), so its exit code, signals and standard streams are
the binary's own; on Windows, which has no exec, the binary runs as a child and its exit code is
returned.
"""
import os
import subprocess
import sys

from torchpatch import binary_path


def main():
    binary = binary_path()
    arguments = [binary] + sys.argv[1:]
    if sys.platform == "win32":
        return subprocess.call(arguments)
    os.execv(binary, arguments)
    return 127  # not reached: execv replaces this process or raises


if __name__ == "__main__":
    sys.exit(main())
