#include "anchor/shared_analysis.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "anchor/anchor_test_support.hpp"

using namespace anchor_test;
using tp::anchor::Language;
using tp::anchor::SharedAnalysis;

namespace {

tp::anchor::AnchorSpec cmake_spec(std::vector<std::string> commands, std::string arguments = "") {
  tp::anchor::AnchorSpec spec;
  spec.kind = tp::anchor::Kind::cmake;
  spec.commands = std::move(commands);
  spec.arguments = std::move(arguments);
  return spec;
}

void check_same(const tp::anchor::FindResult& shared, const tp::anchor::FindResult& alone) {
  CHECK(shared.parse_degraded == alone.parse_degraded);
  CHECK(shared.degraded_at == alone.degraded_at);
  REQUIRE(shared.matches.size() == alone.matches.size());
  for (std::size_t i = 0; i < shared.matches.size(); ++i) {
    CHECK(shared.matches[i].whole == alone.matches[i].whole);
    CHECK(shared.matches[i].target == alone.matches[i].target);
    CHECK(shared.matches[i].groups == alone.matches[i].groups);
  }
}

} // namespace

TEST_SUITE("anchor::SharedAnalysis (one lexing and one parse per file for all its anchors)") {

  TEST_CASE("cmake anchors on one shared text find what each finds alone, from one lexing") {
    const std::string text = "cmake_minimum_required(VERSION 3.1)\nproject(x)\n"
                             "set(A \"cmake_minimum_required(VERSION 2.8)\")\n"
                             "CMAKE_POLICY(VERSION 3.0)\n";
    const SharedAnalysis shared(text);
    const auto minimum = compiled(cmake_spec({"cmake_minimum_required"}, R"(VERSION (?P<v>\S+))"));
    const auto policy = compiled(cmake_spec({"cmake_policy", "cmake_minimum_required"}));
    check_same(minimum.find(shared), minimum.find(text));
    check_same(policy.find(shared), policy.find(text));
    REQUIRE(shared.cache().lexed.has_value());
    CHECK(shared.cache().lexed->invocations.size() == 4); // set() and project() too
    check_same(minimum.find(shared), minimum.find(text)); // the lexing is read again, unchanged
  }

  TEST_CASE("syntax anchors of one language share one tree; another language gets its own") {
    const std::string text = "class TORCH_API Launcher {};\nint target() { return 2; }\n";
    const SharedAnalysis shared(text);
    const auto klass = compiled(
        syntax_spec(
            Language::cpp,
            R"q((class_specifier name: (type_identifier) @name (#eq? @name "Launcher")) @c)q", "c"),
        torch_options());
    const auto function = compiled(
        syntax_spec(
            Language::cpp,
            R"q((function_definition declarator: (function_declarator declarator: (identifier) @f) (#eq? @f "target")) @d)q",
            "d"),
        torch_options());
    const auto as_c = compiled(syntax_spec(
        Language::c, R"q((function_definition declarator: (function_declarator) @f))q", "f"));
    check_same(klass.find(shared), klass.find(text));
    check_same(function.find(shared), function.find(text));
    CHECK(shared.cache().trees.size() == 1);
    check_same(as_c.find(shared), as_c.find(text));
    CHECK(shared.cache().trees.size() == 2);
  }

  TEST_CASE("a different export-macro list is a different parse") {
    const std::string text = "class TORCH_API Launcher {};\n";
    const SharedAnalysis shared(text);
    const std::string query =
        R"q((class_specifier name: (type_identifier) @name (#eq? @name "Launcher")) @c)q";
    const auto blanked = compiled(syntax_spec(Language::cpp, query, "c"), torch_options());
    const auto as_written = compiled(syntax_spec(Language::cpp, query, "c"));
    check_same(blanked.find(shared), blanked.find(text));
    check_same(as_written.find(shared), as_written.find(text));
    CHECK(shared.cache().trees.size() == 2);
  }

  TEST_CASE("parse degradation is reported as without sharing") {
    const std::string text = "namespace {\nclass Launcher {\n  int x = ;\n};\n}\n";
    const SharedAnalysis shared(text);
    const auto klass = compiled(syntax_spec(
        Language::cpp,
        R"q((class_specifier name: (type_identifier) @name (#eq? @name "Launcher")) @c)q", "c"));
    const auto alone = klass.find(text);
    check_same(klass.find(shared), alone);
    CHECK(alone.parse_degraded);
  }
}
