#include "anchor/syntax_anchor.hpp"

#include <doctest/doctest.h>

#include <string>

#include "anchor/anchor_test_support.hpp"

using namespace anchor_test;
using tp::anchor::Language;
using tp::anchor::Span;

namespace {

constexpr std::string_view k_launcher_source = R"(#include <torch/csrc/jit/api/module.h>

namespace torch {
namespace {
class TORCH_API ForkedSubgraphSRLauncher {
 public:
  void operator()();
};
} // namespace
} // namespace torch
)";

constexpr std::string_view k_launcher_query = R"(
(namespace_definition
  !name
  body: (declaration_list
    (class_specifier name: (type_identifier) @name) @class)
  (#eq? @name "ForkedSubgraphSRLauncher"))
)";

std::vector<std::string> target_texts(std::string_view text, const tp::anchor::FindResult& result) {
  std::vector<std::string> texts;
  for (const auto& match : result.matches)
    texts.emplace_back(text_of(text, match.target));
  return texts;
}

using Strings = std::vector<std::string>;

} // namespace

TEST_SUITE("anchor::syntax") {

  TEST_CASE(
      "find: a class marked TORCH_API inside an anonymous namespace is found after blanking") {
    const auto anchor = compiled(syntax_spec(Language::cpp, std::string(k_launcher_query), "class"),
                                 torch_options());
    const auto result = anchor.find(k_launcher_source);
    REQUIRE(result.matches.size() == 1);
    CHECK_FALSE(result.parse_degraded);
    const auto& match = result.matches[0];
    CHECK(text_of(k_launcher_source, match.target).substr(0, 40) ==
          "class TORCH_API ForkedSubgraphSRLauncher");
    CHECK(text_of(k_launcher_source, match.groups.at("name")) == "ForkedSubgraphSRLauncher");
    CHECK(match.whole == match.target); // @class holds @name
  }

  TEST_CASE("find: without blanking, tree-sitter-cpp misreads 'class TORCH_API Foo {'") {
    // Pins why export macros are blanked: with the macro left in, tree-sitter-cpp reads a function
    // definition whose return type is `class TORCH_API` and whose name is the class's, without any
    // ERROR node, so the anchor would silently report the patch as missing.
    const auto anchor =
        compiled(syntax_spec(Language::cpp, std::string(k_launcher_query), "class"));
    const auto result = anchor.find(k_launcher_source);
    CHECK(result.matches.empty());
    CHECK_FALSE(result.parse_degraded);

    const auto misread = compiled(syntax_spec(
        Language::cpp, "(function_definition type: (class_specifier name: (type_identifier) @type) "
                       "declarator: (identifier) @function)"));
    const auto misread_result = misread.find(k_launcher_source);
    REQUIRE(misread_result.matches.size() == 1);
    const auto& groups = misread_result.matches[0].groups;
    CHECK(text_of(k_launcher_source, groups.at("type")) == "TORCH_API");
    CHECK(text_of(k_launcher_source, groups.at("function")) == "ForkedSubgraphSRLauncher");
    CHECK(compiled(misread.spec(), torch_options()).find(k_launcher_source).matches.empty());
  }

  TEST_CASE("find: `within` narrows the target to the TORCH_API token of the original text") {
    auto spec = syntax_spec(Language::cpp, std::string(k_launcher_query), "class");
    spec.within = R"(\bTORCH_API\b ?)";
    const auto result = compiled(spec, torch_options()).find(k_launcher_source);
    REQUIRE(result.matches.size() == 1);
    CHECK(text_of(k_launcher_source, result.matches[0].target) == "TORCH_API ");
    CHECK(result.matches[0].target.begin == k_launcher_source.find("TORCH_API"));
  }

  TEST_CASE("find: `within_group` picks a named group of `within` as the target") {
    auto spec = syntax_spec(Language::cpp, std::string(k_launcher_query), "class");
    spec.within = R"(class (?P<macro>\w+) )";
    spec.within_group = "macro";
    const auto result = compiled(spec, torch_options()).find(k_launcher_source);
    REQUIRE(result.matches.size() == 1);
    CHECK(text_of(k_launcher_source, result.matches[0].target) == "TORCH_API");
    CHECK(text_of(k_launcher_source, result.matches[0].groups.at("macro")) == "TORCH_API");
  }

  TEST_CASE("find: a query match in whose target `within` finds nothing is dropped") {
    const std::string_view text = "int alpha_value = 1;\nint beta = 2;\n";
    auto spec = syntax_spec(Language::cpp, "(init_declarator declarator: (identifier) @id)");
    spec.within = "_value";
    const auto result = compiled(spec).find(text);
    REQUIRE(result.matches.size() == 1);
    CHECK(text_of(text, result.matches[0].target) == "_value");
    CHECK(text_of(text, result.matches[0].whole) == "alpha_value");
  }

  TEST_CASE("find: the target defaults to the first capture and whole spans every capture") {
    const std::string_view text = "int f(int a) { return a; }\n";
    const auto result =
        compiled(syntax_spec(Language::cpp, "(function_definition declarator: (function_declarator "
                                            "declarator: (identifier) @fn) body: (_) @body)"))
            .find(text);
    REQUIRE(result.matches.size() == 1);
    CHECK(text_of(text, result.matches[0].target) == "f");
    CHECK(text_of(text, result.matches[0].whole) == "f(int a) { return a; }");
    CHECK(result.matches[0].groups.size() == 2);
  }

  TEST_CASE("find: matches come in start order without duplicates") {
    const std::string_view text = "def b():\n    pass\ndef a():\n    pass\n";
    // Two patterns that both match each function: each function is reported once.
    const auto result =
        compiled(syntax_spec(Language::python, "(function_definition name: (identifier) @n)\n"
                                               "(function_definition name: (identifier) @n)"))
            .find(text);
    CHECK(target_texts(text, result) == Strings{"b", "a"});
  }

  TEST_CASE("find: #eq? and #not-eq? compare a capture with a string") {
    const std::string_view text = "x = 1\ny = 2\nz = 3\n";
    const auto eq = compiled(
        syntax_spec(Language::python, R"((assignment left: (identifier) @v (#eq? @v "y")))"));
    CHECK(target_texts(text, eq.find(text)) == Strings{"y"});
    const auto differs = compiled(
        syntax_spec(Language::python, R"((assignment left: (identifier) @v (#not-eq? @v "y")))"));
    CHECK(target_texts(text, differs.find(text)) == Strings{"x", "z"});
  }

  TEST_CASE("find: #eq? and #not-eq? compare two captures") {
    const std::string_view text = "a = a\nb = c\n";
    const auto eq = compiled(
        syntax_spec(Language::python,
                    "(assignment left: (identifier) @l right: (identifier) @r (#eq? @l @r))"));
    CHECK(target_texts(text, eq.find(text)) == Strings{"a"});
    const auto differs = compiled(
        syntax_spec(Language::python,
                    "(assignment left: (identifier) @l right: (identifier) @r (#not-eq? @l @r))"));
    CHECK(target_texts(text, differs.find(text)) == Strings{"b"});
  }

  TEST_CASE("find: #match? and #not-match? search the capture with RE2") {
    const std::string_view text = "int count_; int size_; int other;\n";
    const std::string base = "(declaration declarator: (identifier) @id ";
    CHECK(target_texts(text, compiled(syntax_spec(Language::c, base + R"((#match? @id "_$")))"))
                                 .find(text)) == Strings{"count_", "size_"});
    CHECK(target_texts(text, compiled(syntax_spec(Language::c, base + R"((#not-match? @id "_$")))"))
                                 .find(text)) == Strings{"other"});
  }

  TEST_CASE("find: #any-of? and #not-any-of? test membership") {
    const std::string_view text = "import os\nimport sys\nimport re\n";
    const std::string base = "(import_statement name: (dotted_name (identifier) @m) ";
    CHECK(target_texts(text,
                       compiled(syntax_spec(Language::python, base + R"((#any-of? @m "os" "re")))"))
                           .find(text)) == Strings{"os", "re"});
    CHECK(target_texts(text, compiled(syntax_spec(Language::python,
                                                  base + R"((#not-any-of? @m "os" "re")))"))
                                 .find(text)) == Strings{"sys"});
  }

  TEST_CASE("find: parse-degraded when a match's region holds an ERROR node") {
    const std::string_view text = "int ok() { return 1; }\nint broken() { return 1 +; }\n";
    const auto anchor = compiled(syntax_spec(
        Language::c, "(function_definition declarator: (function_declarator) @f) @fn", "fn"));
    const auto result = anchor.find(text);
    REQUIRE(result.matches.size() == 2);
    CHECK(result.parse_degraded);
    CHECK(result.degraded_at > text.find("broken"));
    CHECK(result.degraded_at < text.size());
  }

  TEST_CASE("find: an ERROR outside every match's region does not degrade the result") {
    const std::string_view text = "int ok() { return 1; }\nint broken() { return 1 +; }\n";
    const auto anchor = compiled(syntax_spec(
        Language::c,
        R"((function_definition declarator: (function_declarator declarator: (identifier) @n) (#eq? @n "ok")) @fn)",
        "fn"));
    const auto result = anchor.find(text);
    REQUIRE(result.matches.size() == 1);
    CHECK_FALSE(result.parse_degraded);
  }

  // PyTorch's native_ops.cpp (2.6.0 line 39, 1.13.1 line 89): a macro call without its
  // semicolon, far from the class the anchor looks for. After the class lost its TORCH_API the
  // anchor finds nothing, and that must read as "nothing here", not as a parse failure (#12).
  constexpr std::string_view k_patched_launcher_with_far_error = R"(namespace torch::jit {

C10_DEFINE_REGISTRY(SRNativeOperatorRegistry, SROperatorFunctor)

bool nativeOpIsRegistered(const c10::Symbol& op_name) {
  return SRNativeOperatorRegistry()->Has(op_name.toQualString());
}

namespace {
/*
  ForkedSubgraphSRLauncher runs a forked subgraph.
*/
class ForkedSubgraphSRLauncher {
 public:
  ForkedSubgraphSRLauncher(int n) : n_(n) {}
  void operator()();
 private:
  int n_;
};
} // namespace
} // namespace torch::jit
)";

  TEST_CASE("find: with no match, an error far from every place the named construct could be does "
            "not degrade") {
    auto spec = syntax_spec(Language::cpp, std::string(k_launcher_query), "class");
    spec.within = R"(\Aclass\s+(?P<macro>TORCH_API\s+))";
    spec.within_group = "macro";
    const auto result = compiled(spec, torch_options()).find(k_patched_launcher_with_far_error);
    CHECK(result.matches.empty());
    CHECK_FALSE(result.parse_degraded);
  }

  TEST_CASE("find: with no match, an error in the declaration holding the required name degrades") {
    // A named namespace, so that nothing matches, and a broken member inside the class.
    std::string text(k_patched_launcher_with_far_error);
    text.replace(text.find("namespace {"), 11, "namespace x {");
    text.replace(text.find("int n_;"), 7, "int n_ = ;");
    const auto result =
        compiled(syntax_spec(Language::cpp, std::string(k_launcher_query), "class")).find(text);
    CHECK(result.matches.empty());
    CHECK(result.parse_degraded);
    CHECK(result.degraded_at > text.find("int n_"));
  }

  TEST_CASE("find: with no match, an ERROR node swallowing the required name degrades") {
    const std::string_view text = "namespace {\nclass ForkedSubgraphSRLauncher ) ( {\n};\n}\n";
    const auto result =
        compiled(syntax_spec(Language::cpp, std::string(k_launcher_query), "class")).find(text);
    CHECK(result.matches.empty());
    CHECK(result.parse_degraded);
  }

  TEST_CASE("find: parse-degraded anywhere in the file when nothing matches and the query names "
            "nothing") {
    const std::string_view text = "def f(:\n    pass\n";
    const auto result =
        compiled(syntax_spec(Language::python, "(class_definition name: (identifier) @c)"))
            .find(text);
    CHECK(result.matches.empty());
    CHECK(result.parse_degraded);
    CHECK(result.degraded_at <= 6);
  }

  TEST_CASE("find: a clean file with no match is not degraded") {
    const auto result =
        compiled(syntax_spec(Language::python, "(class_definition name: (identifier) @c)"))
            .find("x = 1\n");
    CHECK(result.matches.empty());
    CHECK_FALSE(result.parse_degraded);
  }

  TEST_CASE("compile: an invalid query is a CompileError with its offset and kind") {
    SUBCASE("node type") {
      const auto error =
          compile_error(syntax_spec(Language::cpp, "(class_specifier) (foo_bar) @x"));
      CHECK(error.message == "invalid node type 'foo_bar'");
      CHECK(error.offset == 19);
    }
    SUBCASE("field") {
      const auto error =
          compile_error(syntax_spec(Language::cpp, "(class_specifier nome: (type_identifier)) @x"));
      CHECK(error.message == "invalid field 'nome'");
      CHECK(error.offset == 17);
    }
    SUBCASE("syntax") {
      const auto error = compile_error(syntax_spec(Language::cpp, "(class_specifier @x"));
      CHECK(error.message == "syntax error in query");
      CHECK(error.offset == 17);
    }
    SUBCASE("capture in a predicate") {
      const auto error =
          compile_error(syntax_spec(Language::cpp, R"((class_specifier) @x (#eq? @y "a"))"));
      CHECK(error.message == "invalid capture '@y'");
    }
    SUBCASE("impossible pattern") {
      const auto error =
          compile_error(syntax_spec(Language::cpp, "(class_specifier (function_definition) @x)"));
      CHECK(error.message.find("impossible pattern") == 0);
    }
  }

  TEST_CASE("compile: an unknown predicate is a CompileError pointing at it") {
    const std::string query = R"((identifier) @x (#is-upper? @x))";
    const auto error = compile_error(syntax_spec(Language::cpp, query));
    CHECK(error.message.find("unknown predicate '#is-upper?'") == 0);
    CHECK(error.offset == query.find("#is-upper?"));
  }

  TEST_CASE("compile: a bad #match? regex points at its string") {
    const std::string query = R"((identifier) @x (#eq? @x "a") (#match? @x "a(b"))";
    const auto error = compile_error(syntax_spec(Language::cpp, query));
    CHECK(error.message.find("#match?: invalid regex") == 0);
    CHECK(error.offset == query.find(R"("a(b")"));
  }

  TEST_CASE("compile: the target capture must exist") {
    const auto error = compile_error(
        syntax_spec(Language::cpp, "(class_specifier name: (_) @name) @class", "cls"));
    CHECK(error.message ==
          "target capture '@cls' does not exist in the query (captures: @name, @class)");
  }

  TEST_CASE("compile: a bad `within` regex is an error in `within`") {
    auto spec = syntax_spec(Language::cpp, "(identifier) @x");
    spec.within = "ab\\q";
    const auto error = compile_error(spec);
    CHECK(error.in_within);
    CHECK(error.offset == 2);
    spec.within = "(?P<a>x)";
    spec.within_group = "b";
    CHECK(compile_error(spec).in_within);
  }

  TEST_CASE("prefilter_literal: comes from #eq? or from `within`") {
    CHECK(compiled(syntax_spec(Language::cpp, std::string(k_launcher_query))).prefilter_literal() ==
          "ForkedSubgraphSRLauncher");
    auto spec = syntax_spec(Language::cpp, "(class_specifier) @c");
    spec.within = R"(\bTORCH_API\b)";
    CHECK(compiled(spec).prefilter_literal() == "TORCH_API");
    CHECK(compiled(syntax_spec(Language::cpp, "(class_specifier) @c")).prefilter_literal().empty());
    // An optional capture may match no node, where #eq? holds without the text being there.
    CHECK(compiled(
              syntax_spec(Language::python, R"((call (identifier)? @f (#eq? @f "long_name")) @c)"))
              .prefilter_literal()
              .empty());
  }

  TEST_CASE("blank_export_macros: blanks whole words only, keeping offsets") {
    const std::string text = "class TORCH_API Foo; TORCH_API_X y; MY_TORCH_API z; C10_API";
    CHECK(tp::anchor::blank_export_macros(text, torch_options()) ==
          "class           Foo; TORCH_API_X y; MY_TORCH_API z;        ");
  }

  TEST_CASE("find_identifier_uses: finds identifier nodes, never comments or strings") {
    const std::string_view text = R"(struct count_ { int count_; };
// count_ in a comment
int f(count_ c) { const char* s = "count_"; return c.count_ + 'c'; }
)";
    const auto uses = tp::anchor::find_identifier_uses(Language::cpp, text, "count_", {});
    REQUIRE(uses.size() == 4);
    CHECK(uses[0] == Span{7, 13});                     // type_identifier
    CHECK(uses[1].begin == text.find("count_; }"));    // field_identifier
    CHECK(uses[2].begin == text.find("count_ c)"));    // type_identifier
    CHECK(uses[3].begin == text.find("count_ + 'c'")); // field_identifier
    for (const Span& use : uses)
      CHECK(text_of(text, use) == "count_");
  }

  TEST_CASE("find_identifier_uses: Python names outside strings and comments") {
    const std::string_view text = "distutils = 1  # distutils\nprint(distutils, 'distutils')\n";
    const auto uses = tp::anchor::find_identifier_uses(Language::python, text, "distutils", {});
    REQUIRE(uses.size() == 2);
    CHECK(uses[0] == Span{0, 9});
    CHECK(uses[1].begin == text.find("distutils, "));
  }

  TEST_CASE("find_identifier_uses: sees through blanked export macros") {
    const std::string_view text = "class TORCH_API Foo {};\nFoo make();\n";
    const auto uses = tp::anchor::find_identifier_uses(Language::cpp, text, "Foo", torch_options());
    CHECK(uses.size() == 2);
    CHECK(tp::anchor::find_identifier_uses(Language::cpp, text, "TORCH_API", torch_options())
              .empty());
  }

  TEST_CASE("find_word_occurrences: whole words only") {
    const std::string_view text = "count_ count_x xcount_ count_;count_";
    CHECK(tp::anchor::find_word_occurrences(text, "count_") ==
          std::vector<Span>{{0, 6}, {23, 29}, {30, 36}});
    CHECK(tp::anchor::find_word_occurrences(text, "").empty());
  }

} // TEST_SUITE
