// The shipped catalog's gates (patchsets/*-needs-*.toml): which releases each blocks, with which
// toolchain facts, and where each is lifted (docs/catalog.md, "Gates").
#include <doctest/doctest.h>

#include <map>
#include <set>
#include <string>

#include "catalog/catalog.hpp"
#include "engine/plan.hpp"

namespace {
// The ids of the shipped gates that block `version` with `facts` (python, cuda).
std::set<std::string> blocking(const char* version, std::map<std::string, std::string> facts) {
  static const auto loaded = tp::catalog::load_embedded_catalog();
  REQUIRE(loaded.diagnostics.empty());
  tp::engine::MemoryTreeSource source({});
  tp::engine::ResolvedVersion v{*tp::catalog::parse_version(version), "test"};
  tp::engine::PlanOptions options;
  options.facts = std::move(facts);
  auto plan = tp::engine::plan_patchsets(loaded.catalog, source, v, options);
  REQUIRE(plan.has_value());
  std::set<std::string> ids;
  for (const auto& g : plan->gates)
    if (g.outcome == tp::engine::GateOutcome::blocks)
      ids.insert(g.id);
  return ids;
}
using Ids = std::set<std::string>;
} // namespace

TEST_SUITE("shipped gates") {
  TEST_CASE("python gates: each blocks the releases before the one that first builds with it") {
    CHECK(blocking("1.12.1", {{"python", "3.10.12"}}) == Ids{});
    CHECK(blocking("1.12.1", {{"python", "3.11.2"}}) == Ids{"python-3-11-needs-1-13"});
    CHECK(blocking("1.13.1", {{"python", "3.11.2"}}) == Ids{});
    CHECK(blocking("1.13.1", {{"python", "3.10.12"}, {"cuda", "11.7"}}) == Ids{});
    CHECK(blocking("1.13.1", {{"python", "3.12.3"}, {"cuda", "11.7"}}) ==
          Ids{"python-3-12-needs-2-2"});
    CHECK(blocking("2.1.2", {{"python", "3.12.3"}}) == Ids{"python-3-12-needs-2-2"});
    CHECK(blocking("2.2.0", {{"python", "3.12.3"}}) == Ids{});
    CHECK(blocking("2.4.1", {{"python", "3.13.1"}}) == Ids{"python-3-13-needs-2-5"});
    CHECK(blocking("2.5.1", {{"python", "3.13.1"}}) == Ids{});
    // 2.6.0 stops at cpython_defs.c's #error for 3.14; 2.9 is the first release that builds.
    CHECK(blocking("2.6.0", {{"python", "3.14.0"}}) == Ids{"python-3-14-needs-2-9"});
    CHECK(blocking("2.9.0", {{"python", "3.14.0"}}) == Ids{});
    // An old release on today's Python meets every gate whose lifting release it predates.
    CHECK(blocking("2.0.1", {{"python", "3.14.0"}}) ==
          Ids{"python-3-12-needs-2-2", "python-3-13-needs-2-5", "python-3-14-needs-2-9"});
    CHECK(blocking("1.12.1", {{"python", "3.14.0"}}) ==
          Ids{"python-3-11-needs-1-13", "python-3-12-needs-2-2", "python-3-13-needs-2-5",
              "python-3-14-needs-2-9"});
  }

  TEST_CASE("cuda gate: CUDA 12 blocks 1.12 - 1.13 only") {
    CHECK(blocking("1.12.1", {{"python", "3.10.0"}, {"cuda", "12.1"}}) == Ids{"cuda-12-needs-2-0"});
    CHECK(blocking("1.13.1", {{"python", "3.10.0"}, {"cuda", "11.8"}}) == Ids{});
    CHECK(blocking("2.0.1", {{"python", "3.10.0"}, {"cuda", "12.1"}}) == Ids{});
  }
}
