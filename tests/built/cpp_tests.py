#!/usr/bin/env python3
"""The C++ tests of a release's libtorch build (tests/built/libtorch.sh): which there are, which
are built, and what each reported.

The tests are the release's own: those its CMake files register with add_test (c10_* of
c10/test, the ATen tests of aten/src/ATen/test, ...), read from `ctest --show-only=json-v1`, so
that the command, arguments and working folder are the release's. Each runs directly, not through
ctest: other test properties (ENVIRONMENT, TIMEOUT) are not applied, and 1.13.1's CMake files set
none.

  cpp_tests.py targets BUILD REGEX
      the ninja target of each registered test whose name REGEX matches (its executable's name)
  cpp_tests.py run BUILD REGEX RESULTS [TIMEOUT]
      runs each such test that is built, with GoogleTest's JSON report (GTEST_OUTPUT) and its
      output in RESULTS/NAME.json and RESULTS/NAME.log; one row a test in RESULTS/cpp-tests.tsv
      (test, tests, failures, disabled, seconds, exit): a test that is not built is a row saying
      so, never left out; a failing run without a report (a crash) is "?", never 0, and a program
      without GoogleTest that exits 0 is "-". Exits 1 when any test failed, crashed or is not
      built.
Runs in the root the build was made in (its libstdc++), with the root's Python.
"""
import json
import os
import re
import shlex
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree

HEADER = "test\ttests\tfailures\tdisabled\tseconds\texit"


ADD_TEST = re.compile(r"^add_test\((?:\[=\[(?P<bracketed>.*?)\]=\]|(?P<plain>\S+)) (?P<command>.*)\)$")


def commands_in_testfiles(build):
    """name -> command of every add_test in BUILD's CTestTestfile.cmake files. ctest's own listing
    leaves out the command of a test whose executable is not built yet; these files have it."""
    commands = {}
    for folder, _, files in os.walk(build):
        if "CTestTestfile.cmake" not in files:
            continue
        with open(os.path.join(folder, "CTestTestfile.cmake"), encoding="utf-8") as f:
            for line in f:
                match = ADD_TEST.match(line.strip())
                if match:
                    commands[match["bracketed"] or match["plain"]] = shlex.split(match["command"])
    return commands


def registered(build):
    """(name, command, working folder) of every test ctest knows in BUILD, in ctest's order."""
    out = subprocess.run(["ctest", "--test-dir", build, "--show-only=json-v1"], check=True,
                         capture_output=True, text=True).stdout
    in_files = commands_in_testfiles(build)
    tests = []
    for test in json.loads(out).get("tests", []):
        command = test.get("command") or in_files.get(test["name"], [])
        folder = next((p["value"] for p in test.get("properties", []) if p.get("name") == "WORKING_DIRECTORY"), build)
        tests.append((test["name"], command, folder))
    return tests


def selected(build, pattern):
    expression = re.compile(pattern)
    return [t for t in registered(build) if expression.search(t[0])]


def row(name, report, seconds, status):
    """One line of cpp-tests.tsv: REPORT is GoogleTest's JSON report (a dict) or None when the run
    wrote none; STATUS the exit status, or a word (not-built, timeout)."""
    if report is None:  # "-": a program without GoogleTest that exited 0; "?": a crash
        counts = ["-" if status == 0 else "?"] * 3
    else:
        counts = [str(report.get(key, 0)) for key in ("tests", "failures", "disabled")]
        errors = report.get("errors", 0)
        if errors:
            counts[1] = str(int(counts[1]) + errors)
    return "\t".join([name, *counts, str(seconds), str(status)])


def read_report(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def run_one(name, command, folder, results, timeout):
    report_path = os.path.join(results, name + ".json")
    if not command or not os.path.isfile(command[0]):
        return row(name, None, 0, "not-built"), False
    env = dict(os.environ, GTEST_OUTPUT="json:" + report_path)
    start = time.monotonic()
    with open(os.path.join(results, name + ".log"), "wb") as log:
        try:
            status = subprocess.run(command, cwd=folder, env=env, stdout=log, stderr=subprocess.STDOUT,
                                    timeout=timeout).returncode
        except subprocess.TimeoutExpired:
            status = "timeout"
    seconds = round(time.monotonic() - start)
    report = read_report(report_path)
    # A test without GoogleTest (thread_init_test, verify_api_visibility) writes no report: its exit
    # status alone decides.
    passed = status == 0 and (report is None or (report.get("failures", 0) == 0 and report.get("errors", 0) == 0))
    return row(name, report, seconds, status), passed


def run(build, pattern, results, timeout):
    os.makedirs(results, exist_ok=True)
    tests = selected(build, pattern)
    if not tests:
        print(f"cpp_tests: no registered test matches {pattern!r} in {build}", file=sys.stderr)
        return 1
    failed = 0
    with open(os.path.join(results, "cpp-tests.tsv"), "w", encoding="utf-8") as table:
        table.write(HEADER + "\n")
        for name, command, folder in tests:
            line, passed = run_one(name, command, folder, results, timeout)
            failed += not passed
            table.write(line + "\n")
            table.flush()
            print(line, flush=True)
    print(f"cpp_tests: {len(tests)} tests, {len(tests) - failed} passed; {failed} failed, crashed or not built")
    return 1 if failed else 0


def main(argv):
    if len(argv) == 4 and argv[1] == "targets":
        for _, command, _ in selected(argv[2], argv[3]):
            if command:
                print(os.path.basename(command[0]))
        return 0
    if len(argv) in (5, 6) and argv[1] == "run":
        return run(argv[2], argv[3], argv[4], int(argv[5]) if len(argv) == 6 else 1800)
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
