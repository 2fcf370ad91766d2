#!/usr/bin/env python3
"""Packs part of a sweep for a larger machine that has no sid root and no tree (issue #24).

torch_cpu's units take 5 - 15 s each; a machine with many cores compiles them in minutes, if it has
the compiler and every file the units read. A bundle holds exactly that: the compiler's files from
the sid root (its programs, the libraries they load, the headers the units include) and the work
folder's files the units read, at the same paths, so that compile.py there computes the same cache
keys as here. tests/sweep/bundle-run.sh unpacks it there, runs compile.py in a chroot and packs the
cache entries; `sweep.sh unbundle` adds them to the work folder's cache, and a `compile` here then
finds every unit the bundle compiled in the cache (a key that differed would compile again here).

  bundle.py inputs --out FILE [compile.py's --build/--compiler/selection options]
      in the sid root, with the work folder at /w: the selected units (FILE.units) and every file
      they read (FILE): the compiler's `-M` dependencies, the headers beside them, the include
      folders the command lines name, the compiler's programs and libraries.
  bundle.py pack --root ROOT --work WORK --inputs FILE --out DIR --compiler C --build B --phase P
      on the host: DIR/root.tar.xz (the files under / from ROOT, symbolic links kept),
      DIR/work.tar.xz (those under /w from WORK), DIR/units.txt, DIR/bundle.env (C, B, P) and
      DIR/bundle-run.sh.
  bundle.py merge --work WORK RESULT
      on the host: the cache entries and failure logs of RESULT (bundle-run.sh's res.tar.xz) added
      to WORK; an entry already there is kept.
"""
import argparse
import concurrent.futures
import importlib.util
import os
import shutil
import sys
import tarfile
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
_spec = importlib.util.spec_from_file_location("sweep_compile", os.path.join(HERE, "compile.py"))
sweep_compile = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(sweep_compile)

HEADER_SUFFIXES = (".h", ".hpp", ".hh", ".hxx", ".inc", ".inl", ".ipp", ".tcc", ".def")


def parse_depfile(text, directory):
    """The inputs a `-M` rule names, as normalised absolute paths (relative ones against DIRECTORY)."""
    body = text.replace("\\\n", " ").split(":", 1)[1]
    words, word, escaped = [], "", False
    for char in body:
        if escaped:
            word, escaped = word + char, False
        elif char == "\\":
            escaped = True
        elif char.isspace():
            words, word = (words + [word]) if word else words, ""
        else:
            word += char
    words += [word] if word else []
    return {os.path.normpath(os.path.join(directory, w)) for w in words}


def header_siblings(paths, listdir=os.listdir, isfile=os.path.isfile):
    """The headers in the folders of PATHS. GCC's `-M` leaves out a header whose bytes and time equal
    one already included (its #pragma once compares contents), yet the compile opens it: 2.6.0's
    empty generated ATen/ops/*_native.h are such files."""
    siblings = set()
    for folder in sorted({os.path.dirname(p) for p in paths}):
        for name in listdir(folder):
            path = os.path.join(folder, name)
            if name.endswith(HEADER_SUFFIXES) and path not in paths and isfile(path):
                siblings.add(path)
    return siblings


def include_folders(arguments, isdir=os.path.isdir):
    """The folders an -I/-isystem argument passes through: `-I/w/b/caffe2/../aten/src` needs
    /w/b/caffe2 to exist even when no file of it is read."""
    folders = set()
    for i, arg in enumerate(arguments):
        path = arg[2:] if arg.startswith("-I") and len(arg) > 2 else (
            arguments[i + 1] if arg in ("-I", "-isystem") and i + 1 < len(arguments) else None)
        if not path or not path.startswith("/"):
            continue
        head = path.split("/..")[0]
        while head not in ("/", "") and head not in folders:
            if isdir(head):
                folders.add(head)
            head = os.path.dirname(head)
    return folders


def output(argv):
    """ARGV's output (stdout and stderr), as compile.py runs a compiler."""
    return sweep_compile.run(argv, "/")[1].decode("utf-8", "replace")


def compiler_files(compiler):
    """The programs the compiler runs for -fsyntax-only, the libraries they load, the GCC
    installation Clang looks for (crtbegin.o), /usr/bin/env and the loader's cache."""
    c_name, cxx_name = sweep_compile.COMPILERS[compiler]
    programs = [shutil.which(c_name), shutil.which(cxx_name), shutil.which("env")]
    if compiler == "gcc":
        programs += [output([cxx_name, f"-print-prog-name={p}"]).strip() for p in ("cc1", "cc1plus")]
    else:
        programs += [os.path.realpath(shutil.which(cxx_name))]
    files = set(programs) | {"/etc/ld.so.cache", output([cxx_name, "-print-file-name=crtbegin.o"]).strip()}
    for program in programs:
        for word in output(["ldd", program]).split():
            if word.startswith("/"):
                files.add(word)
    return files


def search_list(verbose_output):
    """The folders of the `#include <...> search starts here:` list of a compiler's `-v` output."""
    lines = verbose_output.splitlines()
    try:
        start = lines.index("#include <...> search starts here:") + 1
        end = lines.index("End of search list.", start)
    except ValueError:
        return []
    return [os.path.normpath(line.strip().split(" (")[0]) for line in lines[start:end]]


def system_headers(compiler):
    """Every file in the compiler's system include folders: a header that a unit only asks about
    (`__has_include(<codecvt>)` in 1.13.1's c10/util/variant.h) is in no -M list, yet its absence
    changes what the unit compiles."""
    files = set()
    verbose = output([sweep_compile.COMPILERS[compiler][1], "-xc++", "-E", "-v", "/dev/null"])
    for folder in search_list(verbose):
        for path, _, names in os.walk(folder):
            files.update(os.path.join(path, name) for name in names)
    return files


def unit_inputs(entry, compiler, rejected, depfile):
    """What ENTRY's compile reads, from the compiler's -M list written to DEPFILE, and the folders of
    its include paths."""
    argv = [a for a in sweep_compile.compile_arguments(entry, compiler, False, rejected) if a != "-fsyntax-only"]
    if compiler == "gcc":  # system headers by the names found, not their link targets: asm/errno.h
        argv.append("-fno-canonical-system-headers")  # is a link to ../lib/linux/uapi/x86/asm/errno.h
    status, log = sweep_compile.run(argv + ["-M", "-MF", depfile, "-o", "/dev/null"], entry["directory"])
    if status != 0 or not os.path.exists(depfile):
        sys.exit(f"bundle.py: -M failed for {entry['output']}: {log.decode('utf-8', 'replace').strip()[-300:]}")
    with open(depfile, encoding="utf-8", errors="surrogateescape") as f:
        return parse_depfile(f.read(), entry["directory"]) | include_folders(entry["arguments"])


def inputs(args):
    entries = sweep_compile.select(sweep_compile.load_entries(args.work, args.build), args)
    rejected = sweep_compile.RejectedOptions(sweep_compile.COMPILERS[args.compiler][1]) \
        if args.compiler in sweep_compile.CLANGS else (lambda arg: False)
    files = {os.path.join(args.work, args.build, name) for name in ("compile_commands.json", "default-commands.txt")}
    files.add(os.path.join(args.work, "tools", "compile.py"))
    with tempfile.TemporaryDirectory() as scratch, concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        def one(indexed):
            return unit_inputs(indexed[1], args.compiler, rejected, os.path.join(scratch, f"{indexed[0]}.d"))
        for found in pool.map(one, enumerate(entries)):
            files |= found
    files |= header_siblings({f for f in files if not os.path.isdir(f)})
    files |= compiler_files(args.compiler) | system_headers(args.compiler)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("".join(p + "\n" for p in sorted(files)))
    with open(args.out + ".units", "w", encoding="utf-8") as f:
        f.write("".join(e["output"] + "\n" for e in entries))
    print(f"bundle: {len(entries)} units read {len(files)} files")


def resolve_in_root(root, path, found):
    """Adds PATH to FOUND with every symbolic link on the way to it, followed inside ROOT."""
    parts = path.strip("/").split("/")
    current = ""
    for i, part in enumerate(parts):
        current += "/" + part
        if os.path.islink(root + current):
            found.add(current)
            target = os.readlink(root + current)
            base = "/" if target.startswith("/") else os.path.dirname(current)
            rest = "/".join(parts[i + 1:])
            return resolve_in_root(root, os.path.normpath(os.path.join(base, target, rest)), found)
    found.add(current)
    return found


def write_tar(path, base, members):
    """An xz tar of MEMBERS (paths under BASE); folders without their contents, links as links."""
    with tarfile.open(path, "w:xz", preset=6) as tar:
        for member in sorted(members):
            tar.add(base + member, arcname="." + member, recursive=False)


def pack(args):
    with open(args.inputs, encoding="utf-8") as f:
        listed = [line.rstrip("\n") for line in f if line.strip()]
    in_work = {p[2:] for p in listed if p.startswith("/w/")}
    in_root = set()
    for path in listed:
        if not path.startswith("/w/"):
            resolve_in_root(args.root, path, in_root)
    os.makedirs(args.out, exist_ok=True)
    write_tar(os.path.join(args.out, "root.tar.xz"), args.root, in_root)
    write_tar(os.path.join(args.out, "work.tar.xz"), args.work, in_work)
    shutil.copy(args.inputs + ".units", os.path.join(args.out, "units.txt"))
    shutil.copy(os.path.join(HERE, "bundle-run.sh"), os.path.join(args.out, "bundle-run.sh"))
    with open(os.path.join(args.out, "bundle.env"), "w", encoding="utf-8") as f:
        f.write(f"COMPILER={args.compiler}\nBUILD={args.build}\nPHASE={args.phase}\n")
    size = sum(os.path.getsize(os.path.join(args.out, n)) for n in os.listdir(args.out))
    print(f"bundle: {args.out}: {len(in_root)} root paths, {len(in_work)} work paths, {size / 2**20:.1f} MiB")


def merge(args):
    """Cache entries and logs from RESULT into WORK; results files stay out (a `compile` here writes
    them, from the cache)."""
    added = kept = 0
    with tarfile.open(args.result) as tar:
        for member in tar.getmembers():
            name = os.path.normpath(member.name)
            if not member.isfile() or not name.startswith(("cache/", "logs/")) or ".." in name.split("/"):
                continue
            destination = os.path.join(args.work, name)
            if os.path.exists(destination):
                kept += 1
                continue
            os.makedirs(os.path.dirname(destination), exist_ok=True)
            with tar.extractfile(member) as source, open(destination + ".part", "wb") as out:
                shutil.copyfileobj(source, out)
            os.replace(destination + ".part", destination)
            added += 1
    print(f"bundle: {added} files added to {args.work}, {kept} already there")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    verbs = parser.add_subparsers(dest="verb", required=True)
    p = verbs.add_parser("inputs")
    p.add_argument("--out", required=True)
    p.add_argument("--work", default="/w")
    p.add_argument("--compiler", choices=sorted(sweep_compile.COMPILERS), required=True)
    p.add_argument("--build", default="build")
    for option in ("--files", "--shard", "--targets", "--skip-targets"):
        p.add_argument(option, default="" if "targets" in option else None)
    p.add_argument("--sample", type=int)
    p.add_argument("--seed", default="24")
    p.add_argument("--jobs", type=int, default=os.cpu_count())
    p = verbs.add_parser("pack")
    for option in ("--root", "--work", "--inputs", "--out", "--phase", "--build"):
        p.add_argument(option, required=True)
    p.add_argument("--compiler", choices=sorted(sweep_compile.COMPILERS), required=True)
    p = verbs.add_parser("merge")
    p.add_argument("--work", required=True)
    p.add_argument("result")
    args = parser.parse_args()
    {"inputs": inputs, "pack": pack, "merge": merge}[args.verb](args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
