// Gates as the plan reports them: blocks / clear / unknown, with the facts used.
#include <doctest/doctest.h>

#include "engine/plan_support.hpp"

using namespace plan_test;
using tp::engine::GateOutcome;

namespace {
const std::string k_gate = R"(id = "python-3-12-needs-2-2"
kind = "gate"
title = "Python 3.12 needs PyTorch 2.2 or newer"
versions = "<2.2"
lifted_in = "2.2"
why = "w"

[conditions]
python = ">=3.12"
)";

tp::engine::Plan plan_with(const std::map<std::string, std::string>& facts, const char* version) {
  auto c = catalog_of({{"g.toml", k_gate}});
  tp::engine::MemoryTreeSource source({});
  tp::engine::ResolvedVersion v{*tp::catalog::parse_version(version), "test"};
  tp::engine::PlanOptions options;
  options.facts = facts;
  options.fact_sources = {{"python", "--fact"}};
  auto plan = tp::engine::plan_patchsets(c, source, v, options);
  REQUIRE(plan.has_value());
  return std::move(*plan);
}
} // namespace

TEST_SUITE("engine::evaluate_gate") {
  TEST_CASE("evaluate_gate: blocks when the version is concerned and every condition holds") {
    auto plan = plan_with({{"python", "3.12"}}, "2.1.2");
    REQUIRE(plan.gates.size() == 1);
    const auto& g = plan.gates[0];
    CHECK(g.outcome == GateOutcome::blocks);
    CHECK(g.reason == "PyTorch 2.1.2 with python 3.12; lifted in PyTorch 2.2");
    CHECK(g.lifted_in == "2.2");
    REQUIRE(g.facts.size() == 1);
    CHECK(g.facts[0].source == "--fact");
    CHECK_FALSE(plan.has_conflict()); // a gate never conflicts
    CHECK(plan.files.empty());
  }

  TEST_CASE("evaluate_gate: clear outside its versions, or when a condition fails") {
    CHECK(plan_with({{"python", "3.12"}}, "2.2.0").gates[0].outcome == GateOutcome::clear);
    auto failing = plan_with({{"python", "3.11"}}, "2.0.1").gates[0];
    CHECK(failing.outcome == GateOutcome::clear);
    CHECK(failing.reason == "python is 3.11, not >=3.12");
  }

  TEST_CASE("evaluate_gate: unknown names the --fact to pass") {
    auto g = plan_with({}, "2.0.1").gates[0];
    CHECK(g.outcome == GateOutcome::unknown);
    CHECK(g.reason == "PyTorch 2.0.1 is concerned, but python is unknown here; pass --fact "
                      "python=VERSION; lifted in PyTorch 2.2");
  }

  TEST_CASE("plan_patchsets: a patchset's versioned condition uses the same facts") {
    std::string ps = "id = \"p\"\ntitle = \"t\"\nversions = \">=1.0\"\nwhy = \"w\"\n[conditions]\n"
                     "cmake = \">=4.0\"\n\n[[edits]]\n" +
                     regex_edit("a.txt", "old", "kind = \"delete\"");
    auto cat = catalog_of({{"p.toml", ps}});
    auto old_cmake = plan_of(cat, {{"a.txt", "old\n"}});
    CHECK(old_cmake.patchsets[0].outcome == tp::engine::Outcome::not_applicable);
    CHECK(old_cmake.patchsets[0].reason ==
          "needs cmake >=4.0 (unknown here; pass --fact cmake=VERSION)");
  }
}
