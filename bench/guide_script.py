#!/usr/bin/env python3
"""What the community guides do by hand, as a plain script: walk the tree, and in every
CMakeLists.txt / *.cmake / *.cmake.in raise cmake_minimum_required(VERSION x) below 3.5 to 3.5 with
a regex. Nothing is written; the new text is only built in memory (the benchmark's baseline C).

    python3 bench/guide_script.py [DIR]      prints how many files and invocations would change
"""
import os
import re
import sys

PATTERN = re.compile(r"(cmake_minimum_required\s*\(\s*VERSION\s+)([0-9]+(?:\.[0-9]+)*)",
                     re.IGNORECASE)


def below_floor(version):
    parts = [int(p) for p in version.split(".")[:2]] + [0]
    return (parts[0], parts[1]) < (3, 5)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    files = changed = invocations = 0

    def raise_version(m):
        nonlocal invocations
        if not below_floor(m.group(2)):
            return m.group(0)
        invocations += 1
        return m.group(1) + "3.5"

    for folder, dirs, names in os.walk(root):
        if ".git" in dirs:
            dirs.remove(".git")
        for name in names:
            if name == "CMakeLists.txt" or name.endswith(".cmake") or name.endswith(".cmake.in"):
                files += 1
                with open(os.path.join(folder, name), encoding="utf-8", errors="surrogateescape",
                          newline="") as fh:
                    text = fh.read()
                if PATTERN.sub(raise_version, text) != text:
                    changed += 1
    print("%d CMake files, %d would change (%d invocations)" % (files, changed, invocations))


if __name__ == "__main__":
    main()
