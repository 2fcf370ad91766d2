#!/usr/bin/env python3
"""covered.py decides which units a real build already compiled: the same command apart from
relaxing flags, the object there, every file it read no newer than it. Runs anywhere (ctest
sweep_covered, label sweep)."""
import os
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from covered import difference, normalized, parse_deps, uncovered_reason  # noqa: E402

failures = checks = 0


def check(what, ok):
    global failures, checks
    checks += 1
    print(("ok: " if ok else "FAILED: ") + what)
    failures += 0 if ok else 1


CMD = ["/usr/bin/g++-16", "-I/w/build-setup/aten/src", "-O2", "-Werror=format", "-c", "/w/src/a.cpp"]
THEIRS = ["ccache", "/usr/bin/g++-16", "-I/w/build-test/aten/src", "-O2", "-Werror=format", "-MD", "-MT", "a.o",
          "-MF", "a.o.d", "-o", "a.o", "-c", "/w/src/a.cpp"]
mine_n, theirs_n = normalized(CMD, "build-setup", "build-test"), normalized(THEIRS, "build-setup", "build-test")
check("launcher, dependency files and -o are not compared; the build folder is read as the other's",
      mine_n == theirs_n)
check("the same command: no difference", difference(mine_n, theirs_n) is None)
relaxed = mine_n[:4] + ["-Wno-error=nonnull"] + mine_n[4:]
check("an added -Wno-error=... only relaxes: still the same", difference(relaxed, theirs_n) is None)
check("but the other build's own relaxing flag is a difference", difference(theirs_n, relaxed) is not None)
stricter = mine_n + ["-Werror"]
check("an added -Werror is a difference, named", "-Werror" in (difference(stricter, theirs_n) or ""))
defined = mine_n[:1] + ["-DUSE_PYTHON"] + mine_n[1:]
check("an added -D is a difference", difference(defined, theirs_n) is not None)
swapped = [mine_n[0], mine_n[2], mine_n[1]] + mine_n[3:]
check("the same flags in another order are a difference", difference(swapped, theirs_n) is not None)

deps = parse_deps("a.o: #deps 2, deps mtime 1 (VALID)\n    /w/src/a.cpp\n    gen/h.h\n\n"
                  "b.o: #deps 1, deps mtime 1 (STALE)\n    /w/src/b.cpp\n\n")
check("ninja's deps log read: VALID entries with their files", deps == {"a.o": ["/w/src/a.cpp", "gen/h.h"]})

with tempfile.TemporaryDirectory() as root:
    os.makedirs(f"{root}/src"), os.makedirs(f"{root}/build-test/gen")
    for path in ("src/a.cpp", "build-test/gen/h.h", "build-test/a.o"):
        with open(f"{root}/{path}", "w") as f:
            f.write("x")
    old = time.time() - 100
    os.utime(f"{root}/src/a.cpp", (old, old)), os.utime(f"{root}/build-test/gen/h.h", (old, old))
    entry = {"output": "/w/build-setup/a.o", "directory": "/w/build-setup", "arguments": CMD}
    theirs = {"a.o": {"output": "a.o", "directory": "/w/build-test", "arguments": THEIRS}}
    local = {"a.o": [f"{root}/src/a.cpp", "gen/h.h"]}
    check("covered: same command, object there, its files older",
          uncovered_reason(entry, theirs, local, "build-setup", "build-test", root) is None)
    check("not in the other configure", uncovered_reason({"output": "z.o", "directory": "/w/build-setup", "arguments": CMD}, theirs, local,
                                                          "build-setup", "build-test", root) == "not in the other configure")
    check("no deps record: uncovered", uncovered_reason(entry, theirs, {}, "build-setup", "build-test", root) ==
          "no current deps record")
    os.utime(f"{root}/build-test/gen/h.h", None)
    os.utime(f"{root}/build-test/a.o", (old + 10, old + 10))
    reason = uncovered_reason(entry, theirs, local, "build-setup", "build-test", root) or ""
    check(f"a file newer than the object: uncovered, named ({reason})", reason == "changed since: gen/h.h")
    os.remove(f"{root}/build-test/a.o")
    check("no object: not built there",
          uncovered_reason(entry, theirs, local, "build-setup", "build-test", root) == "not built there")

print(f"{checks} checks, {failures} failed")
sys.exit(1 if failures else 0)
