// `explain` on real output of a build against a Python the release predates
// (tests/logs/python-*.log, made in the sweep's Python roots, tests/sweep/sweep.sh python_root):
// each names the gate that says which release first builds with that Python.
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "explained_log.hpp"

using tp::test::explained_ids;

TEST_SUITE("tools::explain python logs") {
  TEST_CASE("1.12's pybind11 v2.6.2 with Python 3.11: the gate that 1.13 lifts") {
    CHECK(explained_ids("python-3.11-pybind11-2.6.2-gcc-16.log") ==
          std::vector<std::string>{"python-3-11-needs-1-13"});
  }
}
