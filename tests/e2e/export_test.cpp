// export DIR: the plan as a series of patches that plain `git apply` takes, in order, on a clean
// checkout, producing the same bytes as `torchpatch apply`.
#include <doctest/doctest.h>

#include <sstream>

#include "e2e/checkout.hpp"

using namespace tp::e2e;

TEST_SUITE("e2e::export") {

  TEST_CASE("export: git apply of the series on a clean checkout gives the bytes torchpatch apply "
            "writes") {
    TP_FOR_EACH_FIXTURE(fixture) {
      TP_E2E_DIR(dir);
      const fs::path exported = make_checkout(dir, fixture, "exported");
      const Snapshot clean = snapshot(exported);
      const fs::path series_dir = dir / "series";
      const Output out = torchpatch_in(exported, {"export", series_dir.string()});
      INFO("export said: " << out.out << out.err);
      CHECK(out.code == 0);
      CHECK(describe_changes(clean, snapshot(exported)) ==
            ""); // export writes outside the checkout only

      std::vector<std::string> patches;
      std::istringstream series(read_bytes(series_dir / "series"));
      for (std::string line; std::getline(series, line);)
        if (!line.empty())
          patches.push_back(line);
      std::size_t will_apply = 0;
      for (const auto& [id, outcome] : expected_outcomes(fixture))
        will_apply += outcome == "will-apply";
      CHECK(patches.size() == will_apply);
      CHECK(out.out.find("wrote " + std::to_string(will_apply) + " patch(es)") !=
            std::string::npos);

      // `git apply` on a fresh, clean materialisation of the same fixture.
      const fs::path by_git = make_checkout(dir, fixture, "by-git");
      for (std::size_t i = 0; i < patches.size(); ++i) {
        CAPTURE(patches[i]);
        CHECK(patches[i].starts_with((i < 9 ? "000" : "00") + std::to_string(i + 1) + "-"));
        const std::string patch = quote((series_dir / patches[i]).string());
        const Output check = shell(git() + " apply --check " + patch, by_git);
        INFO("git apply --check said: " << check.out << check.err);
        CHECK(check.code == 0);
        const Output applied = shell(git() + " apply " + patch, by_git);
        INFO("git apply said: " << applied.out << applied.err);
        CHECK(applied.code == 0);
      }

      const Output apply = torchpatch_in(exported, {"apply"});
      REQUIRE(apply.code == 0);
      Snapshot by_torchpatch = snapshot(exported);
      CHECK(join(changed_paths(clean, by_torchpatch)) == join(expected_changed_files(fixture)));
      Snapshot by_git_apply = snapshot(by_git);
      // Each materialisation's .gitmodules names its own submodule origin folder.
      by_torchpatch.erase(".gitmodules");
      by_git_apply.erase(".gitmodules");
      CHECK(describe_changes(by_torchpatch, by_git_apply) == "");
    }
  }

} // TEST_SUITE
