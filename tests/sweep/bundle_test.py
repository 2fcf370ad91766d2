#!/usr/bin/env python3
"""What tests/sweep/bundle.py promises, on small folders made here.

- A `-M` rule's inputs are every path it names (continued lines, escaped spaces), made absolute
  against the entry's folder; the rule's target is not one of them.
- Headers beside an input go in too (GCC's -M leaves out a header whose bytes equal one already
  read), other files do not; so do the compiler's system include folders, whole (from its `-v`).
- The folders an -I path passes through before a `..` go in, where they exist.
- A path in the root is packed with every symbolic link on its way, relative or absolute.
- The bundle holds the root's files and the work folder's files at their own paths, links as links.
- Merging a result adds cache entries and logs, keeps entries already there, and takes nothing
  else: no results file, no path outside the work folder.
"""
import io
import os
import sys
import tarfile
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import bundle  # noqa: E402  (tests/sweep, this test's folder)
import checks  # noqa: E402

check = checks.Checks()


def write(path, text="x"):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def members(path):
    with tarfile.open(path) as tar:
        return {m.name: m for m in tar.getmembers()}


# --- the inputs of a -M rule
rule = "x.o: ../src/x.cpp /usr/include/stdio.h \\\n /w/b/ops/a\\ b.h \\\n /w/src/c10/../c10/core.h\n"
found = bundle.parse_depfile(rule, "/w/b")
check(found == {"/w/src/x.cpp", "/usr/include/stdio.h", "/w/b/ops/a b.h", "/w/src/c10/core.h"},
      f"a -M rule's inputs are its paths, absolute and normalised, with escaped spaces: {sorted(found)}")
check("/w/b/x.o" not in found and "x.o" not in found, "the rule's target is not an input")

# --- the compiler's system include folders
verbose = """ignoring nonexistent directory "/usr/local/include/x86_64-linux-gnu"
#include "..." search starts here:
#include <...> search starts here:
 /usr/lib/gcc/x86_64-linux-gnu/16/../../../../include/c++/16
 /usr/lib/gcc/x86_64-linux-gnu/16/include
 /usr/include
 /System/Library/Frameworks (framework directory)
End of search list.
"""
check(bundle.search_list(verbose) == ["/usr/include/c++/16", "/usr/lib/gcc/x86_64-linux-gnu/16/include", "/usr/include",
                                      "/System/Library/Frameworks"],
      f"the system include folders are the <...> search list, normalised: {bundle.search_list(verbose)}")
check(bundle.search_list("no list here") == [], "output without a search list names no folder")

with tempfile.TemporaryDirectory() as tmp:
    # --- headers beside the inputs
    for name in ("ops/min_native.h", "ops/max_native.h", "ops/gen.cpp", "ops/table.inc", "other/far.h"):
        write(f"{tmp}/{name}")
    os.makedirs(f"{tmp}/ops/sub.h")  # a folder, whatever its name
    siblings = bundle.header_siblings({f"{tmp}/ops/max_native.h"})
    check(siblings == {f"{tmp}/ops/min_native.h", f"{tmp}/ops/table.inc"},
          f"the headers beside an input go in, not its sources, folders or other folders: {sorted(siblings)}")

    # --- the folders of the include paths
    os.makedirs(f"{tmp}/b/caffe2")
    os.makedirs(f"{tmp}/b/aten/src")
    folders = bundle.include_folders(["g++", f"-I{tmp}/b/caffe2/../aten/src", "-isystem", f"{tmp}/missing/include",
                                      "-Irelative/dir", "-c", "x.cpp"])
    check(f"{tmp}/b/caffe2" in folders and f"{tmp}/b" in folders,
          "an -I path's folders before its `..` go in")
    check(not any("missing" in f or "relative" in f for f in folders),
          f"folders that do not exist and relative paths stay out: {sorted(folders)}")

    # --- symbolic links in the root
    root = f"{tmp}/root"
    write(f"{root}/usr/bin/x86_64-linux-gnu-g++-16", "#!driver")
    os.symlink("x86_64-linux-gnu-g++-16", f"{root}/usr/bin/g++-16")
    write(f"{root}/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2", "ld")
    os.makedirs(f"{root}/usr/lib64")
    os.symlink("../lib/x86_64-linux-gnu/ld-linux-x86-64.so.2", f"{root}/usr/lib64/ld-linux-x86-64.so.2")
    os.symlink("usr/lib64", f"{root}/lib64")
    os.symlink("/usr/bin/x86_64-linux-gnu-g++-16", f"{root}/usr/bin/cxx")
    resolved = bundle.resolve_in_root(root, "/lib64/ld-linux-x86-64.so.2", set())
    check(resolved == {"/lib64", "/usr/lib64/ld-linux-x86-64.so.2", "/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2"},
          f"a path through a folder link and a file link brings both links and the file: {sorted(resolved)}")
    resolved = bundle.resolve_in_root(root, "/usr/bin/cxx", set())
    check(resolved == {"/usr/bin/cxx", "/usr/bin/x86_64-linux-gnu-g++-16"},
          f"an absolute link is followed inside the root: {sorted(resolved)}")

    # --- pack
    work = f"{tmp}/work"
    write(f"{work}/src/a.cpp", "int a;")
    write(f"{work}/build/compile_commands.json", "[]")
    write(f"{tmp}/inputs.txt", "/w/src/a.cpp\n/w/build/compile_commands.json\n/usr/bin/g++-16\n/lib64/ld-linux-x86-64.so.2\n")
    write(f"{tmp}/inputs.txt.units", "/w/build/a.o\n")
    out = f"{tmp}/out"
    sys.argv = ["bundle.py", "pack", "--root", root, "--work", work, "--inputs", f"{tmp}/inputs.txt", "--out", out,
                "--compiler", "gcc", "--build", "build", "--phase", "after-x"]
    bundle.main()
    in_root, in_work = members(f"{out}/root.tar.xz"), members(f"{out}/work.tar.xz")
    check(in_root["./usr/bin/g++-16"].issym() and in_root["./usr/bin/g++-16"].linkname == "x86_64-linux-gnu-g++-16",
          "a link in the root is packed as a link")
    check({"./usr/bin/x86_64-linux-gnu-g++-16", "./lib64", "./usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2"} <= set(in_root),
          "the root's packed files include the links' targets")
    check(set(in_work) == {"./src/a.cpp", "./build/compile_commands.json"},
          f"the work folder's files are packed at their paths under /w: {sorted(in_work)}")
    with open(f"{out}/bundle.env", encoding="utf-8") as f:
        check(f.read() == "COMPILER=gcc\nBUILD=build\nPHASE=after-x\n", "bundle.env names compiler, build and phase")
    check(os.path.exists(f"{out}/bundle-run.sh") and open(f"{out}/units.txt").read() == "/w/build/a.o\n",
          "the run script and the units travel with the bundle")

    # --- merge
    result = f"{tmp}/res.tar.xz"
    with tarfile.open(result, "w:xz") as tar:
        for name, data in (("cache/ab/abc.json", b'{"status": "passed"}'), ("cache/cd/old.json", b"new"),
                           ("logs/clang-after-x/u.o.log", b"error"), ("results/clang-after-x.jsonl", b"{}"),
                           ("cache/../../escape.json", b"bad")):
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    write(f"{work}/cache/cd/old.json", "old")
    sys.argv = ["bundle.py", "merge", "--work", work, result]
    bundle.main()
    check(open(f"{work}/cache/ab/abc.json").read() == '{"status": "passed"}' and os.path.exists(f"{work}/logs/clang-after-x/u.o.log"),
          "merging adds the result's cache entries and logs")
    check(open(f"{work}/cache/cd/old.json").read() == "old", "an entry already in the cache is kept")
    check(not os.path.exists(f"{work}/results/clang-after-x.jsonl"), "the result's results file is not merged")
    check(not os.path.exists(f"{tmp}/escape.json") and not os.path.exists(f"{work}/../escape.json"),
          "a member that leads out of the work folder is not written")

print(f"{check.passed()} of {check.count} checks passed")
sys.exit(1 if check.failures else 0)
