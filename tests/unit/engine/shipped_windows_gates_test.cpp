// The shipped catalog's Windows gates (issue #23): the MSVC/CUDA pairings, Visual Studio 2026 with
// CUDA, and Python 3.13 on Windows with 2.5 (docs/catalog.md, "Windows").
#include <doctest/doctest.h>

#include <map>
#include <set>
#include <string>

#include "catalog/catalog.hpp"
#include "engine/plan.hpp"

namespace {
using Ids = std::set<std::string>;

// The ids of the shipped gates whose outcome is `outcome` for `version` with `facts`.
Ids gates(const char* version, std::map<std::string, std::string> facts,
          tp::engine::GateOutcome outcome = tp::engine::GateOutcome::blocks) {
  static const auto loaded = tp::catalog::load_embedded_catalog();
  REQUIRE(loaded.diagnostics.empty());
  tp::engine::MemoryTreeSource source({});
  tp::engine::ResolvedVersion v{*tp::catalog::parse_version(version), "test"};
  tp::engine::PlanOptions options;
  options.facts = std::move(facts);
  auto plan = tp::engine::plan_patchsets(loaded.catalog, source, v, options);
  REQUIRE(plan.has_value());
  Ids ids;
  for (const auto& g : plan->gates)
    if (g.outcome == outcome)
      ids.insert(g.id);
  return ids;
}
} // namespace

TEST_SUITE("shipped gates: Windows") {
  TEST_CASE("CUDA 12.3 or older: MSVC 14.40 trips nvcc's check, 14.41+ the STL's too") {
    const std::map<std::string, std::string> base{{"platform", "windows"}, {"python", "3.10"}};
    auto with = [&](const char* cuda, const char* msvc) {
      auto f = base;
      f["cuda"] = cuda;
      f["msvc"] = msvc;
      return f;
    };
    CHECK(gates("2.1.2", with("12.1", "14.39")) == Ids{});
    CHECK(gates("2.1.2", with("12.1", "14.40")) == Ids{"cuda-12-3-rejects-msvc-14-40"});
    CHECK(gates("2.1.2", with("12.1", "14.44")) ==
          Ids{"cuda-12-3-rejects-msvc-14-40", "msvc-stl-14-41-needs-cuda-12-4"});
    CHECK(gates("2.1.2", with("12.4", "14.44")) == Ids{});
    // Linux hosts: never
    auto linux_facts = with("12.1", "14.44");
    linux_facts["platform"] = "linux";
    CHECK(gates("2.1.2", linux_facts) == Ids{});
  }

  TEST_CASE("Visual Studio 2026 with CUDA blocks before 2.9; without a CUDA fact it is unknown") {
    std::map<std::string, std::string> f{
        {"platform", "windows"}, {"python", "3.12"}, {"msvc", "14.50"}, {"cuda", "12.8"}};
    CHECK(gates("2.6.0", f) == Ids{"vs2026-cuda-needs-2-9"});
    CHECK(gates("2.9.0", f) == Ids{});
    f["msvc"] = "14.44";
    CHECK(gates("2.6.0", f) == Ids{});
    f.erase("cuda");
    f["msvc"] = "14.51";
    CHECK(gates("2.6.0", f) == Ids{});
    CHECK(gates("2.6.0", f, tp::engine::GateOutcome::unknown).count("vs2026-cuda-needs-2-9") == 1);
  }

  TEST_CASE("Python 3.13 on Windows: 2.5 blocks, 2.6 clears; Linux 2.5 builds") {
    CHECK(gates("2.5.1", {{"platform", "windows"}, {"python", "3.13.1"}}) ==
          Ids{"python-3-13-windows-needs-2-6"});
    CHECK(gates("2.6.0", {{"platform", "windows"}, {"python", "3.13.1"}}) == Ids{});
    CHECK(gates("2.5.1", {{"platform", "linux"}, {"python", "3.13.1"}}) == Ids{});
    CHECK(gates("2.4.1", {{"platform", "windows"}, {"python", "3.13.1"}}) ==
          Ids{"python-3-13-needs-2-5"});
  }
}
