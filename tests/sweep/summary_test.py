#!/usr/bin/env python3
"""What tests/sweep/summary.py --merge promises: a summary written in parts keeps its heading and
the sections of the phases not written again, and a phase written again replaces its own section,
wherever it stood."""
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import checks  # noqa: E402  (tests/sweep, this test's folder)
import summary  # noqa: E402

check = checks.Checks()

check(summary.section_title("before") == "## before `apply`", "a phase without a name is its own title")
check(summary.section_title("after-torchcpu-python") == "## after `apply` (torchcpu-python)",
      "what follows the first dash names the part")

old = ("# Sweep of 2.6.0 with gcc\n\nHow: the first day\n\n"
       "## before `apply` (rest)\n\n- failed: 3\n\n"
       "## after `apply` (rest)\n\n- failed: 1\n\n"
       "## after `apply` (rest-more)\n\n- failed: 9\n")
new = "# Sweep of 2.6.0 with gcc\n\nHow: the second day\n\n## after `apply` (rest)\n\n- failed: 0\n"
text = summary.merged(old, new, ["after-rest"])
check(text.startswith("# Sweep of 2.6.0 with gcc\n\nHow: the first day\n"), "the old heading stays")
check("- failed: 3" in text and "- failed: 9" in text, "the other phases' sections stay, one named alike included")
check("- failed: 1" not in text and text.count("## after `apply` (rest)\n") == 1, "the phase written again is replaced")
check(text.endswith("## after `apply` (rest)\n\n- failed: 0\n"), "the new section comes last")
check("How: the second day" not in text, "the new heading is not added")

added = summary.merged(old, new.replace("(rest)", "(python)"), ["after-python"])
check(added.startswith(old.rstrip()) and added.endswith("(python)\n\n- failed: 0\n"),
      "a new phase is added after the old sections")

check(summary.default_build("clang") == "build-clang" and summary.default_build("gcc") == "build",
      "each compiler's results count against its own configure")

timed = [{"file": "/w/src/a.cu", "seconds": 30.0}, {"file": "/w/src/b.cu", "seconds": 90.0}, {"file": "/w/src/c.cu"}]
check(summary.cost_lines(timed) == ["- compile time: 120 s for the 2 units timed (mean 60 s; slowest `b.cu`, 90 s)"],
      "a phase says what its timed compiles cost, and its slowest unit")
check(summary.cost_lines([{"file": "x"}]) == [], "results without times say nothing of cost")

print(f"{check.passed()} passed, {len(check.failures)} failed")
sys.exit(1 if check.failures else 0)
