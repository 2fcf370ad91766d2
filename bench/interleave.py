#!/usr/bin/env python3
"""Times several torchpatch binaries on one checkout, run by run in turn, and prints medians.

    python3 bench/interleave.py RUNS CHECKOUT NAME=BINARY [NAME=BINARY ...] [-- ARGS...]

Each round runs every binary once with `-C CHECKOUT ARGS` (default: apply --dry --format diff),
after three warm-up rounds. NAME=sh:COMMAND runs COMMAND with sh in CHECKOUT instead (the limit
proxy or rg, say). Alternating the binaries run by run spreads the load of a shared
machine over all of them alike, so the ratios (against the first binary) are steadier than those
of one command timed after the other. Prints wall-clock medians and the children's CPU time.
"""
import os
import statistics
import subprocess
import sys
import time


def main(argv):
    if len(argv) < 4:
        sys.exit(__doc__)
    runs, checkout, rest = int(argv[1]), argv[2], argv[3:]
    args = ["apply", "--dry", "--format", "diff"]
    if "--" in rest:
        args = rest[rest.index("--") + 1:]
        rest = rest[:rest.index("--")]
    binaries = [entry.split("=", 1) for entry in rest]
    wall = {name: [] for name, _ in binaries}
    cpu = {name: [] for name, _ in binaries}
    for round_ in range(runs + 3):
        for name, binary in binaries:
            before, start = os.times(), time.perf_counter()
            if binary.startswith("sh:"):
                command, cwd = ["sh", "-c", binary[3:]], checkout
            else:
                command, cwd = [binary, "-C", checkout] + args, None
            subprocess.run(command, cwd=cwd, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, check=False)
            elapsed, after = time.perf_counter() - start, os.times()
            if round_ >= 3:
                wall[name].append(elapsed * 1000)
                cpu[name].append((after.children_user - before.children_user +
                                  after.children_system - before.children_system) * 1000)
    base = statistics.median(wall[binaries[0][0]])
    for name, _ in binaries:
        median = statistics.median(wall[name])
        print(f"{name:<8} median {median:7.1f} ms  (CPU {statistics.median(cpu[name]):6.1f} ms)"
              f"  ratio {median / base:.3f}")


if __name__ == "__main__":
    main(sys.argv)
