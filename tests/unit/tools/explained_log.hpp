// What `explain` names for a real build log under tests/logs/, with the shipped catalog: the ids of
// the patchsets and gates it matches, sorted. Shared by the explain tests on real logs.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "catalog/catalog.hpp"
#include "platform/files.hpp"
#include "tools/explain.hpp"

namespace tp::test {

inline std::vector<std::string> explained_ids(const char* log_name) {
  static const auto loaded = tp::catalog::load_embedded_catalog();
  REQUIRE(loaded.diagnostics.empty());
  auto bytes = tp::platform::read_file(std::string(TP_SOURCE_DIR "/tests/logs/") + log_name);
  REQUIRE(bytes.has_value());
  std::vector<std::string> ids;
  for (const auto& m : tp::tools::explain_log(loaded.catalog, *bytes).matches)
    ids.push_back(m.patchset);
  std::sort(ids.begin(), ids.end());
  return ids;
}

} // namespace tp::test
