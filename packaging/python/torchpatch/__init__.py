"""torchpatch: the release binary, packaged for pip. Run it as `torchpatch` or `python -m torchpatch`."""
import os
import sys

__version__ = "@VERSION@"


def binary_path():
    """The bundled torchpatch executable."""
    name = "torchpatch.exe" if sys.platform == "win32" else "torchpatch"
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "bin", name)
