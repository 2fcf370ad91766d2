#include <doctest/doctest.h>

#include "engine/plan_support.hpp"

using namespace plan_test;
using tp::engine::Outcome;

namespace {
const tp::engine::EditReport& only_edit(const tp::engine::Plan& plan) {
  REQUIRE(plan.patchsets.size() >= 1);
  REQUIRE(plan.patchsets[0].edits.size() >= 1);
  return plan.patchsets[0].edits[0];
}
} // namespace

TEST_SUITE("engine::plan_patchsets") {
  TEST_CASE("plan_patchsets: will-apply computes the new bytes; nothing else is touched") {
    auto c = catalog_of(
        {{"p.toml",
          patchset("p", regex_edit("a.txt", "old", "kind = \"replace\"\ntext = \"new\""))}});
    auto plan = plan_of(c, {{"a.txt", "x old y\n"}, {"b.txt", "old\n"}});
    CHECK(only_edit(plan).outcome == Outcome::will_apply);
    REQUIRE(plan.files.size() == 1);
    CHECK(plan.files[0].path == "a.txt");
    CHECK(plan.files[0].after == "x new y\n");
    CHECK_FALSE(plan.has_conflict());
  }

  TEST_CASE("plan_patchsets: the applied anchor turns a missing anchor into already-applied") {
    auto c = catalog_of(
        {{"p.toml",
          patchset("p", regex_edit("a.txt", "old", "kind = \"replace\"\ntext = \"new\"", "new"))}});
    CHECK(only_edit(plan_of(c, {{"a.txt", "new\n"}})).outcome == Outcome::already_applied);
    CHECK(only_edit(plan_of(c, {{"a.txt", "other\n"}})).outcome == Outcome::anchor_missing);
  }

  TEST_CASE("plan_patchsets: upstream_fixed wins over a matching anchor") {
    std::string edit = regex_edit("a.txt", "old", "kind = \"delete\"") +
                       "[edits.upstream_fixed]\nkind = \"regex\"\npattern = '''FIXED'''\n";
    auto c = catalog_of({{"p.toml", patchset("p", edit)}});
    auto plan = plan_of(c, {{"a.txt", "old FIXED\n"}});
    CHECK(only_edit(plan).outcome == Outcome::upstream_fixed);
    CHECK(plan.files.empty());
  }

  TEST_CASE("plan_patchsets: more matches than expected is ambiguous, with count and lines") {
    auto c =
        catalog_of({{"p.toml", patchset("p", regex_edit("a.txt", "old", "kind = \"delete\""))}});
    auto plan = plan_of(c, {{"a.txt", "old\nx\nold\n"}});
    const auto& e = only_edit(plan);
    CHECK(e.outcome == Outcome::ambiguous);
    CHECK(e.actual == 2);
    CHECK(e.message == "expected exactly 1 match, found 2 at lines 1, 3");
    CHECK(plan.has_conflict());
    CHECK(plan.files.empty());
  }

  // On the real functorch arena.h the report said "arena.h:14:1: 1 match at line 11": the
  // position was the target's (the definition), the line the whole match's (its #ifdef).
  TEST_CASE("plan_patchsets: the line a message names is the target's, as is the position") {
    const std::string edit = "name = \"e\"\nfiles = [\"a.txt\"]\n[edits.anchor]\nkind = \"regex\"\n"
                             "pattern = '''(?s)begin.*?(?P<t>end)'''\ntarget = \"t\"\n"
                             "[edits.action]\nkind = \"delete\"\n[edits.applied]\nkind = "
                             "\"regex\"\npattern = '''APPLIED'''\n";
    auto plan =
        plan_of(catalog_of({{"p.toml", patchset("p", edit)}}), {{"a.txt", "begin\nx\nend\n"}});
    const auto& e = only_edit(plan);
    CHECK(e.outcome == Outcome::will_apply);
    CHECK(e.where.line == 3);
    CHECK(e.message == "1 match at line 3");
  }

  TEST_CASE(
      "plan_patchsets: a missing file is file-missing; outside the versions is not-applicable") {
    auto c = catalog_of(
        {{"p.toml", patchset("p", regex_edit("a.txt", "old", "kind = \"delete\""), ">=2.1")}});
    CHECK(only_edit(plan_of(c, {}, "2.1.0")).outcome == Outcome::file_missing);
    auto old = plan_of(c, {{"a.txt", "old\n"}}, "2.0.1");
    CHECK(old.patchsets[0].outcome == Outcome::not_applicable);
    CHECK(old.patchsets[0].reason == "PyTorch 2.0.1 is outside >=2.1");
  }

  // A tree whose `third_party/lib` is a submodule that is not initialised (a clone without
  // --recursive): its files are simply not there.
  class TreeWithAbsentSubmodule final : public tp::engine::TreeSource {
  public:
    explicit TreeWithAbsentSubmodule(std::map<std::string, std::string> files)
        : m_files(std::move(files)) {}
    tp::Result<const std::vector<std::string>*> files(const tp::repo::PathFilter& keep) override {
      return m_files.files(keep);
    }
    tp::Result<tp::engine::ReadResult> read(const std::string& path) const override {
      return m_files.read(path);
    }
    std::string repository_of(const std::string&) const override { return ""; }
    std::optional<std::string> uninitialised_submodule_of(const std::string& path) const override {
      return path.starts_with("third_party/lib/") ? std::optional<std::string>("third_party/lib")
                                                  : std::nullopt;
    }

  private:
    tp::engine::MemoryTreeSource m_files;
  };

  TEST_CASE(
      "plan_patchsets: a file in an uninitialised submodule is submodule-absent, not a conflict") {
    const std::string in_submodule = regex_edit("third_party/lib/a.h", "old", "kind = \"delete\"");
    std::string in_superproject = regex_edit("b.txt", "old", "kind = \"delete\"");
    in_superproject.replace(in_superproject.find("name = \"e\""), 10, "name = \"e2\"");
    auto c =
        catalog_of({{"p.toml", patchset("p", in_submodule + "\n[[edits]]\n" + in_superproject)}});
    TreeWithAbsentSubmodule tree(std::map<std::string, std::string>{{"b.txt", "old\n"}});
    auto plan =
        tp::engine::plan_patchsets(c, tree, {*tp::catalog::parse_version("2.0.1"), "test"}, {});
    REQUIRE(plan.has_value());
    const auto& report = plan->patchsets.at(0);
    REQUIRE(report.edits.size() == 2);
    CHECK(report.edits[0].outcome == Outcome::submodule_absent);
    CHECK(report.edits[0].repository == "third_party/lib");
    CHECK(report.edits[0].message.find("git submodule update --init --recursive") !=
          std::string::npos);
    CHECK(report.edits[1].outcome == Outcome::will_apply);
    CHECK(report.outcome == Outcome::will_apply); // the rest applies
    CHECK_FALSE(plan->has_conflict());
    REQUIRE(plan->files.size() == 1);
    CHECK(plan->files[0].path == "b.txt");

    auto only_absent = catalog_of({{"p.toml", patchset("p", in_submodule)}});
    auto absent = tp::engine::plan_patchsets(only_absent, tree,
                                             {*tp::catalog::parse_version("2.0.1"), "test"}, {});
    REQUIRE(absent.has_value());
    CHECK(absent->patchsets.at(0).outcome == Outcome::submodule_absent);
    CHECK_FALSE(absent->has_conflict());
  }

  TEST_CASE("plan_patchsets: a glob into an uninitialised submodule that selects nothing is "
            "submodule-absent") {
    auto c = catalog_of(
        {{"p.toml", patchset("p", regex_edit("third_party/lib/**/*.h", "old", "kind = \"delete\"",
                                             "APPLIED", "matches = \"any\"\n"))}});
    TreeWithAbsentSubmodule tree(std::map<std::string, std::string>{{"b.txt", "old\n"}});
    auto plan =
        tp::engine::plan_patchsets(c, tree, {*tp::catalog::parse_version("2.0.1"), "test"}, {});
    REQUIRE(plan.has_value());
    CHECK(only_edit(*plan).outcome == Outcome::submodule_absent);
    CHECK(only_edit(*plan).repository == "third_party/lib");
    CHECK_FALSE(plan->has_conflict());

    // A glob whose folder is not in the submodule is still a missing file.
    auto elsewhere = catalog_of(
        {{"p.toml", patchset("p", regex_edit("third_party/li*/a.h", "old", "kind = \"delete\"",
                                             "APPLIED", "matches = \"any\"\n"))}});
    auto missing = tp::engine::plan_patchsets(elsewhere, tree,
                                              {*tp::catalog::parse_version("2.0.1"), "test"}, {});
    REQUIRE(missing.has_value());
    CHECK(only_edit(*missing).outcome == Outcome::file_missing);
  }

  TEST_CASE("plan_patchsets: a binary file is never edited") {
    auto c =
        catalog_of({{"p.toml", patchset("p", regex_edit("a.bin", "old", "kind = \"delete\""))}});
    auto plan = plan_of(c, {{"a.bin", std::string("old\0", 4)}});
    CHECK(only_edit(plan).outcome == Outcome::anchor_missing);
    CHECK(only_edit(plan).message == "the file is binary (holds NUL bytes): torchpatch edits only "
                                     "text, so no anchor is looked for in it");
    CHECK(plan.has_conflict());
    CHECK(plan.files.empty());
  }

  TEST_CASE("plan_patchsets: a binary file holding the patched form is anchor-missing too, with "
            "the binary reason") {
    // No anchor is looked for: neither `applied` nor the anchor decides the outcome.
    auto c =
        catalog_of({{"p.toml", patchset("p", regex_edit("a.bin", "old", "kind = \"delete\""))}});
    auto plan = plan_of(c, {{"a.bin", std::string("APPLIED\0old\n", 12)}});
    CHECK(only_edit(plan).outcome == Outcome::anchor_missing);
    CHECK(only_edit(plan).message.find("the file is binary (holds NUL bytes)") == 0);
    CHECK(plan.has_conflict());
  }

  TEST_CASE("plan_patchsets: two patchsets editing the same bytes are an overlap naming both") {
    auto c = catalog_of(
        {{"p.toml", patchset("p", regex_edit("a.txt", "old", "kind = \"replace\"\ntext = \"P\""))},
         {"q.toml", patchset("q", regex_edit("a.txt", "ol", "kind = \"replace\"\ntext = \"Q\""))}});
    auto plan = plan_of(c, {{"a.txt", "old\n"}});
    REQUIRE(plan.patchsets.size() == 2);
    CHECK(plan.patchsets[0].outcome == Outcome::overlap);
    CHECK(plan.patchsets[0].edits[0].message == "touches the same bytes as q/e");
    CHECK(plan.patchsets[1].edits[0].message == "touches the same bytes as p/e");
    CHECK(plan.files.empty());
  }

  TEST_CASE("plan_patchsets: overlaps lists each pair of edits touching the same bytes once") {
    // q's edit overlaps p's twice on a.txt (one pair, listed once); r's touches other bytes, and
    // on b.txt q's edit is alone.
    auto c = catalog_of(
        {{"p.toml", patchset("p", regex_edit("a.txt", "old", "kind = \"replace\"\ntext = \"P\"",
                                             "P", "matches = 2\n"))},
         {"q.toml", patchset("q", regex_edit("*.txt", "ld\\b", "kind = \"replace\"\ntext = \"Q\"",
                                             "Q", "matches = \"any\"\n"))},
         {"r.toml", patchset("r", regex_edit("a.txt", "^x", "kind = \"delete\""))}});
    auto plan = plan_of(c, {{"a.txt", "x\r\nold old\r\n"}, {"b.txt", "bold\n"}});
    REQUIRE(plan.overlaps.size() == 1);
    const auto& o = plan.overlaps[0];
    CHECK(o.file == "a.txt");
    CHECK(o.where.line == 2);
    CHECK(o.where.column == 2);
    CHECK(o.patchset_a == "p");
    CHECK(o.edit_a == "e");
    CHECK(o.patchset_b == "q");
    CHECK(o.edit_b == "e");
  }

  TEST_CASE("plan_patchsets: conditions on facts") {
    std::string p = patchset("p", regex_edit("a.txt", "old", "kind = \"delete\""));
    p.insert(p.find("[[edits]]"), "[conditions]\ncompiler = [\"clang-cl\"]\n\n");
    auto c = catalog_of({{"p.toml", p}});
    auto plan = plan_of(c, {{"a.txt", "old\n"}});
    CHECK(plan.patchsets[0].outcome == Outcome::not_applicable);
    CHECK(plan.patchsets[0].reason.find("pass --fact compiler=VALUE") != std::string::npos);
  }

  TEST_CASE(
      "plan_patchsets: line endings and BOM survive; inserted lines take the dominant ending") {
    auto c = catalog_of(
        {{"p.toml",
          patchset("p", regex_edit("a.txt", "^old$", "kind = \"insert-after\"\ntext = \"\\nadded\"",
                                   "added"))}});
    SUBCASE("CRLF") {
      auto plan = plan_of(c, {{"a.txt", "x\r\nold\r\ny"}});
      REQUIRE(plan.files.size() == 1);
      CHECK(plan.files[0].after == "x\r\nold\r\nadded\r\ny");
    }
    SUBCASE("BOM and LF, no final newline") {
      auto plan = plan_of(c, {{"a.txt", "\xEF\xBB\xBF"
                                        "old"}});
      REQUIRE(plan.files.size() == 1);
      CHECK(plan.files[0].after == "\xEF\xBB\xBF"
                                   "old\nadded");
    }
    SUBCASE("mixed endings: the majority wins, other lines keep theirs") {
      auto plan = plan_of(c, {{"a.txt", "a\r\nb\r\nold\nc\n\r\n"}});
      REQUIRE(plan.files.size() == 1);
      CHECK(plan.files[0].after == "a\r\nb\r\nold\r\nadded\nc\n\r\n");
    }
  }

  TEST_CASE("plan_patchsets: raise-cmake-minimum over a glob, with notes for ${var} versions") {
    std::string edit = "name = \"raise\"\nfiles = [\"**/CMakeLists.txt\"]\nmatches = \"any\"\n"
                       "[edits.anchor]\nkind = \"cmake\"\ncommands = [\"cmake_minimum_required\", "
                       "\"cmake_policy\"]\n"
                       "[edits.action]\nkind = \"raise-cmake-minimum\"\nfloor = \"3.5\"\n";
    auto c = catalog_of({{"p.toml", patchset("p", edit)}});
    auto plan = plan_of(
        c, {
               {"CMakeLists.txt", "CMAKE_MINIMUM_REQUIRED(VERSION 2.8.12 FATAL_ERROR)\n"},
               {"a/CMakeLists.txt", "cmake_minimum_required(VERSION 3.1...3.18)\n"},
               {"b/CMakeLists.txt", "cmake_minimum_required(VERSION 3.1...3.4)\n"},
               {"c/CMakeLists.txt",
                "cmake_policy(VERSION ${CMAKE_MAJOR_VERSION}.${CMAKE_MINOR_VERSION})\n"},
               {"d/CMakeLists.txt", "file(WRITE x \"cmake_minimum_required(VERSION 2.6)\")\n# "
                                    "cmake_minimum_required(VERSION 2.6)\n"},
               {"e/CMakeLists.txt", "cmake_minimum_required(VERSION \"3.0\")\ncmake_policy(VERSION "
                                    "2.8)\ncmake_policy(SET CMP0048 NEW)\n"},
               {"f/CMakeLists.txt", "cmake_minimum_required ( VERSION 3.18 )\n"},
           });
    std::map<std::string, std::string> after;
    for (const auto& f : plan.files)
      after[f.path] = f.after;
    CHECK(after.size() == 3);
    CHECK(after["CMakeLists.txt"] == "CMAKE_MINIMUM_REQUIRED(VERSION 3.5 FATAL_ERROR)\n");
    CHECK(after["b/CMakeLists.txt"] == "cmake_minimum_required(VERSION 3.5)\n");
    CHECK(after["e/CMakeLists.txt"] ==
          "cmake_minimum_required(VERSION \"3.5\")\ncmake_policy(VERSION 3.5)\ncmake_policy(SET "
          "CMP0048 NEW)\n");
    REQUIRE(plan.patchsets[0].notes.size() == 1);
    CHECK(plan.patchsets[0].notes[0].rfind(
              "c/CMakeLists.txt: cmake_policy(VERSION ${CMAKE_MAJOR_VERSION}", 0) == 0);
  }

  TEST_CASE("plan_patchsets: a file two globs of one edit select is edited once") {
    std::string edit =
        "name = \"raise\"\nfiles = [\"**/CMakeLists.txt\", \"lib/**\", \"lib/CMakeLists.txt\"]\n"
        "matches = \"any\"\n[edits.anchor]\nkind = \"cmake\"\n"
        "commands = [\"cmake_minimum_required\"]\n"
        "[edits.action]\nkind = \"raise-cmake-minimum\"\nfloor = \"3.5\"\n";
    auto c = catalog_of({{"p.toml", patchset("p", edit)}});
    auto plan = plan_of(c, {{"lib/CMakeLists.txt", "cmake_minimum_required(VERSION 2.8)\n"}});
    REQUIRE(plan.files.size() == 1);
    CHECK(plan.files[0].after == "cmake_minimum_required(VERSION 3.5)\n");
    REQUIRE(plan.patchsets[0].edits.size() == 1);
    CHECK(only_edit(plan).outcome == Outcome::will_apply);
    CHECK_FALSE(plan.has_conflict());
  }

  TEST_CASE("plan_patchsets: a glob that selects no file is file-missing; files without a match "
            "are quiet") {
    std::string edit = "name = \"raise\"\nfiles = [\"**/CMakeLists.txt\"]\nmatches = \"any\"\n"
                       "[edits.anchor]\nkind = \"cmake\"\ncommands = [\"cmake_minimum_required\"]\n"
                       "[edits.action]\nkind = \"raise-cmake-minimum\"\nfloor = \"3.5\"\n";
    auto c = catalog_of({{"p.toml", patchset("p", edit)}});
    CHECK(only_edit(plan_of(c, {{"x.txt", ""}})).outcome == Outcome::file_missing);
    auto plan = plan_of(c, {{"CMakeLists.txt", "cmake_minimum_required(VERSION 3.18)\n"}});
    CHECK(plan.patchsets[0].edits.size() == 1);
    CHECK(only_edit(plan).outcome == Outcome::already_applied);
  }

  // A patchset whose file is absent, or lacks the literal its syntax query needs, costs no query
  // compilation (issue #16: catalog 2.0's many queries must not slow a run that needs few).
  TEST_CASE(
      "plan_patchsets: a deferred syntax query is compiled only for a file holding its literal") {
    auto syntax_edit = [](const std::string& file) {
      return "name = \"e\"\nfiles = [\"" + file +
             "\"]\n[edits.anchor]\nkind = \"syntax\"\n"
             "language = \"cpp\"\nquery = '''(class_specifier name: (type_identifier) @n "
             "(#eq? @n \"Launcher\")) @class'''\ntarget = \"class\"\n"
             "[edits.action]\nkind = \"delete\"\n"
             "[edits.applied]\nkind = \"regex\"\npattern = '''APPLIED'''\n";
    };
    auto loaded = tp::catalog::load_catalog({{"p.toml", patchset("p", syntax_edit("a.cpp"))},
                                             {"q.toml", patchset("q", syntax_edit("absent.cpp"))},
                                             {"catalog.toml", "version = \"0.0.1\"\n"}},
                                            "test", tp::anchor::QueryCompilation::on_first_use);
    REQUIRE_MESSAGE(loaded.diagnostics.empty(), tp::render_all(loaded.diagnostics));
    const auto& p_anchor = *loaded.catalog.patchsets[0].edits[0].anchor;
    const auto& q_anchor = *loaded.catalog.patchsets[1].edits[0].anchor;

    auto without_literal = plan_of(loaded.catalog, {{"a.cpp", "class Other {};\n"}});
    CHECK(without_literal.patchsets[0].edits[0].outcome == Outcome::anchor_missing);
    CHECK_FALSE(p_anchor.is_prepared());
    CHECK_FALSE(q_anchor.is_prepared());

    auto with_literal = plan_of(loaded.catalog, {{"a.cpp", "class Launcher {};\n"}});
    CHECK(with_literal.patchsets[0].edits[0].outcome == Outcome::will_apply);
    CHECK(p_anchor.is_prepared());
    CHECK_FALSE(q_anchor.is_prepared());
  }
}
