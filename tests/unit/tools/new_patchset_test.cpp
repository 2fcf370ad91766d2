#include "tools/new_patchset.hpp"

#include <string>

#include <doctest/doctest.h>

#include "platform/test_dir.hpp"
#include "tools/case_runner.hpp"

namespace {

using tp::tools::new_patchset;
using tp::tools::NewPatchsetRequest;

// Drafts a patchset from `before` -> `after`, writes it into a fresh catalog folder, and runs
// its case the way `torchpatch test ID --catalog DIR` does.
void round_trip(const std::string& before, const std::string& after, std::size_t expected_edits) {
  TP_TEST_DIR(dir);
  NewPatchsetRequest request;
  request.id = "drafted";
  request.path = "torch/csrc/x.cpp";
  request.before = before;
  request.after = after;
  request.case_version = "2.0.1";
  request.export_macros = {"TORCH_API"};
  auto drafted = new_patchset(request);
  REQUIRE_MESSAGE(drafted, (drafted ? std::string() : drafted.error().message()));
  CHECK(drafted->edits == expected_edits);
  for (const auto& [path, bytes] : drafted->files)
    dir.write("catalog/" + path, bytes);
  const std::string drafted_toml = dir.read("catalog/drafted.toml");
  INFO(drafted_toml);
  auto files = tp::catalog::read_catalog_folder((dir / "catalog").string());
  REQUIRE(files);
  auto loaded = tp::catalog::load_catalog(std::move(*files), "catalog");
  REQUIRE(tp::render_all(loaded.diagnostics) == "");
  tp::tools::CaseRunOptions options;
  options.only = {"drafted"};
  options.scratch = dir / "scratch";
  auto results = tp::tools::run_cases(loaded.catalog, options);
  REQUIRE(results.size() == 1);
  std::string failures;
  for (const auto& f : results[0].failures)
    failures += f + "\n";
  CHECK_MESSAGE(results[0].status == tp::tools::CaseResult::Status::passed, failures);
  CHECK(dir.read("catalog/cases/drafted/initial/before/torch/csrc/x.cpp") == before);
}

} // namespace

TEST_SUITE("tools::new_patchset") {

  TEST_CASE("new_patchset: the drafted patchset passes its own case") {
    const std::string before = "#include <x.h>\n"
                               "namespace {\n"
                               "class TORCH_API Launcher {\n"
                               "  int count_ = 0;\n"
                               "};\n"
                               "} // namespace\n"
                               "int f() { return __builtin_clz(3); }\n"
                               "int g() { return __builtin_clz(4); }\n";
    SUBCASE("one replaced word") {
      std::string after = before;
      after.replace(after.find("class TORCH_API"), 15, "class");
      round_trip(before, after, 1);
    }
    SUBCASE("several hunks: replace, insert, delete") {
      std::string after = "#include <x.h>\n"
                          "#include <y.h>\n"
                          "namespace {\n"
                          "class Launcher {\n"
                          "  int count_ = 0;\n"
                          "};\n"
                          "} // namespace\n"
                          "int f() { return my_clz(3); }\n";
      round_trip(before, after, 3);
    }
    SUBCASE("lines added at the start and the end") {
      round_trip(before, "// first\n" + before + "// last $x\n", 2);
    }
    SUBCASE("CRLF before file, LF after file") {
      std::string crlf;
      for (char c : before)
        crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
      std::string after = before;
      after.replace(after.find("int count_ = 0;"), 15, "int count_ = 1; // \"quoted\" \\ 'x'");
      round_trip(crlf, after, 1);
    }
  }

  TEST_CASE("new_patchset: refuses identical files, bad ids and taken ids") {
    NewPatchsetRequest request;
    request.id = "same";
    request.path = "a.cpp";
    request.before = "int x;\r\n";
    request.after = "int x;\n";
    request.case_version = "2.0.1";
    auto same = new_patchset(request);
    REQUIRE_FALSE(same);
    CHECK(same.error().message() ==
          "the before and after files are the same (line endings and BOM aside): nothing to patch");
    request.after = "int y;\n";
    request.id = "Bad_Id";
    REQUIRE_FALSE(new_patchset(request));
    request.id = "taken";
    request.existing["taken.toml"] = "";
    auto taken = new_patchset(request);
    REQUIRE_FALSE(taken);
    CHECK(taken.error().message() == "taken.toml already exists in the catalog; choose another id");
  }

  TEST_CASE("quote_regex: escapes as RE2::QuoteMeta, with readable control characters") {
    CHECK(tp::tools::quote_regex("a_1(b).*") == "a_1\\(b\\)\\.\\*");
    CHECK(tp::tools::quote_regex("x y\n\t'\x01") == "x\\ y\\n\\t['][\\x01]");
    CHECK(tp::tools::quote_regex("\xC3\xA9") == "\xC3\xA9");
  }

  TEST_CASE("write_new_patchset: writes every drafted file under the catalog folder and returns "
            "them in order") {
    TP_TEST_DIR(dir);
    tp::tools::NewPatchset draft;
    draft.files = {{"fix.toml", "id = \"fix\"\n"}, {"cases/fix/initial/torch/x.cpp", "before\n"}};
    auto written = tp::tools::write_new_patchset(draft, dir / "catalog");
    REQUIRE_MESSAGE(written, written.error().message());
    CHECK(*written == std::vector<std::filesystem::path>{
                          dir / "catalog/cases/fix/initial/torch/x.cpp", dir / "catalog/fix.toml"});
    CHECK(dir.read("catalog/fix.toml") == "id = \"fix\"\n");
    CHECK(dir.read("catalog/cases/fix/initial/torch/x.cpp") == "before\n");

    dir.write("blocked", "a file, not a folder");
    auto blocked = tp::tools::write_new_patchset(draft, dir / "blocked");
    CHECK_FALSE(blocked);
  }

} // TEST_SUITE
