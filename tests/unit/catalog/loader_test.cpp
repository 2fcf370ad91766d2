#include <doctest/doctest.h>

#include "catalog/catalog.hpp"

using namespace tp::catalog;

namespace {
const std::string k_catalog_toml = "version = \"1.0.0\"\nexport_macros = [\"TORCH_API\"]\n";

const std::string k_good = R"(id = "good"
title = "A good patchset"
versions = ">=1.12"
why = "because"
errors = ["boom"]
references = ["ref"]

[[edits]]
name = "one"
files = ["a.txt"]
[edits.anchor]
kind = "regex"
pattern = '''old'''
[edits.action]
kind = "replace"
text = "new"
[edits.applied]
kind = "regex"
pattern = '''new'''
)";

std::string render(const LoadResult& r) { return tp::render_all(r.diagnostics); }

LoadResult load_with(const std::string& name, const std::string& text) {
  return load_catalog({{"catalog.toml", k_catalog_toml}, {name, text}}, "test");
}

std::string replace(std::string s, const std::string& from, const std::string& to) {
  auto at = s.find(from);
  REQUIRE(at != std::string::npos);
  return s.replace(at, from.size(), to);
}
} // namespace

TEST_SUITE("catalog::load_catalog") {
  TEST_CASE("load_catalog: a valid patchset loads with its version, macros and edits") {
    auto r = load_with("good.toml", k_good);
    CHECK(render(r) == "");
    REQUIRE(r.catalog.patchsets.size() == 1);
    CHECK(r.catalog.version == "1.0.0");
    CHECK(r.catalog.export_macros == std::vector<std::string>{"TORCH_API"});
    CHECK(r.catalog.patchsets[0].edits[0].matches.describe() == "exactly 1");
  }

  TEST_CASE("load_catalog: a TOML syntax error points at its line and column") {
    auto r = load_with("bad.toml", "id = \"x\"\ntitle = \n");
    CHECK(render(r).rfind("bad.toml:2:", 0) == 0);
    CHECK(render(r).find("error: invalid TOML: ") != std::string::npos);
    CHECK(r.catalog.patchsets.empty());
  }

  TEST_CASE("load_catalog: an unknown key gets a did-you-mean") {
    auto r = load_with("p.toml", replace(k_good, "references =", "refrences ="));
    CHECK(render(r) == "p.toml:6:1: error: unknown key 'refrences' in a patchset; did you mean 'references'?\n"
                       "  refrences = [\"ref\"]\n"
                       "  ^\n");
  }

  TEST_CASE("load_catalog: a wrong type says what was expected") {
    auto r = load_with("p.toml", replace(k_good, "title = \"A good patchset\"", "title = 3"));
    CHECK(render(r) == "p.toml:2:9: error: 'title' must be a string, not an integer\n"
                       "  title = 3\n"
                       "          ^\n");
  }

  TEST_CASE("load_catalog: an invalid regex points inside the pattern") {
    auto r = load_with("p.toml", replace(k_good, "pattern = '''old'''", "pattern = '''ol(d'''"));
    std::string out = render(r);
    CHECK(out.rfind("p.toml:13:14: error: ", 0) == 0);
    CHECK(out.find("missing )") != std::string::npos);
  }

  TEST_CASE("load_catalog: a cmake anchor takes `arguments` and a `target` group; a bad `arguments` "
            "regex points at its line") {
    const std::string cmake_anchor = "kind = \"cmake\"\ncommands = [\"cmake_policy\"]\n"
                                     "arguments = '''SET CMP0025 (?P<setting>OLD)'''\ntarget = \"setting\"";
    const std::string regex_anchor = "kind = \"regex\"\npattern = '''old'''";
    auto good = load_with("p.toml", replace(k_good, regex_anchor, cmake_anchor));
    CHECK(render(good) == "");
    REQUIRE(good.catalog.patchsets.size() == 1);
    CHECK(good.catalog.patchsets[0].edits[0].anchor.spec().arguments == "SET CMP0025 (?P<setting>OLD)");
    auto bad = load_with("p.toml", replace(k_good, regex_anchor,
                                           replace(cmake_anchor, "(?P<setting>OLD)", "(?P<setting>OLD")));
    CHECK(render(bad).rfind("p.toml:14:", 0) == 0);
    CHECK(render(bad).find("missing )") != std::string::npos);
  }

  TEST_CASE("load_catalog: an invalid version specifier points at the clause") {
    auto r = load_with("p.toml", replace(k_good, "\">=1.12\"", "\">=1.12, 2.0\""));
    CHECK(render(r) == "p.toml:3:21: error: invalid version specifier: expected a comparison (>=, <=, "
                       "==, !=, >, <) before a version\n"
                       "  versions = \">=1.12, 2.0\"\n"
                       "                      ^\n");
  }

  TEST_CASE("load_catalog: every problem is reported, not just the first") {
    std::string two = replace(replace(k_good, "title =", "titel ="), "kind = \"replace\"", "kind = \"swap\"");
    auto r = load_with("p.toml", two);
    CHECK(r.diagnostics.size() == 3); // unknown 'titel', missing 'title', unknown action kind
    CHECK(render(r).find("unknown action kind 'swap'") != std::string::npos);
  }

  TEST_CASE("load_catalog: a path that leaves the checkout is refused") {
    auto r = load_with("p.toml", replace(k_good, "[\"a.txt\"]", "[\"../etc/passwd\"]"));
    CHECK(render(r).find("file path '../etc/passwd' must not contain '.' or '..' components") !=
          std::string::npos);
    auto abs = load_with("p.toml", replace(k_good, "[\"a.txt\"]", "[\"C:/Windows/x\"]"));
    CHECK(render(abs).find("must be relative to the checkout root") != std::string::npos);
  }

  TEST_CASE("load_catalog: duplicate ids name the first file") {
    auto r = load_catalog({{"catalog.toml", k_catalog_toml}, {"a.toml", k_good}, {"b.toml", k_good}}, "test");
    CHECK(render(r).find("patchset id 'good' is already used by a.toml") != std::string::npos);
    CHECK(r.catalog.patchsets.size() == 1);
  }

  TEST_CASE("load_embedded_catalog: the shipped catalog loads without a problem") {
    auto r = load_embedded_catalog();
    CHECK(render(r) == "");
    CHECK(r.catalog.patchsets.size() >= 5);
  }
}
