#include "anchor/syntax_anchor.hpp"

#include <doctest/doctest.h>

#include <string>
#include <thread>
#include <vector>

#include "anchor/anchor_test_support.hpp"

using namespace anchor_test;
using tp::anchor::Language;
using tp::anchor::QueryCompilation;

namespace {

tp::anchor::CompileOptions deferred_options() {
  tp::anchor::CompileOptions options = torch_options();
  options.query_compilation = QueryCompilation::on_first_use;
  return options;
}

struct QueryCase {
  Language language;
  std::string query;
  std::string literal; // what the compiled query gives
};

// Queries in the forms tree-sitter's quantifier rules treat differently, with the literal the
// compiled query gives (the test checks that too, so a wrong expectation here fails).
const std::vector<QueryCase> k_cases = {
    {Language::cpp,
     R"q((function_definition declarator: (function_declarator declarator: (identifier) @fn) (#eq? @fn "clz")))q",
     "clz"},
    {Language::cpp,
     R"q((preproc_ifdef name: (identifier) @guard (function_definition declarator: (function_declarator declarator: (identifier) @fn)) @def (#eq? @guard "_WIN32") (#eq? @fn "__builtin_clz")))q",
     "__builtin_clz"},
    // the first of two equally long values
    {Language::cpp,
     R"q((call_expression function: (identifier) @f arguments: (argument_list (identifier) @a) (#eq? @f "abcd") (#eq? @a "wxyz")))q",
     "abcd"},
    // a capture under `?`, `*` (before or after the capture) is not in every match
    {Language::cpp,
     R"q((class_specifier name: (type_identifier) @name body: (field_declaration_list (field_declaration type: (primitive_type) @type)? ) (#eq? @type "int_but_long") (#eq? @name "Klass")))q",
     "Klass"},
    {Language::cpp,
     R"q((class_specifier name: (type_identifier) @name body: (field_declaration_list ((field_declaration) @field)?) (#eq? @field "a_field_declaration") (#eq? @name "K")))q",
     "K"},
    {Language::cpp,
     R"q((class_specifier name: (type_identifier) @name (field_declaration_list (field_declaration)* @fields) (#eq? @fields "many fields") (#eq? @name "K")))q",
     "K"},
    {Language::cpp,
     R"q((translation_unit (comment)+ @comments (#eq? @comments "// one or more")))q",
     "// one or more"},
    {Language::cpp,
     R"q((translation_unit (comment)* @comments (#eq? @comments "// zero or more")))q", ""},
    // alternations: required only when every branch has the capture
    {Language::cpp,
     R"q((call_expression function: [(identifier) @f (field_expression field: (field_identifier) @f)] (#eq? @f "reset")))q",
     "reset"},
    {Language::cpp,
     R"q((call_expression function: [(identifier) @f (field_expression field: (field_identifier) @g)] arguments: (argument_list) @args (#eq? @f "reset") (#eq? @args "()")))q",
     "()"},
    {Language::cpp, R"q(([(identifier) @x (type_identifier) @x] @any (#eq? @x "both")))q", "both"},
    // at the top level a predicate is a pattern of its own: two patterns, no literal
    {Language::cpp, R"q([(identifier) @x (type_identifier) @x] @any (#eq? @x "both"))q", ""},
    // grouped sequences, anchors, negated fields, wildcards, strings, comments
    {Language::cpp,
     R"q((namespace_definition !name body: (declaration_list . (class_specifier name: (type_identifier) @name) @class) (#eq? @name "ForkedSubgraphSRLauncher")))q",
     "ForkedSubgraphSRLauncher"},
    {Language::cpp,
     R"q((translation_unit ((comment) @a . (function_definition) @b) (#eq? @a "// (a \"quoted\" comment)\n")))q",
     "// (a \"quoted\" comment)\n"},
    {Language::cpp,
     "; a comment with (parens) and \"quotes\"\n(_ (identifier) @id (#eq? @id \"x_1\")) ; "
     "trailing\n",
     "x_1"},
    {Language::cpp,
     R"q((call_expression function: _ @callee arguments: (argument_list "(" @open) (#eq? @callee "f")))q",
     "f"},
    {Language::cpp, R"q((call_expression function: (identifier) @f (#eq? @f bare_symbol)))q",
     "bare_symbol"},
    // what never gives a literal: negations, capture-to-capture, #match?, several patterns
    {Language::cpp, R"q((call_expression function: (identifier) @f (#not-eq? @f "free")))q", ""},
    {Language::cpp,
     R"q((assignment_expression left: (identifier) @l right: (identifier) @r (#eq? @l @r)))q", ""},
    {Language::cpp, R"q((call_expression function: (identifier) @f (#match? @f "^std_")))q", ""},
    {Language::cpp, R"q((identifier) @a (#eq? @a "one") (type_identifier) @b (#eq? @b "two"))q",
     ""},
    {Language::python,
     R"q((call function: (attribute object: (identifier) @mod attribute: (identifier) @fn) (#eq? @mod "pkg_resources") (#any-of? @fn "require" "get_distribution")))q",
     "pkg_resources"},
    {Language::c,
     R"q((struct_specifier name: (type_identifier) @name body: (field_declaration_list (field_declaration declarator: (array_declarator) @flex)) (#eq? @name "ethtool_link_settings")))q",
     "ethtool_link_settings"},
};

} // namespace

TEST_SUITE("anchor::syntax (queries compiled on first use)") {

  TEST_CASE("literal_from_query_text: the literal the compiled query gives, for every form") {
    for (const auto& c : k_cases) {
      CAPTURE(c.query);
      const auto at_load = compiled(syntax_spec(c.language, c.query), torch_options());
      CHECK(at_load.prefilter_literal() == c.literal);
      const std::optional<std::string> from_text = tp::anchor::literal_from_query_text(c.query);
      REQUIRE(from_text.has_value());
      CHECK(*from_text == c.literal);
      const auto deferred = compiled(syntax_spec(c.language, c.query), deferred_options());
      CHECK(deferred.prefilter_literal() == c.literal);
    }
  }

  TEST_CASE("literal_from_query_text: gives up on text it does not read as tree-sitter does") {
    CHECK_FALSE(tp::anchor::literal_from_query_text("(identifier) @id (#eq? @id \"caf\xc3\xa9\")"));
    CHECK_FALSE(tp::anchor::literal_from_query_text(std::string("(identifier) @id\0", 17)));
    CHECK_FALSE(tp::anchor::literal_from_query_text("(identifier @id"));
    CHECK_FALSE(tp::anchor::literal_from_query_text("(identifier) @id)"));
    CHECK_FALSE(tp::anchor::literal_from_query_text("(identifier) @id (#eq? @id \"no end)"));
    CHECK_FALSE(tp::anchor::literal_from_query_text("(MISS) @id")); // tree-sitter reads MISSING
    CHECK_FALSE(tp::anchor::literal_from_query_text("   ; only a comment\n"));
  }

  TEST_CASE(
      "compile(on_first_use): the first find compiles the query and finds what at_load finds") {
    const std::string query =
        R"q((class_specifier name: (type_identifier) @name (#eq? @name "Launcher")) @class)q";
    const std::string source = "namespace {\nclass TORCH_API Launcher {};\nclass Other {};\n}\n";
    const auto at_load = compiled(syntax_spec(Language::cpp, query, "class"), torch_options());
    const auto deferred = compiled(syntax_spec(Language::cpp, query, "class"), deferred_options());
    const auto expected = at_load.find(source);
    const auto found = deferred.find(source);
    REQUIRE(found.matches.size() == 1);
    CHECK(found.matches[0].target == expected.matches[0].target);
    CHECK(found.matches[0].groups == expected.matches[0].groups);
    CHECK(deferred.find(source).matches.size() == 1); // compiled once, used again
  }

  TEST_CASE("compile(on_first_use): threads whose first finds race all get the compiled query") {
    const std::string query =
        R"q((function_definition declarator: (function_declarator declarator: (identifier) @fn) (#eq? @fn "target")) @def)q";
    const std::string source = "int other() { return 1; }\nint target() { return 2; }\n";
    const auto deferred = compiled(syntax_spec(Language::cpp, query, "def"), deferred_options());
    std::vector<std::size_t> counts(4);
    std::vector<std::thread> threads;
    for (std::size_t i = 0; i < counts.size(); ++i)
      threads.emplace_back([&, i] { counts[i] = deferred.find(source).matches.size(); });
    for (auto& t : threads)
      t.join();
    CHECK(counts == std::vector<std::size_t>(4, 1));
  }

  TEST_CASE("prepare: compiles a deferred query ahead of the first find, which then uses it") {
    const std::string query =
        R"q((class_specifier name: (type_identifier) @name (#eq? @name "Launcher")) @class)q";
    const std::string source = "class Launcher {};\n";
    const auto deferred = compiled(syntax_spec(Language::cpp, query, "class"), deferred_options());
    CHECK_FALSE(deferred.is_prepared());
    deferred.prepare();
    CHECK(deferred.is_prepared());
    CHECK(deferred.find(source).matches.size() == 1);
    CHECK(compiled(syntax_spec(Language::cpp, query, "class"), torch_options()).is_prepared());
  }

  TEST_CASE("prepare: a find racing it waits for the one compilation and finds") {
    const std::string query =
        R"q((function_definition declarator: (function_declarator declarator: (identifier) @fn) (#eq? @fn "target")) @def)q";
    const std::string source = "int target() { return 2; }\n";
    const auto deferred = compiled(syntax_spec(Language::cpp, query, "def"), deferred_options());
    std::size_t found = 0;
    std::thread preparing([&] { deferred.prepare(); });
    std::thread finding([&] { found = deferred.find(source).matches.size(); });
    preparing.join();
    finding.join();
    CHECK(found == 1);
    CHECK(deferred.is_prepared());
  }

  TEST_CASE("compile(on_first_use): a bad `within` is reported at load all the same") {
    auto spec = syntax_spec(Language::cpp, R"((class_specifier) @class)");
    spec.within = "class (";
    const auto error = compile_error(spec, deferred_options());
    CHECK(error.in_within);
  }

  TEST_CASE("compile(on_first_use): a query the text reader gives up on is compiled at load") {
    // Non-ASCII text: the literal needs the compiled query, so its errors come at load.
    const auto error =
        compile_error(syntax_spec(Language::cpp, "(no_such_node) @x (#eq? @x \"caf\xc3\xa9\")"),
                      deferred_options());
    CHECK(error.message == "invalid node type 'no_such_node'");
    CHECK(error.offset == 1);
  }
}
