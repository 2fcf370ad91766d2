// `explain` on real output of a build against a Python the release predates
// (tests/logs/python-*.log, made in the sweep's Python roots, tests/sweep/sweep.sh python_root):
// each names the gate that says which release first builds with that Python.
#include "tools/explain.hpp"

#include <algorithm>
#include <string>

#include <doctest/doctest.h>

#include "platform/files.hpp"

namespace {

std::vector<std::string> explained(const char* name) {
  static const auto loaded = tp::catalog::load_embedded_catalog();
  REQUIRE(loaded.diagnostics.empty());
  auto bytes = tp::platform::read_file(std::string(TP_SOURCE_DIR "/tests/logs/") + name);
  REQUIRE(bytes.has_value());
  std::vector<std::string> ids;
  for (const auto& m : tp::tools::explain_log(loaded.catalog, *bytes).matches)
    ids.push_back(m.patchset);
  std::sort(ids.begin(), ids.end());
  return ids;
}

} // namespace

TEST_SUITE("tools::explain python logs") {
  TEST_CASE("1.12's pybind11 v2.6.2 with Python 3.11: the gate that 1.13 lifts") {
    CHECK(explained("python-3.11-pybind11-2.6.2-gcc-16.log") ==
          std::vector<std::string>{"python-3-11-needs-1-13"});
  }
}
