#include "tools/lint.hpp"

#include <string>

#include <doctest/doctest.h>

#include "platform/test_dir.hpp"

namespace {

using tp::tools::lint_catalog;

// A patchset with every field lint asks for; `files`, `extra` (top-level keys) and the edit's
// anchor vary per test.
std::string patchset(const std::string& id, const std::string& files,
                     const std::string& anchor = "kind = \"regex\"\npattern = '''old\\(\\)'''\n",
                     const std::string& top = "references = [\"https://example.com/1\"]\n"
                                              "errors = [\"error: old() is gone\"]\n") {
  return "id = \"" + id +
         "\"\n"
         "title = \"" +
         id +
         "\"\n"
         "versions = \">=2.0\"\n"
         "why = \"because\"\n" +
         top +
         "\n[[edits]]\n"
         "name = \"call\"\n"
         "files = [" +
         files +
         "]\n"
         "\n[edits.anchor]\n" +
         anchor +
         "\n[edits.action]\n"
         "kind = \"replace\"\n"
         "text = \"new()\"\n"
         "\n[edits.applied]\n"
         "kind = \"regex\"\n"
         "pattern = '''new\\(\\)'''\n";
}

// Writes `files` below a fresh folder, reads it back the way --catalog DIR does, and lints it.
std::string lint_folder(const tp::test::TestDir& dir) {
  auto files = tp::catalog::read_catalog_folder(dir.path().string());
  REQUIRE(files);
  auto report = lint_catalog(std::move(*files), dir.path().string());
  return tp::render_all(report.diagnostics);
}

void write_case(const tp::test::TestDir& dir, const std::string& id, const std::string& path) {
  dir.write("cases/" + id + "/first/case.toml", "outcome = \"will-apply\"\nversion = \"2.0.1\"\n");
  dir.write("cases/" + id + "/first/before/" + path, "int x = old();\n");
  dir.write("cases/" + id + "/first/after/" + path, "int x = new();\n");
}

// A will-apply case of `id` at `version` with one file, as found and as patched.
void write_case(const tp::test::TestDir& dir, const std::string& id, const std::string& version,
                const std::string& path, const std::string& before, const std::string& after) {
  dir.write("cases/" + id + "/first/case.toml",
            "outcome = \"will-apply\"\nversion = \"" + version + "\"\n");
  dir.write("cases/" + id + "/first/before/" + path, before);
  dir.write("cases/" + id + "/first/after/" + path, after);
}

const std::string other_anchor = "kind = \"regex\"\npattern = '''other\\(\\)'''\n";

} // namespace

TEST_SUITE("engine::lint") {

  TEST_CASE("lint_catalog: a clean catalog has no problems") {
    TP_TEST_DIR(dir);
    dir.write("catalog.toml", "version = \"1.0.0\"\n");
    dir.write("good.toml", patchset("good", "\"src/good.cpp\""));
    write_case(dir, "good", "src/good.cpp");
    auto files = tp::catalog::read_catalog_folder(dir.path().string());
    REQUIRE(files);
    auto report = lint_catalog(std::move(*files), "test");
    CHECK(tp::render_all(report.diagnostics) == "");
    CHECK(report.patchsets == 1);
    CHECK(report.cases == 1);
    CHECK(report.edits == 1);
  }

  TEST_CASE("lint_catalog: the shipped catalog is clean") {
    auto files = tp::catalog::read_catalog_folder(std::string(TP_SOURCE_DIR) + "/patchsets");
    REQUIRE(files);
    auto report = lint_catalog(std::move(*files), "patchsets");
    CHECK(tp::render_all(report.diagnostics) == "");
    CHECK(report.patchsets >= 5);
  }

  TEST_CASE("lint_catalog: reports every problem of a broken catalog at once") {
    TP_TEST_DIR(dir);
    dir.write("catalog.toml", "version = \"1.0.0\"\n");
    dir.write("good.toml", patchset("good", "\"src/good.cpp\""));
    write_case(dir, "good", "src/good.cpp");
    // TOML syntax error: an unterminated string.
    dir.write("toml-error.toml",
              "id = \"toml-error\"\ntitle = \"never closed\nversions = \">=2.0\"\n");
    // An unknown key with a did-you-mean.
    dir.write("unknown-key.toml",
              patchset("unknown-key", "\"src/a.cpp\"", "kind = \"regex\"\npattern = 'x'\n",
                       "references = [\"r\"]\nerrors = [\"e\"]\nreferenses = [\"r\"]\n"));
    // A wrong type.
    {
      std::string text = patchset("wrong-type", "\"src/b.cpp\"");
      text.replace(text.find("title = \"wrong-type\""), 20, "title = 3");
      dir.write("wrong-type.toml", text);
    }
    // An invalid regex: the caret under the offending column inside the pattern.
    dir.write("bad-regex.toml", patchset("bad-regex", "\"src/c.cpp\"",
                                         "kind = \"regex\"\npattern = '''old(\\('''\n"));
    // A query that does not compile: line:col inside the query, in the patchset file.
    dir.write("bad-query.toml",
              patchset("bad-query", "\"src/d.cpp\"",
                       "kind = \"syntax\"\nlanguage = \"cpp\"\nquery = '''\n(call_expression\n  "
                       "function: (identifer) @fn)\n'''\n"));
    // A version specifier without an operator in its second clause.
    {
      std::string text = patchset("bad-version", "\"src/e.cpp\"");
      text.replace(text.find(">=2.0"), 5, ">=2.0, 2.6");
      dir.write("bad-version.toml", text);
    }
    // Two files with the same id.
    dir.write("dup-a.toml", patchset("dup", "\"src/f.cpp\""));
    dir.write("dup-b.toml", patchset("dup", "\"src/g.cpp\""));
    write_case(dir, "dup", "src/f.cpp");
    // An edit no case exercises; its glob also selects good's file, where it replaces the same
    // old() as good's edit (good's case shows it).
    dir.write("no-case.toml", patchset("no-case", "\"src/**/g*.cpp\""));
    // No references and no errors; its only case does not exercise the edit; it replaces the same
    // old() in the same file as good.
    dir.write("no-refs.toml", patchset("no-refs", "\"src/good.cpp\"",
                                       "kind = \"regex\"\npattern = '''old\\(\\)'''\n", ""));
    dir.write("cases/no-refs/other/case.toml",
              "outcome = \"already-applied\"\nversion = \"2.0.1\"\n");
    dir.write("cases/no-refs/other/before/src/good.cpp", "int x = new();\n");

    CHECK(lint_folder(dir) == R"EXPECTED(bad-query.toml:17:14: error: invalid node type 'identifer'
    function: (identifer) @fn)
               ^
bad-regex.toml:14:14: error: invalid regex: missing ): old(\(
  pattern = '''old(\('''
               ^
bad-version.toml:3:20: error: invalid version specifier: expected a comparison (>=, <=, ==, !=, >, <) before a version
  versions = ">=2.0, 2.6"
                     ^
dup-b.toml:1:1: error: patchset id 'dup' is already used by dup-a.toml
  id = "dup"
  ^
toml-error.toml:2:22: error: invalid TOML: Error while parsing string: unescaped control characters other than TAB (U+0009) are explicitly prohibited
  title = "never closed
                       ^
unknown-key.toml:7:1: error: unknown key 'referenses' in a patchset; did you mean 'references'?
  referenses = ["r"]
  ^
wrong-type.toml:2:9: error: 'title' must be a string, not an integer
  title = 3
          ^
no-refs.toml:1:1: error: patchset 'no-refs' has no references (upstream issues or pull requests, and how its version range was found)
  id = "no-refs"
  ^
no-refs.toml:1:1: error: patchset 'no-refs' has no error messages (what users see, verbatim; `torchpatch explain` matches build logs against them)
  id = "no-refs"
  ^
no-case.toml:8:1: error: edit 'call' of no-case is not exercised by any case: no-case has no case (add cases/no-case/<name>/ with case.toml, before/ and after/)
  [[edits]]
  ^
no-refs.toml:6:1: error: edit 'call' of no-refs is not exercised by any case: no will-apply case under cases/no-refs/ plans it as will-apply
  [[edits]]
  ^
good.toml:10:10: error: edit 'call' of good touches the same bytes as edit 'call' of no-case (no-case.toml:10:10) in case file cases/good/first/before/src/good.cpp:1:9: 'src/good.cpp' and 'src/**/g*.cpp' both select it
  files = ["src/good.cpp"]
           ^
good.toml:10:10: error: edit 'call' of good touches the same bytes as edit 'call' of no-refs (no-refs.toml:8:10) in case file cases/good/first/before/src/good.cpp:1:9: both select 'src/good.cpp'
  files = ["src/good.cpp"]
           ^
no-case.toml:10:10: error: edit 'call' of no-case touches the same bytes as edit 'call' of no-refs (no-refs.toml:8:10) in case file cases/good/first/before/src/good.cpp:1:9: 'src/**/g*.cpp' and 'src/good.cpp' both select it
  files = ["src/**/g*.cpp"]
           ^
)EXPECTED");
  }

  TEST_CASE("lint_catalog: a case.toml's problems are at their line and column, with the case's "
            "other problems") {
    TP_TEST_DIR(dir);
    dir.write("catalog.toml", "version = \"1.0.0\"\n");
    dir.write("good.toml", patchset("good", "\"src/good.cpp\""));
    write_case(dir, "good", "src/good.cpp");
    dir.write("cases/good/broken/case.toml",
              "outcome = \"will-aply\"\nversion = \"2.0.1\"\nfact.platfrom = \"linux\"\n");
    dir.write("cases/gone/first/case.toml", "outcome = \"will-apply\"\nversion = \"2.0.1\"\n");
    CHECK(
        lint_folder(dir) ==
        R"EXPECTED(cases/gone/first/case.toml:1:1: error: no patchset 'gone' in the catalog for this case
  outcome = "will-apply"
  ^
cases/good/broken/case.toml:1:12: error: 'outcome' must name an outcome, not 'will-aply'
  outcome = "will-aply"
             ^
cases/good/broken/case.toml:3:6: error: unknown key 'platfrom' in [fact]; did you mean 'platform'?
  fact.platfrom = "linux"
       ^
)EXPECTED");
  }

  TEST_CASE("lint_catalog: edits of two patchsets that a case file shows touching the same bytes") {
    TP_TEST_DIR(dir);
    dir.write("catalog.toml", "version = \"1.0.0\"\n");
    // wide's glob selects narrow's file; only narrow's case holds it, with CRLF line endings.
    dir.write("wide.toml", patchset("wide", "\"src/**/*.cpp\""));
    write_case(dir, "wide", "2.0.1", "src/w.cpp", "int w = old();\n", "int w = new();\n");
    dir.write("narrow.toml", patchset("narrow", "\"src/x/a.cpp\""));
    write_case(dir, "narrow", "2.0.1", "src/x/a.cpp", "// a\r\nint x = old();\r\n",
               "// a\r\nint x = new();\r\n");
    CHECK(
        lint_folder(dir) ==
        R"EXPECTED(narrow.toml:10:10: error: edit 'call' of narrow touches the same bytes as edit 'call' of wide (wide.toml:10:10) in case file cases/narrow/first/before/src/x/a.cpp:2:9: 'src/x/a.cpp' and 'src/**/*.cpp' both select it
  files = ["src/x/a.cpp"]
           ^
)EXPECTED");
  }

  TEST_CASE("lint_catalog: edits of two patchsets touching different regions of one file are no "
            "problem") {
    TP_TEST_DIR(dir);
    dir.write("catalog.toml", "version = \"1.0.0\"\n");
    dir.write("a.toml", patchset("a", "\"src/**/*.cpp\""));
    dir.write("b.toml", patchset("b", "\"src/both.cpp\"", other_anchor));
    write_case(dir, "a", "2.0.1", "src/both.cpp", "int x = old();\nint y = other();\n",
               "int x = new();\nint y = other();\n");
    write_case(dir, "b", "2.0.1", "src/both.cpp", "int x = old();\nint y = other();\n",
               "int x = old();\nint y = new();\n");
    CHECK(lint_folder(dir) == "");
  }

  TEST_CASE("lint_catalog: patterns that can select a common file but no case file shows it are no "
            "problem") {
    TP_TEST_DIR(dir);
    dir.write("catalog.toml", "version = \"1.0.0\"\n");
    // Both replace old() and both can select src/x/a.cpp, but no case holds a file both select.
    dir.write("a.toml", patchset("a", "\"src/x/*.cpp\""));
    dir.write("b.toml", patchset("b", "\"src/**/a.cpp\""));
    write_case(dir, "a", "2.0.1", "src/x/b.cpp", "int x = old();\n", "int x = new();\n");
    write_case(dir, "b", "2.0.1", "src/y/a.cpp", "int x = old();\n", "int x = new();\n");
    CHECK(lint_folder(dir) == "");
  }

  TEST_CASE("lint_catalog: patchsets that never apply at one version may edit the same bytes") {
    TP_TEST_DIR(dir);
    dir.write("catalog.toml", "version = \"1.0.0\"\n");
    // Two forms of one fix for two release ranges: each case plans at its own version, where the
    // other patchset is not-applicable.
    std::string older = patchset("older", "\"src/a.cpp\""),
                newer = patchset("newer", "\"src/a.cpp\"");
    older.replace(older.find(">=2.0"), 5, "<2.1");
    newer.replace(newer.find(">=2.0"), 5, ">=2.1");
    dir.write("older.toml", older);
    dir.write("newer.toml", newer);
    write_case(dir, "older", "2.0.1", "src/a.cpp", "int x = old();\n", "int x = new();\n");
    write_case(dir, "newer", "2.1.0", "src/a.cpp", "int x = old();\n", "int x = new();\n");
    CHECK(lint_folder(dir) == "");
  }

} // TEST_SUITE
