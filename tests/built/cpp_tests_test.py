#!/usr/bin/env python3
"""What `libtorch.sh check` writes for each C++ test (tests/built/cpp_tests.py): GoogleTest's own
counts, errors counted as failures, a run that wrote no report as "?" (never 0), and a test that
was not built as a row of its own. Runs anywhere (ctest built_cpp_tests, label structure)."""
import os
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "sweep"))
import checks  # noqa: E402  (tests/sweep/checks.py)
import cpp_tests  # noqa: E402  (this test's folder)

check = checks.Checks()

report = {"tests": 12, "failures": 0, "disabled": 1, "errors": 0, "time": "0.2s"}
check(cpp_tests.row("c10_Array_test", report, 3, 0) == "c10_Array_test\t12\t0\t1\t3\t0", "a passing test's counts")
check(cpp_tests.row("atest", {"tests": 40, "failures": 2, "errors": 1}, 9, 1) == "atest\t40\t3\t0\t9\t1",
      "errors count as failures; a missing key is 0")
check(cpp_tests.row("basic", None, 5, -11) == "basic\t?\t?\t?\t5\t-11", "a crash without a report is ?, never 0")

with tempfile.TemporaryDirectory() as build:
    os.makedirs(os.path.join(build, "c10", "test"))
    with open(os.path.join(build, "c10", "test", "CTestTestfile.cmake"), "w", encoding="utf-8") as f:
        f.write('# CMake generated Testfile\n'
                'add_test(c10_Array_test "/w/b/bin/c10_Array_test")\n'
                'set_tests_properties(c10_Array_test PROPERTIES  _BACKTRACE_TRIPLES "x")\n'
                'add_test([=[with space]=] "/w/b/bin/tool" "--flag" "a b")\n')
    found = cpp_tests.commands_in_testfiles(build)
    check(found == {"c10_Array_test": ["/w/b/bin/c10_Array_test"], "with space": ["/w/b/bin/tool", "--flag", "a b"]},
          "a test's command is read from CTestTestfile.cmake, built or not, bracketed names and quoted arguments too")

with tempfile.TemporaryDirectory() as results:
    line, passed = cpp_tests.run_one("gone", [os.path.join(results, "no-such-binary")], results, results, 10)
    check(line == "gone\t?\t?\t?\t0\tnot-built" and not passed, "a test that is not built is a failing row")
    line, passed = cpp_tests.run_one("plain", [sys.executable, "-c", "pass"], results, results, 10)
    check(line.startswith("plain\t-\t-\t-\t") and passed, "a program without GoogleTest passes by its exit status, counts -")
    line, passed = cpp_tests.run_one("crash", [sys.executable, "-c", "import os; os.abort()"], results, results, 10)
    check(line.startswith("crash\t?\t?\t?\t") and not passed, "a crash is a failing row without counts")
    fake = ("import json, os; path = os.environ['GTEST_OUTPUT'][5:]; "
            "json.dump({'tests': 3, 'failures': 0, 'disabled': 0}, open(path, 'w'))")
    line, passed = cpp_tests.run_one("fake", [sys.executable, "-c", fake], results, results, 10)
    check(line.startswith("fake\t3\t0\t0\t") and line.endswith("\t0") and passed,
          "the report GoogleTest is asked for (GTEST_OUTPUT) is the one read")
    lie = fake.replace("'failures': 0", "'failures': 1")
    _, passed = cpp_tests.run_one("lie", [sys.executable, "-c", lie], results, results, 10)
    check(not passed, "a report with failures fails even when the exit status is 0")
    check(os.path.isfile(os.path.join(results, "fake.log")), "each run's output is kept")

print(f"{check.passed()} passed, {len(check.failures)} failed")
sys.exit(1 if check.failures else 0)
