#!/usr/bin/env python3
"""Which units of a configure a real build has already compiled (issue #42).

Runs inside the sid root (tests/sweep/sweep.sh covered), where the work folder is /w. For each
entry of BUILD's compile_commands.json (the units its default target builds, as compile.py takes
them), the entry is *covered* when the folder BY (a build that ran: libtorch.sh's build-test, the
wheel's build) holds the same object, made by the same command, and still current:

- BY's compile_commands.json has the entry's output with the same arguments once BY's folder name
  is read for BUILD's, apart from flags that only relax (-Wno-..., -Wno-error=...) that BUILD's
  command adds: what compiled without them compiles with them;
- the object exists in BY, and ninja's deps log there lists every file it read, each no newer than
  the object (so neither the source nor a header changed since; a patchset applied afterwards to a
  file the unit reads makes it uncovered).

A covered unit compiled to an object with the build's own flags (optimiser included), which says
more than the sweep's -fsyntax-only; the others are left for `sweep.sh compile ... --within`.
Writes /w/results/covered-BUILD-by-BY.txt and uncovered-BUILD-by-BY.txt (outputs, one a line) and
prints a summary: counts, and the reasons for the uncovered by kind.
"""
import argparse
import collections
import json
import os
import re
import shlex
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree (compile.py is imported)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compile import load_entries  # noqa: E402  (the same entries and default-target filter)

RELAXING = re.compile(r"^-Wno-")
NOT_COMPARED = {"-o", "-MF", "-MT", "-MQ"}  # an option and its value: the files it writes
LAUNCHERS = {"ccache", "sccache"}


def normalized(argv, build, by):
    """ARGV without launcher and dependency-file options, BUILD's folder read as BY's."""
    args = list(argv)
    while args and os.path.basename(args[0]) in LAUNCHERS:
        args = args[1:]
    out, skip = [], False
    for arg in args:
        if skip:
            skip = False
            continue
        if arg in NOT_COMPARED:
            skip = True
            continue
        if arg == "-MD":
            continue
        out.append(arg.replace(f"/w/{build}", f"/w/{by}"))
    return out


def difference(mine, theirs):
    """None when MINE is THEIRS plus relaxing flags only; otherwise the first flag that differs."""
    extra = [a for a in mine if RELAXING.match(a) and a not in theirs]
    rest = [a for a in mine if a not in extra]
    if rest == theirs:
        return None
    for a, b in zip(rest, theirs):
        if a != b:
            return f"{a} (theirs {b})"
    longer, whose = (rest, "ours") if len(rest) > len(theirs) else (theirs, "theirs")
    return f"{longer[min(len(rest), len(theirs))]} (only {whose})"


def deps_log(by_dir):
    """{object: [files it read]} from ninja's deps log in BY_DIR."""
    return parse_deps(subprocess.run(["ninja", "-C", by_dir, "-t", "deps"], capture_output=True, text=True,
                                     check=True).stdout)


def parse_deps(text):
    """`ninja -t deps` output as {object: [files it read]}; entries ninja marks STALE left out."""
    deps, current = {}, None
    for line in text.splitlines():
        if line.startswith("    "):
            if current is not None:
                deps[current].append(line.strip())
        elif line.strip():
            target, _, state = line.partition(": #deps")
            current = target if state.rstrip().endswith("(VALID)") else None
            if current is not None:
                deps[current] = []
    return deps


def object_key(entry):
    """ENTRY's object relative to its build folder, as ninja names it (compile_commands.json may
    give it absolute, under the folder's own name)."""
    return os.path.normpath(os.path.relpath(os.path.join(entry["directory"], entry["output"]), entry["directory"]))


def uncovered_reason(entry, theirs, deps, build, by, root="/w"):
    """None when BY's object covers ENTRY; otherwise why not, in a few words. THEIRS: BY's entries
    by object_key; ROOT: the work folder."""
    output = object_key(entry)
    if output not in theirs:
        return "not in the other configure"
    diff = difference(normalized(entry["arguments"], build, by), normalized(theirs[output]["arguments"], build, by))
    if diff is not None:
        return f"another command: {diff}"
    obj = os.path.join(root, by, output)
    if not os.path.exists(obj):
        return "not built there"
    if output not in deps:
        return "no current deps record"
    built = os.stat(obj).st_mtime_ns
    for path in deps[output]:
        full = path if os.path.isabs(path) else os.path.join(root, by, path)
        if not os.path.exists(full) or os.stat(full).st_mtime_ns > built:
            return f"changed since: {path}"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", required=True, help="the configure to account for (build-setup)")
    parser.add_argument("--by", required=True, help="the build folder that compiled (build-test)")
    args = parser.parse_args()
    mine = load_entries("/w", args.build)
    theirs = {object_key(e): e for e in load_entries("/w", args.by)}
    deps = deps_log(f"/w/{args.by}")
    covered, uncovered, reasons = [], [], collections.Counter()
    for entry in mine:
        reason = uncovered_reason(entry, theirs, deps, args.build, args.by)
        (uncovered if reason else covered).append(entry["output"])
        if reason:
            kind = re.sub(r":.*", "", reason)
            reasons[kind] += 1
            if reasons[kind] <= 3:  # a few examples of each kind
                print(f"  uncovered: {entry['output']}: {reason}")
    os.makedirs("/w/results", exist_ok=True)
    for name, outputs in (("covered", covered), ("uncovered", uncovered)):
        with open(f"/w/results/{name}-{args.build}-by-{args.by}.txt", "w", encoding="utf-8") as f:
            f.writelines(o + "\n" for o in outputs)
    print(json.dumps({"units": len(mine), "covered": len(covered), "uncovered": len(uncovered),
                      "reasons": dict(reasons.most_common())}))


if __name__ == "__main__":
    main()
