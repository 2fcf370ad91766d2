#include "tools/case_runner.hpp"

#include <doctest/doctest.h>

#include "platform/test_dir.hpp"

using tp::tools::CaseResult;
using tp::tools::write_produced_after;

TEST_SUITE("tools::case_runner") {

  TEST_CASE("write_produced_after: test --update writes what the patchset produced into the case's "
            "after/") {
    TP_TEST_DIR(dir);
    dir.write("cases/p/c/after/src/a.cpp", "stale\n");
    CaseResult result;
    result.patchset = "p";
    result.name = "c";
    result.status = CaseResult::Status::failed; // a failed case is what --update is for
    result.produced_after = {{"src/a.cpp", "new();\n"}, {"src/deep/b.cpp", "b\n"}};
    auto written = write_produced_after(result, dir.path());
    REQUIRE(written);
    CHECK(*written == std::vector<std::filesystem::path>{dir / "cases/p/c/after/src/a.cpp",
                                                         dir / "cases/p/c/after/src/deep/b.cpp"});
    CHECK(dir.read("cases/p/c/after/src/a.cpp") == "new();\n");
    CHECK(dir.read("cases/p/c/after/src/deep/b.cpp") == "b\n");
  }

  TEST_CASE("write_produced_after: a skipped case is left alone") {
    TP_TEST_DIR(dir);
    CaseResult result;
    result.patchset = "p";
    result.name = "c";
    result.status = CaseResult::Status::skipped;
    result.produced_after = {{"src/a.cpp", "new();\n"}};
    auto written = write_produced_after(result, dir.path());
    REQUIRE(written);
    CHECK(written->empty());
    CHECK_FALSE(std::filesystem::exists(dir / "cases"));
  }

  TEST_CASE("write_produced_after: a file that cannot be written is an error") {
    TP_TEST_DIR(dir);
    dir.write("cases", "a file where the cases folder should be\n");
    CaseResult result;
    result.patchset = "p";
    result.name = "c";
    result.produced_after = {{"src/a.cpp", "new();\n"}};
    CHECK_FALSE(write_produced_after(result, dir.path()));
  }

} // TEST_SUITE
