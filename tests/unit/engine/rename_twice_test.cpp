// Pins a bug the plan_diff fuzz target found: a rename anchor matching twice (a Python function
// defined twice, with matches = "any") renamed the second definition a second time, so the plan
// held two identical edits and failed as an environment error ("edits c-rename/e and c-rename/e
// overlap") instead of renaming every use once.
#include <doctest/doctest.h>

#include "engine/plan_support.hpp"

using namespace plan_test;

TEST_SUITE("engine::plan_patchsets") {
  TEST_CASE("plan_patchsets: a rename whose anchor matches twice renames every use exactly once") {
    const std::string edit =
        "name = \"e\"\nfiles = [\"a.py\"]\nmatches = \"any\"\n[edits.anchor]\nkind = \"syntax\"\n"
        "language = \"python\"\nquery = '(function_definition name: (identifier) @name (#eq? @name "
        "\"old\"))'\n"
        "[edits.action]\nkind = \"rename\"\nto = \"new\"\n[edits.applied]\nkind = "
        "\"regex\"\npattern = 'new'\n";
    auto c = catalog_of({{"p.toml", patchset("p", edit)}});
    for (const char* source : {"def old(x):\n    return 1\n\ndef old(x):\n    return old(x)\n",
                               "def old(): pass\ndef old(): pass\n"}) {
      CAPTURE(source);
      tp::engine::MemoryTreeSource tree(std::map<std::string, std::string>{{"a.py", source}});
      tp::engine::ResolvedVersion v{*tp::catalog::parse_version("2.0.1"), "test"};
      auto plan = tp::engine::plan_patchsets(c, tree, v, {});
      REQUIRE_MESSAGE(plan.has_value(), plan.error().message());
      REQUIRE(plan->patchsets.size() == 1);
      CHECK(plan->patchsets[0].outcome == tp::engine::Outcome::will_apply);
      REQUIRE(plan->files.size() == 1);
      std::string expected = source;
      for (auto at = expected.find("old"); at != std::string::npos; at = expected.find("old", at))
        expected.replace(at, 3, "new");
      CHECK(plan->files[0].after == expected);
    }
  }
}
