#!/usr/bin/env python3
"""Compiles entries of a build's compile_commands.json with GCC 16 or Clang 21 (issue #24).

Runs inside the sid root, where the sweep's work folder is /w (tests/sweep/sweep.sh compile), on
the compile commands of one of its configures (--build: `build`, GCC's, or `build-clang`, Clang's;
`build-clang-cl`, the Windows configure of tests/sweep/windows.sh, with --compiler clang-cl: the
MSVC STL oracle at /oracle, /Zs for -fsyntax-only, --label naming its results by STL tag).
Each entry is compiled with the build's own flags plus -fsyntax-only (--codegen: to an object,
for the errors only code generation shows). A result is cached under a key of the compiler, its
arguments and the preprocessed input, so a re-sweep after a catalog change compiles only what
changed; a run that stops is resumed by running it again.

Which entries: all (default), --sample N (a fixed, deterministic sample of about N drawn from every
target: the entries whose hash with --seed is lowest within each target, in proportion to its
size, at least one each), --files LIST (the outputs named in the file LIST, one a line; with
--sample, both), --within LIST (only the outputs LIST names, from which the others then select), --targets T1,T2 / --skip-targets T1,T2 (only, or all but, the entries of those
CMake targets: the cheap targets first, say, or torch_cpu alone), --shard K/N (every N-th of those
from the K-th, 0-based). Results go to /w/results/COMPILER-PHASE.jsonl, one
JSON object a line: output, file, target, status (passed/failed), first_error, log, seconds (the
compile's wall time, kept in the cache: a cached result gives the time it took when compiled).
"""
import argparse
import concurrent.futures
import hashlib
import json
import os
import re
import shlex
import subprocess
import sys
import threading
import time

# libcxx: Clang 21 again; its configure (build-libcxx) puts -stdlib=libc++ in every C++ command.
# clang-cl: Clang 21 as clang-cl, given its own Windows configure's commands (/TC and /TP name the
# language), with the MSVC STL oracle's headers that the configure's toolchain file put in them.
# nvcc: the CUDA configure's own nvcc commands (tests/sweep/cuda.sh), compiled in full (-c); gcc-13,
# gcc-11: nvcc 12.4's and 11.8's host compilers, and gcc-12 the C++ compiler of 11.8's bookworm
# root, given the CUDA configure's C++ commands.
COMPILERS = {"gcc": ("gcc-16", "g++-16"), "clang": ("clang-21", "clang++-21"), "libcxx": ("clang-21", "clang++-21"),
             "clang-cl": ("clang-cl", "clang-cl"), "nvcc": ("nvcc", "nvcc"), "gcc-13": ("gcc-13", "g++-13"),
             "gcc-12": ("gcc-12", "g++-12"), "gcc-11": ("gcc-11", "g++-11")}
CLANGS = ("clang", "libcxx")
ERROR_LINE = re.compile(r"(?:fatal )?error: ")


def target_of(output):
    """caffe2/CMakeFiles/torch_cpu.dir/__/aten/src/x.cpp.o -> torch_cpu"""
    match = re.search(r"CMakeFiles/([^/]+)\.dir/", output)
    return match.group(1) if match else "?"


def default_outputs(build):
    """The objects the default target builds: `ninja -t commands all`, which prepare saved to
    default-commands.txt. compile_commands.json also holds EXCLUDE_FROM_ALL targets (1.13.1's foxi
    test libraries), which no build compiles; None when the file is missing (every entry then)."""
    path = os.path.join(build, "default-commands.txt")
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8", errors="replace") as f:
        return {os.path.normpath(m) for m in re.findall(r"(?: -o |\s[/-]Fo)(\S+\.o(?:bj)?)(?=\s|$)", f.read())}


def load_entries(work, build_name="build"):
    build = os.path.join(work, build_name)
    with open(os.path.join(build, "compile_commands.json"), encoding="utf-8") as f:
        entries = json.load(f)
    for entry in entries:
        if "arguments" not in entry:
            entry["arguments"] = shlex.split(entry["command"])
        if "output" not in entry:  # bookworm's CMake 3.25 writes none: the command's -o
            args = entry["arguments"]
            entry["output"] = next((args[i + 1] for i in range(len(args) - 1) if args[i] == "-o"), entry["file"])
    built = default_outputs(build)
    if built is not None:
        # ninja runs in the build folder, each entry's "directory"
        entries = [e for e in entries if os.path.relpath(os.path.join(e["directory"], e.get("output", "")), e["directory"]) in built]
    for entry in entries:
        entry["target"] = target_of(entry["output"])
    return sorted(entries, key=lambda e: e["output"])


def rank(seed, entry):
    return hashlib.sha256(f"{seed}\0{entry['output']}".encode()).hexdigest()


def sample(entries, size, seed):
    """The lowest-ranked entries of each target, in proportion to the target's size, at least one."""
    by_target = {}
    for entry in entries:
        by_target.setdefault(entry["target"], []).append(entry)
    chosen = []
    for members in by_target.values():
        count = max(1, round(len(members) * size / len(entries)))
        chosen += sorted(members, key=lambda e: rank(seed, e))[:count]
    return sorted(chosen, key=lambda e: e["output"])


def named(entries, path):
    with open(path, encoding="utf-8") as f:
        wanted = {line.strip() for line in f if line.strip()}
    missing = wanted - {e["output"] for e in entries}
    if missing:
        sys.exit(f"compile.py: {len(missing)} outputs {path} names are not in compile_commands.json, e.g. {sorted(missing)[0]}")
    return [e for e in entries if e["output"] in wanted]


def by_targets(entries, targets, skip_targets):
    """The entries of TARGETS (all when empty), less those of SKIP_TARGETS; a target named that has
    no entry is an error, not an empty sweep."""
    wanted, unwanted = set(filter(None, targets.split(","))), set(filter(None, skip_targets.split(",")))
    unknown = (wanted | unwanted) - {e["target"] for e in entries}
    if unknown:
        sys.exit(f"compile.py: no entry belongs to the target(s) {', '.join(sorted(unknown))}")
    return [e for e in entries if (not wanted or e["target"] in wanted) and e["target"] not in unwanted]


def select(entries, args):
    """--within and --targets/--skip-targets narrow the entries; --files and --sample together:
    both; --shard splits what is selected."""
    if args.within:
        entries = named(entries, args.within)
    chosen = entries = by_targets(entries, args.targets, args.skip_targets)
    if args.files or args.sample:
        picked = {}
        for e in (named(entries, args.files) if args.files else []) + (sample(entries, args.sample, args.seed) if args.sample else []):
            picked[e["output"]] = e
        chosen = sorted(picked.values(), key=lambda e: e["output"])
    if args.shard:
        index, count = (int(x) for x in args.shard.split("/"))
        chosen = chosen[index::count]
    return chosen


# clang-cl's options that write files (objects, PDBs, dependency files): a syntax-only compile drops
# them; -MD, -MT and -MDd (the runtime library) stay.
CL_OUTPUT = re.compile(r"^(?:[/-]F[odpaR]|[/-]showIncludes|-clang:-M[DFTQ])")


def before_inputs(argv, extra):
    """ARGV with EXTRA before its `--` (after which clang-cl reads only input files), else at the end."""
    if "--" in argv:
        at = argv.index("--")
        return argv[:at] + extra + argv[at:]
    return argv + extra


def clang_cl_arguments(entry, codegen, msvc_version=None):
    """A clang-cl entry's arguments: clang-cl, no output or dependency files, /Zs; with
    MSVC_VERSION (19.50, say), the -fms-compatibility-version of another STL tag's toolset."""
    if codegen:
        sys.exit("compile.py: --codegen is not supported with clang-cl")
    out = ["clang-cl"]
    for arg in entry["arguments"][1:]:
        if CL_OUTPUT.match(arg):
            continue
        if msvc_version and arg.startswith("-fms-compatibility-version="):
            arg = f"-fms-compatibility-version={msvc_version}"
        out.append(arg)
    return before_inputs(out, ["-Wno-unknown-warning-option", "-Wno-unused-command-line-argument",
                               "-fno-color-diagnostics", "/Zs"])


def without_outputs(args, rejected=lambda arg: False):
    """ARGS without the object and dependency files they name (-o, -MT, -MF, -MQ, -MD, -MMD) and
    without the options REJECTED says the compiler refuses."""
    out, skip = [], 0
    for arg in args:
        if skip:
            skip -= 1
            continue
        if arg in ("-MT", "-MF", "-MQ", "-o"):
            skip = 1
            continue
        if arg in ("-MD", "-MMD") or rejected(arg):
            continue
        out.append(arg)
    return out


def compile_arguments(entry, compiler, codegen, rejected=lambda arg: False, msvc_version=None):
    """The entry's arguments for COMPILER: no dependency files, no output unless --codegen, and
    none of the options REJECTED says the compiler refuses. nvcc: the build's own command in full
    (-c, its architectures), the object thrown away."""
    if compiler == "clang-cl":
        return clang_cl_arguments(entry, codegen, msvc_version)
    source = entry["arguments"]
    if compiler == "nvcc":
        return without_outputs(source) + ["-o", "/dev/null"]
    is_c = os.path.basename(source[0]).startswith(("gcc", "cc", "clang-")) or source[0].endswith("/cc")
    out = [COMPILERS[compiler][0 if is_c else 1]] + without_outputs(source[1:], rejected)
    if compiler in CLANGS:
        out += ["-Wno-unknown-warning-option", "-Wno-unused-command-line-argument"]
    out += ["-fdiagnostics-color=never"]
    return out + (["-o", "/dev/null"] if codegen else ["-fsyntax-only"])


class RejectedOptions:
    """The -f and -m options a compiler refuses outright (Clang: "unknown argument"), asked of it
    once per option. Clang is given the commands GCC's configure wrote, and projects add GCC-only
    options when the compiler is GCC (asmjit's -fno-enforce-eh-specs, PyTorch's
    -mno-avx256-split-unaligned-load); a configure with Clang would not have added them."""

    def __init__(self, compiler):
        self.compiler, self.known, self.lock = compiler, {}, threading.Lock()

    def __call__(self, arg):
        if not arg.startswith(("-f", "-m")):
            return False
        with self.lock:
            if arg not in self.known:
                status, log = run([self.compiler, arg, "-fsyntax-only", "-x", "c++", "/dev/null"], "/")
                self.known[arg] = status != 0 and (b"unknown argument" in log or b"unrecognized command-line option" in log)
            return self.known[arg]

    def dropped(self):
        return sorted(arg for arg, rejected in self.known.items() if rejected)


def run(argv, cwd):
    proc = subprocess.run(argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          env=dict(os.environ, LC_ALL="C"))
    return proc.returncode, proc.stdout


def first_error(log):
    """The first error line of LOG; without one (a crash, a killed compiler), its last line."""
    lines = log.decode("utf-8", "replace").strip().splitlines()
    for line in lines:
        if ERROR_LINE.search(line):
            return line.strip()
    return lines[-1].strip() if lines else "(no output)"


def dependencies(make_rule):
    """The prerequisites of a Makefile rule (`nvcc -M`'s output): backslash-newlines joined, the
    targets before the colon dropped, escaped spaces kept."""
    text = make_rule.replace("\\\n", " ")
    _, _, prerequisites = text.partition(": ")
    return [p.replace("\\ ", " ") for p in re.findall(r"(?:\\ |\S)+", prerequisites)]


class Sweep:
    def __init__(self, args):
        self.args = args
        self.cache = os.path.join(args.work, "cache")
        self.label = args.label or args.compiler
        self.logs = os.path.join(args.work, "logs", f"{self.label}-{args.phase}")
        os.makedirs(self.logs, exist_ok=True)
        version = subprocess.run([COMPILERS[args.compiler][1], "--version"], stdout=subprocess.PIPE)
        # nvcc's first line names no release: all of it
        self.identity = version.stdout.decode() if args.compiler == "nvcc" else version.stdout.splitlines()[0].decode()
        self.rejected = RejectedOptions(COMPILERS[args.compiler][1]) if args.compiler in CLANGS else (lambda arg: False)

    def key(self, argv, cwd):
        """The cache key: compiler, arguments and preprocessed input (nvcc: the bytes of every file
        `nvcc -M` lists, since device code hides behind __CUDA_ARCH__ in a host preprocessing);
        None if preprocessing failed."""
        if self.args.compiler == "nvcc":
            return self.nvcc_key(argv, cwd)
        pre = [a for a in argv if a not in ("-fsyntax-only", "-c", "/Zs")]
        pre = [a for i, a in enumerate(pre) if a != "-o" and (i == 0 or pre[i - 1] != "-o")]
        status, text = run(before_inputs(pre, ["/E"] if self.args.compiler == "clang-cl" else ["-E", "-o", "-"]), cwd)
        if status != 0:
            return None
        digest = hashlib.sha256(self.identity.encode())
        digest.update("\0".join(argv).encode())
        digest.update(text)
        return digest.hexdigest()

    def nvcc_key(self, argv, cwd):
        pre = [a for i, a in enumerate(argv) if a not in ("-c", "-o") and (i == 0 or argv[i - 1] != "-o")]
        status, text = run(pre + ["-M"], cwd)
        if status != 0:
            return None
        digest = hashlib.sha256(self.identity.encode())
        digest.update("\0".join(argv).encode())
        for dep in sorted(set(dependencies(text.decode("utf-8", "replace")))):
            path = os.path.join(cwd, dep)
            digest.update(dep.encode() + b"\0")
            if os.path.isfile(path):
                with open(path, "rb") as f:
                    digest.update(hashlib.sha256(f.read()).digest())
        return digest.hexdigest()

    def one(self, entry):
        argv = compile_arguments(entry, self.args.compiler, self.args.codegen, self.rejected, self.args.msvc_version)
        cwd = entry["directory"]
        key = self.key(argv, cwd)
        cached = key and os.path.join(self.cache, key[:2], key + ".json")
        if cached and os.path.exists(cached):
            with open(cached, encoding="utf-8") as f:
                result = json.load(f)
            result["cached"] = True
        else:
            started = time.monotonic()
            status, log = run(argv, cwd)
            result = {"status": "passed" if status == 0 else "failed",
                      "first_error": "" if status == 0 else first_error(log), "cached": False,
                      "seconds": round(time.monotonic() - started, 1)}
            name = re.sub(r"[^A-Za-z0-9._-]", "_", entry["output"]) + ".log"
            result["log"] = ""
            if status != 0:
                result["log"] = os.path.join(self.logs, name)
                with open(result["log"], "wb") as f:
                    f.write(log)
            if cached:
                os.makedirs(os.path.dirname(cached), exist_ok=True)
                with open(cached + ".part", "w", encoding="utf-8") as f:
                    json.dump({k: result[k] for k in ("status", "first_error", "log", "seconds")}, f)
                os.replace(cached + ".part", cached)
        result.update(output=entry["output"], file=entry["file"], target=entry["target"])
        return result

    def sweep(self, entries):
        path = os.path.join(self.args.work, "results", f"{self.label}-{self.args.phase}.jsonl")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        failed = 0
        with open(path, "w", encoding="utf-8") as out, \
                concurrent.futures.ThreadPoolExecutor(self.args.jobs) as pool:
            for done, result in enumerate(pool.map(self.one, entries), 1):
                out.write(json.dumps(result) + "\n")
                out.flush()
                if result["status"] == "failed":
                    failed += 1
                    print(f"FAILED {result['output']}: {result['first_error']}", flush=True)
                if done % 50 == 0:
                    print(f"{done}/{len(entries)} compiled, {failed} failed", flush=True)
        if isinstance(self.rejected, RejectedOptions) and self.rejected.dropped():
            print(f"options {self.args.compiler} refuses, left out: {' '.join(self.rejected.dropped())}")
        print(f"{self.label} {self.args.phase}: {len(entries)} translation units, "
              f"{len(entries) - failed} passed, {failed} failed ({path})")
        return failed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", required=True)
    parser.add_argument("--compiler", choices=sorted(COMPILERS), required=True)
    parser.add_argument("--phase", default="after", help="names the results file (before, after, or a probe of your own)")
    parser.add_argument("--build", default="build",
                        help="the build folder under WORK whose compile_commands.json is compiled "
                             "(build: GCC's configure; build-clang: Clang's)")
    parser.add_argument("--sample", type=int)
    parser.add_argument("--seed", default="24")
    parser.add_argument("--shard")
    parser.add_argument("--files")
    parser.add_argument("--within", help="only the outputs this file names (one a line); --sample and --shard "
                        "then draw from them (tests/sweep/cuda.sh: the .cu units)")
    parser.add_argument("--targets", default="", help="only the entries of these CMake targets (comma-separated)")
    parser.add_argument("--skip-targets", default="", help="all entries but those of these CMake targets")
    parser.add_argument("--codegen", action="store_true")
    parser.add_argument("--label", help="names the results and logs instead of the compiler (clang-cl-STLTAG)")
    parser.add_argument("--msvc-version", help="clang-cl: the -fms-compatibility-version to give (19.50)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    args = parser.parse_args()
    entries = select(load_entries(args.work, args.build), args)
    return 1 if Sweep(args).sweep(entries) else 0


if __name__ == "__main__":
    sys.exit(main())
