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

std::string render(const LoadResult& r) {
  return tp::render_all(r.diagnostics);
}

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
    CHECK(render(r) ==
          "p.toml:6:1: error: unknown key 'refrences' in a patchset; did you mean 'references'?\n"
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

  TEST_CASE(
      "load_catalog: a cmake anchor takes `arguments` and a `target` group; a bad `arguments` "
      "regex points at its line") {
    const std::string cmake_anchor =
        "kind = \"cmake\"\ncommands = [\"cmake_policy\"]\n"
        "arguments = '''SET CMP0025 (?P<setting>OLD)'''\ntarget = \"setting\"";
    const std::string regex_anchor = "kind = \"regex\"\npattern = '''old'''";
    auto good = load_with("p.toml", replace(k_good, regex_anchor, cmake_anchor));
    CHECK(render(good) == "");
    REQUIRE(good.catalog.patchsets.size() == 1);
    CHECK(good.catalog.patchsets[0].edits[0].anchor->spec().arguments ==
          "SET CMP0025 (?P<setting>OLD)");
    auto bad =
        load_with("p.toml", replace(k_good, regex_anchor,
                                    replace(cmake_anchor, "(?P<setting>OLD)", "(?P<setting>OLD")));
    CHECK(render(bad).rfind("p.toml:14:", 0) == 0);
    CHECK(render(bad).find("missing )") != std::string::npos);
  }

  TEST_CASE("load_catalog: a node anchor takes `path`; an unknown type in it points at its "
            "file:line:col, and a `query` key is refused") {
    const std::string node_anchor =
        "kind = \"node\"\nlanguage = \"cpp\"\n"
        "path = '''namespace_definition > body: declaration_list > class_specifier @c\n"
        "  > name: type_identifier = \"old\"'''\ntarget = \"c\"";
    const std::string regex_anchor = "kind = \"regex\"\npattern = '''old'''";
    auto good = load_with("p.toml", replace(k_good, regex_anchor, node_anchor));
    CHECK(render(good) == "");
    REQUIRE(good.catalog.patchsets.size() == 1);
    CHECK(good.catalog.patchsets[0].edits[0].anchor->spec().kind == tp::anchor::Kind::node);
    CHECK(good.catalog.patchsets[0].edits[0].anchor->prefilter_literal() == "old");
    auto bad = load_with("p.toml", replace(k_good, regex_anchor,
                                           replace(node_anchor, "> name: type_identifier",
                                                   "> name: type_identifer")));
    CHECK(render(bad).rfind("p.toml:15:11: error: unknown node type 'type_identifer'", 0) == 0);
    auto query = load_with(
        "p.toml", replace(k_good, regex_anchor, replace(node_anchor, "path =", "query =")));
    CHECK(render(query).find("error: unknown key 'query'") != std::string::npos);
    CHECK(query.catalog.patchsets.empty());
  }

  TEST_CASE("load_catalog: an invalid version specifier points at the clause") {
    auto r = load_with("p.toml", replace(k_good, "\">=1.12\"", "\">=1.12, 2.0\""));
    CHECK(render(r) ==
          "p.toml:3:21: error: invalid version specifier: expected a comparison (>=, <=, "
          "==, !=, >, <) before a version\n"
          "  versions = \">=1.12, 2.0\"\n"
          "                      ^\n");
  }

  TEST_CASE("load_catalog: every problem is reported, not just the first") {
    std::string two =
        replace(replace(k_good, "title =", "titel ="), "kind = \"replace\"", "kind = \"swap\"");
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
    auto r = load_catalog(
        {{"catalog.toml", k_catalog_toml}, {"a.toml", k_good}, {"b.toml", k_good}}, "test");
    CHECK(render(r).find("patchset id 'good' is already used by a.toml") != std::string::npos);
    CHECK(r.catalog.patchsets.size() == 1);
  }

  TEST_CASE("load_embedded_catalog: the shipped catalog loads without a problem") {
    auto r = load_embedded_catalog();
    CHECK(render(r) == "");
    CHECK(r.catalog.patchsets.size() >= 5);
  }
}

TEST_SUITE("catalog::load_catalog ensure-include") {
  const std::string k_ensure = R"(id = "inc"
title = "t"
versions = ">=1.12"
why = "w"

[[edits]]
name = "cstdint"
files = ["a.h"]
[edits.action]
kind = "ensure-include"
header = "<cstdint>"
satisfied_by = ["<stdint.h>"]
)";

  TEST_CASE("load_catalog: ensure-include needs neither an anchor nor an applied anchor") {
    auto r = load_with("inc.toml", k_ensure);
    CHECK(render(r) == "");
    REQUIRE(r.catalog.patchsets.size() == 1);
    const auto& action = r.catalog.patchsets[0].edits[0].action;
    CHECK(action.kind == ActionKind::ensure_include);
    CHECK(action.header == "<cstdint>");
    CHECK(action.satisfied_by == std::vector<std::string>{"<stdint.h>"});
    CHECK_FALSE(r.catalog.patchsets[0].edits[0].anchor.has_value());
  }

  TEST_CASE("load_catalog: a malformed header points at the offending character") {
    auto r =
        load_with("inc.toml", replace(k_ensure, "header = \"<cstdint>\"", "header = \"<cstdint\""));
    CHECK(render(r) ==
          "inc.toml:11:18: error: invalid include '<cstdint': an include name that "
          "starts with '<' ends with '>'\n  header = \"<cstdint\"\n                   ^\n");
    auto s = load_with("inc.toml", replace(k_ensure, "\"<stdint.h>\"", "\"stdint.h\""));
    INFO(render(s));
    CHECK(render(s).rfind("inc.toml:12:18: error: invalid include 'stdint.h'", 0) == 0);
  }

  TEST_CASE("load_catalog: other actions still need their anchor") {
    auto r = load_with(
        "inc.toml",
        replace(
            k_ensure,
            "kind = \"ensure-include\"\nheader = \"<cstdint>\"\nsatisfied_by = [\"<stdint.h>\"]",
            "kind = \"delete\""));
    CHECK(render(r).find("has no [edits.anchor]") != std::string::npos);
  }
}

TEST_SUITE("catalog::load_catalog gates") {
  const std::string k_gate = R"(id = "py312"
kind = "gate"
title = "t"
versions = "<2.2"
lifted_in = "2.2"
why = "w"

[conditions]
python = ">=3.12"
compiler = ["gcc"]
)";

  TEST_CASE("load_catalog: a gate loads beside the patchsets, without edits") {
    auto r = load_with("g.toml", k_gate);
    CHECK(render(r) == "");
    REQUIRE(r.catalog.gates.size() == 1);
    CHECK(r.catalog.patchsets.empty());
    const auto& g = r.catalog.gates[0];
    CHECK(g.lifted_in->text == "2.2");
    CHECK(g.conditions.at("python").versions->text == ">=3.12");
    CHECK(g.conditions.at("compiler").values == std::vector<std::string>{"gcc"});
  }

  TEST_CASE("load_catalog: unknown facts, bad specifiers and bad kinds point at file:line:col") {
    CHECK(render(load_with("g.toml", replace(k_gate, "python = ", "pyton = "))) ==
          "g.toml:9:1: error: unknown key 'pyton' in [conditions]; did you mean 'python'?\n"
          "  pyton = \">=3.12\"\n  ^\n");
    INFO(render(load_with("g.toml", replace(k_gate, "\">=3.12\"", "\">=3.x\""))));
    CHECK(render(load_with("g.toml", replace(k_gate, "\">=3.12\"", "\">=3.x\"")))
              .rfind("g.toml:9:11: error: invalid version specifier", 0) == 0);
    CHECK(render(load_with("g.toml", replace(k_gate, "\">=3.12\"", "[\"3.12\"]")))
              .rfind("g.toml:9:10: error: 'python' takes a version specifier string", 0) == 0);
    CHECK(render(load_with("g.toml", replace(k_gate, "kind = \"gate\"", "kind = \"gat\"")))
              .rfind("g.toml:2:8: error: unknown entry kind 'gat'", 0) == 0);
    CHECK(
        render(load_with("g.toml", replace(k_gate, "lifted_in = \"2.2\"", "lifted_in = \"soon\"")))
            .rfind("g.toml:5:13: error: 'lifted_in' must be a version", 0) == 0);
    CHECK(render(load_with("g.toml", k_gate + "\n[[edits]]\nname = \"e\"\n"))
              .find("unknown key 'edits' in a gate") != std::string::npos);
  }
}
