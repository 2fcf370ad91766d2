#include "catalog/case.hpp"

#include <string>

#include <doctest/doctest.h>

using namespace tp::catalog;

namespace {

// The engine's outcome names stand outside the catalog; two are enough here.
bool is_outcome(std::string_view name) {
  return name == "will-apply" || name == "anchor-missing";
}

// The one case cases/p/c/ made of `case_toml` (and a before/ and after/ file).
Case load_one(const std::string& case_toml) {
  auto cases = load_cases({{"p.toml", "not read"},
                           {"cases/p/c/case.toml", case_toml},
                           {"cases/p/c/before/src/a.cpp", "old();\n"},
                           {"cases/p/c/after/src/a.cpp", "new();\n"}},
                          is_outcome);
  REQUIRE(cases.size() == 1);
  return cases.front();
}

std::string problems(const Case& c) {
  return tp::render_all(c.problems);
}

} // namespace

TEST_SUITE("catalog::load_cases") {
  TEST_CASE("load_cases: a case gets its expectation, version and trees") {
    Case c = load_one(
        "# comment\noutcome = \"will-apply\"\nversion = \"2.0.1\"\nfact.compiler = \"clang-cl\"\n");
    CHECK(problems(c) == "");
    CHECK(c.runnable());
    CHECK(c.patchset == "p");
    CHECK(c.name == "c");
    CHECK(c.toml_path == "cases/p/c/case.toml");
    CHECK(c.outcome == "will-apply");
    CHECK(c.version.text == "2.0.1");
    CHECK(c.facts ==
          std::map<std::string, std::string>{{"compiler", "clang-cl"}, {"platform", "windows"}});
    CHECK(c.before == std::map<std::string, std::string>{{"src/a.cpp", "old();\n"}});
    CHECK(c.after == std::map<std::string, std::string>{{"src/a.cpp", "new();\n"}});
  }

  TEST_CASE("load_cases: defaults: platform is windows, committed is no, nothing is skipped") {
    Case c = load_one("outcome = \"anchor-missing\"\nversion = \"1.13.1\"\n");
    CHECK(problems(c) == "");
    CHECK(c.facts == std::map<std::string, std::string>{{"platform", "windows"}});
    CHECK_FALSE(c.committed);
    CHECK_FALSE(c.skip);
  }

  TEST_CASE("load_cases: facts a case.toml sets win over the defaults, in either TOML spelling") {
    SUBCASE("dotted keys") {
      Case c =
          load_one("outcome = \"will-apply\"\nversion = \"2.0.1\"\nfact.platform = \"linux\"\n");
      CHECK(c.facts == std::map<std::string, std::string>{{"platform", "linux"}});
    }
    SUBCASE("a [fact] table") {
      Case c = load_one("outcome = \"will-apply\"\nversion = \"2.0.1\"\n[fact]\nplatform = "
                        "\"linux\"\ncmake = \"4.3\"\n");
      CHECK(c.facts == std::map<std::string, std::string>{{"cmake", "4.3"}, {"platform", "linux"}});
    }
  }

  TEST_CASE("load_cases: committed = \"yes\" says before/ is as its repository committed it") {
    CHECK(
        load_one("outcome = \"will-apply\"\nversion = \"2.0.1\"\ncommitted = \"yes\"\n").committed);
    CHECK_FALSE(
        load_one("outcome = \"will-apply\"\nversion = \"2.0.1\"\ncommitted = \"no\"\n").committed);
  }

  TEST_CASE("load_cases: a skipped case need not say what it expects") {
    Case c = load_one("skip = \"needs a Windows host\"\n");
    CHECK(problems(c) == "");
    CHECK(c.skip == std::optional<std::string>("needs a Windows host"));
    CHECK_FALSE(c.runnable());
  }

  TEST_CASE(
      "load_cases: cases are ordered by patchset, then name; files beside them are not cases") {
    const std::string toml = "outcome = \"will-apply\"\nversion = \"2.0.1\"\n";
    auto cases = load_cases({{"cases/b/one/case.toml", toml},
                             {"cases/a/two/case.toml", toml},
                             {"cases/a/one/case.toml", toml},
                             {"cases/README.md", "notes"},
                             {"cases/a/notes.txt", "notes"}},
                            is_outcome);
    REQUIRE(cases.size() == 3);
    CHECK(cases[0].patchset + "/" + cases[0].name == "a/one");
    CHECK(cases[1].patchset + "/" + cases[1].name == "a/two");
    CHECK(cases[2].patchset + "/" + cases[2].name == "b/one");
  }

  TEST_CASE("load_cases: a case without case.toml is a problem at the file it lacks") {
    auto cases = load_cases({{"cases/p/c/before/a.txt", "x"}}, is_outcome);
    REQUIRE(cases.size() == 1);
    CHECK(problems(cases[0]) == "cases/p/c/case.toml:1:1: error: the case has no case.toml\n");
    CHECK_FALSE(cases[0].runnable());
  }

  TEST_CASE("load_cases: an unknown key gets a did-you-mean at its line and column") {
    Case c = load_one("outcome = \"will-apply\"\nversion = \"2.0.1\"\ncommited = \"yes\"\n");
    CHECK(problems(c) == "cases/p/c/case.toml:3:1: error: unknown key 'commited' in case.toml; did "
                         "you mean 'committed'?\n"
                         "  commited = \"yes\"\n"
                         "  ^\n");
    CHECK_FALSE(c.runnable());
  }

  TEST_CASE("load_cases: an unknown fact gets a did-you-mean at its line and column") {
    Case c = load_one("outcome = \"will-apply\"\nversion = \"2.0.1\"\nfact.pyton = \"3.12\"\n");
    CHECK(problems(c) ==
          "cases/p/c/case.toml:3:6: error: unknown key 'pyton' in [fact]; did you mean 'python'?\n"
          "  fact.pyton = \"3.12\"\n"
          "       ^\n");
  }

  TEST_CASE("load_cases: a value that is not a string says what it is") {
    Case c = load_one("outcome = \"will-apply\"\nversion = 2.0\n");
    CHECK(problems(c) ==
          "cases/p/c/case.toml:2:11: error: 'version' must be a string, not a number\n"
          "  version = 2.0\n"
          "            ^\n");
  }

  TEST_CASE("load_cases: facts are a table") {
    Case c = load_one("outcome = \"will-apply\"\nversion = \"2.0.1\"\nfact = \"linux\"\n");
    CHECK(problems(c) == "cases/p/c/case.toml:3:8: error: 'fact' must be a table, not a string\n"
                         "  fact = \"linux\"\n"
                         "         ^\n");
  }

  TEST_CASE("load_cases: an outcome the engine does not name points inside the string") {
    Case c = load_one("outcome = \"will-aply\"\nversion = \"2.0.1\"\n");
    CHECK(problems(c) ==
          "cases/p/c/case.toml:1:12: error: 'outcome' must name an outcome, not 'will-aply'\n"
          "  outcome = \"will-aply\"\n"
          "             ^\n");
    CHECK_FALSE(c.runnable());
  }

  TEST_CASE("load_cases: a version that is not a PyTorch version points inside the string") {
    Case c = load_one("outcome = \"will-apply\"\nversion = \"two\"\n");
    CHECK(problems(c) ==
          "cases/p/c/case.toml:2:12: error: 'version' must be a PyTorch version, not 'two'\n"
          "  version = \"two\"\n"
          "             ^\n");
  }

  TEST_CASE("load_cases: committed is \"yes\" or \"no\"") {
    Case c = load_one("outcome = \"will-apply\"\nversion = \"2.0.1\"\ncommitted = \"true\"\n");
    CHECK(problems(c) ==
          "cases/p/c/case.toml:3:14: error: 'committed' must be \"yes\" or \"no\", not 'true'\n"
          "  committed = \"true\"\n"
          "               ^\n");
  }

  TEST_CASE("load_cases: a case that is not skipped says what it expects, at which version") {
    Case c = load_one("# nothing\n");
    CHECK(problems(c) ==
          "cases/p/c/case.toml:1:1: error: missing key 'outcome' (will-apply, already-applied, …)\n"
          "  # nothing\n"
          "  ^\n"
          "cases/p/c/case.toml:1:1: error: missing key 'version' (the PyTorch version the case "
          "pretends to be)\n"
          "  # nothing\n"
          "  ^\n");
  }

  TEST_CASE("load_cases: a TOML syntax error points at its line and column") {
    Case c = load_one("outcome = \"will-apply\"\nversion = \"2.0.1\n");
    CHECK(problems(c).rfind("cases/p/c/case.toml:2:", 0) == 0);
    CHECK(problems(c).find("error: invalid TOML: ") != std::string::npos);
    CHECK(c.problems.size() == 1); // no missing keys on top of it
  }

  TEST_CASE("load_cases: every problem of a case.toml at once, in file order") {
    Case c = load_one("outcom = \"will-apply\"\nversion = \"x\"\nfact.cuda = 12\n");
    REQUIRE(c.problems.size() == 4);
    CHECK(c.problems[0].message == "unknown key 'outcom' in case.toml; did you mean 'outcome'?");
    CHECK(c.problems[1].message == "missing key 'outcome' (will-apply, already-applied, …)");
    CHECK(c.problems[2].message == "'version' must be a PyTorch version, not 'x'");
    CHECK(c.problems[3].message == "'cuda' must be a string, not an integer");
  }
}
