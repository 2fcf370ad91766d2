#!/usr/bin/env python3
"""Writes the sweep's summary of one release and compiler (issue #24): tests/sweep/results/VERSION-COMPILER.md.

For each phase swept (before/after `apply`): translation units, passed, failed; for each failure
its first error and what `torchpatch explain` says of its log (the patchset or gate it names, or
"unexplained"). The failures after `apply` are also written one a line to
VERSION-COMPILER-failed-PHASE.txt (the outputs), which the CI slice reads. With --merge, an
existing summary keeps its heading and its sections of other phases (a sweep done in parts: the
units outside torch_cpu one day, torch_cpu the next, the Python extension's configure).
"""
import argparse
import collections
import json
import os
import importlib.util
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
_spec = importlib.util.spec_from_file_location("sweep_compile", os.path.join(os.path.dirname(os.path.abspath(__file__)), "compile.py"))
sweep_compile = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(sweep_compile)


def read_results(work, compiler, phase):
    path = os.path.join(work, "results", f"{compiler}-{phase}.jsonl")
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def explain(torchpatch, work, log):
    """The patchsets and gates `torchpatch explain` names for LOG, or 'unexplained'."""
    host_log = os.path.join(work, os.path.relpath(log, "/w")) if log.startswith("/w/") else log
    proc = subprocess.run([torchpatch, "-C", os.path.join(work, "src"), "--format", "json", "explain", host_log],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        matches = json.loads(proc.stdout).get("matches", [])
    except json.JSONDecodeError:
        return f"explain failed (exit {proc.returncode}): {proc.stderr.strip()[:200]}"
    names = sorted({f"{m['kind']} {m.get('patchset') or m.get('gate') or m.get('id')}" for m in matches})
    return ", ".join(names) if names else "unexplained"


def phase_section(results, phase, total, torchpatch, work, build):
    failed = [r for r in results if r["status"] == "failed"]
    lines = [section_title(phase), "",
             f"- translation units compiled: {len(results)} of {total} (the configure in {build}/)",
             f"- passed: {len(results) - len(failed)}", f"- failed: {len(failed)}"] + cost_lines(results) + [""]
    if failed:
        by_target = collections.Counter(r["target"] for r in failed)
        lines += ["Failures by target: " + ", ".join(f"{t} {n}" for t, n in sorted(by_target.items())), "",
                  "| translation unit | first error | `torchpatch explain` |", "|---|---|---|"]
        for r in failed:
            error = r["first_error"].replace("/w/src/", "").replace("/w/build/", "build/").replace("|", "\\|")
            lines.append(f"| `{r['file'].replace('/w/src/', '')}` | {error} | {explain(torchpatch, work, r['log'])} |")
        lines.append("")
    return lines


def cost_lines(results):
    """What the phase's compiles cost, from the seconds compile.py records (a cached result keeps
    the time it took when compiled); nothing for results from before it recorded them."""
    timed = [r["seconds"] for r in results if "seconds" in r]
    if not timed:
        return []
    slowest = max((r for r in results if "seconds" in r), key=lambda r: r["seconds"])
    line = (f"- compile time: {sum(timed):.0f} s for the {len(timed)} units timed (mean {sum(timed) / len(timed):.0f} s; "
            f"slowest `{slowest['file'].replace('/w/src/', '')}`, {slowest['seconds']:.0f} s)")
    return [line]


def section_title(phase):
    when, _, name = phase.partition("-")
    return f"## {when} `apply`" + (f" ({name})" if name else "")


def merged(old, new, phases):
    """OLD summary without its sections of PHASES, followed by NEW's sections."""
    for title in map(section_title, phases):
        start = old.find(title + "\n")
        if start != -1:
            end = old.find("\n## ", start + 1)
            old = old[:start] + (old[end + 1:] if end != -1 else "")
    return old.rstrip() + "\n\n" + new[new.index("## "):]


def default_build(compiler):
    """The CPU configure of COMPILER's results, as sweep.sh's build_of names it."""
    if compiler.startswith("clang-cl"):
        return "build-clang-cl"
    if compiler.startswith("cuda"):
        return "build-cuda"
    return {"gcc": "build", "clang": "build-clang", "libcxx": "build-libcxx"}[compiler]


def compiler_name(name):
    """gcc, clang, libcxx, or a Windows sweep's label: clang-cl-STLTAG (tests/sweep/windows.sh), or a
    CUDA sweep's: cudaTOOLKIT-smARCH-COMPILER (tests/sweep/cuda.sh)."""
    if name in ("gcc", "clang", "libcxx") or name.startswith(("clang-cl", "cuda")):
        return name
    raise argparse.ArgumentTypeError(f"not a compiler of the sweep: {name}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--torchpatch", required=True)
    parser.add_argument("--results", required=True, help="the folder the summaries go to")
    parser.add_argument("work")
    parser.add_argument("version")
    parser.add_argument("compiler", type=compiler_name, help="gcc, clang, libcxx, clang-cl-STLTAG or cudaTOOLKIT-smARCH-COMPILER")
    parser.add_argument("phases", nargs="*", default=["before", "after"])
    parser.add_argument("--how", default="", help="the command lines that produced the results")
    parser.add_argument("--build", help="the configure the results compiled (build, build-clang, ...; by default "
                        "the compiler's CPU configure)")
    parser.add_argument("--merge", action="store_true", help="keep the summary's sections of other phases")
    parser.add_argument("--within", help="count only the outputs this file names as the units to compile "
                        "(tests/sweep/cuda.sh: the .cu units, or the CUDA-only C++ units)")
    args = parser.parse_intermixed_args()  # the phases may follow options (tests/sweep/cuda.sh summary)
    args.build = args.build or default_build(args.compiler)
    with open(os.path.join(args.work, args.build, "compile_commands.json"), encoding="utf-8") as f:
        listed = len(json.load(f))
    entries = sweep_compile.load_entries(args.work, args.build)
    if args.within:  # the units the sweep compiles out of that configure (tests/sweep/cuda.sh's lists)
        entries = sweep_compile.named(entries, args.within)
    total = len(entries)
    scope = (f"{total} of them are the units this sweep compiles ({os.path.basename(args.within)})." if args.within else
             f"{total} of them compiled by the default target (the others belong to EXCLUDE_FROM_ALL targets).")
    lines = [f"# Sweep of {args.version} with {args.compiler}", "",
             f"compile_commands.json of the sweep's configure ({args.build}/): {listed} entries; " + scope, ""]
    if args.how:
        lines += ["How: " + args.how, ""]
    os.makedirs(args.results, exist_ok=True)
    for phase in args.phases:
        results = read_results(args.work, args.compiler, phase)
        lines += phase_section(results, phase, total, args.torchpatch, args.work, args.build)
        failed = sorted(r["output"] for r in results if r["status"] == "failed")
        with open(os.path.join(args.results, f"{args.version}-{args.compiler}-failed-{phase}.txt"), "w") as f:
            f.write("".join(o + "\n" for o in failed))
    path = os.path.join(args.results, f"{args.version}-{args.compiler}.md")
    text = "\n".join(lines).rstrip() + "\n"
    if args.merge and os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            text = merged(f.read(), text, args.phases)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
