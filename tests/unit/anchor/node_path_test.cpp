#include "anchor/node_path.hpp"

#include <doctest/doctest.h>

#include <string>
#include <variant>

using tp::anchor::CompileError;
using tp::anchor::NodePath;
using tp::anchor::parse_node_path;

namespace {

NodePath parsed(std::string_view source) {
  auto result = parse_node_path(source);
  if (const auto* error = std::get_if<CompileError>(&result))
    FAIL("parse failed at offset ", error->offset, ": ", error->message);
  return std::get<NodePath>(std::move(result));
}

CompileError error_of(std::string_view source) {
  auto result = parse_node_path(source);
  if (!std::holds_alternative<CompileError>(result))
    FAIL("expected an error for: ", source);
  return std::get<CompileError>(std::move(result));
}

} // namespace

TEST_SUITE("anchor::node_path") {

  TEST_CASE("a path reads outermost first: fields, types, conditions, texts and captures") {
    const NodePath path = parsed(R"(preproc_ifdef[name="_WIN32"] > function_definition @def
        > declarator: function_declarator > declarator: identifier = "__builtin_clz")");
    REQUIRE(path.steps.size() == 4);
    CHECK(path.steps[0].type == "preproc_ifdef");
    CHECK(path.steps[0].field.empty());
    REQUIRE(path.steps[0].conditions.size() == 1);
    CHECK(path.steps[0].conditions[0].field == "name");
    CHECK_FALSE(path.steps[0].conditions[0].absent);
    CHECK(path.steps[0].conditions[0].text == "_WIN32");
    CHECK(path.steps[1].capture == "def");
    CHECK(path.steps[2].field == "declarator");
    CHECK(path.steps[2].type == "function_declarator");
    CHECK(path.steps[3].text == std::optional<std::string>("__builtin_clz"));
    CHECK_FALSE(path.steps[2].text);
  }

  TEST_CASE("'!field' asks for a missing field; several conditions are separated by commas") {
    const NodePath path = parsed(R"(namespace_definition[!name, body = "{}"] > x = "y")");
    REQUIRE(path.steps[0].conditions.size() == 2);
    CHECK(path.steps[0].conditions[0].absent);
    CHECK(path.steps[0].conditions[0].field == "name");
    CHECK(path.steps[0].conditions[1].text == "{}");
  }

  TEST_CASE("a text keeps escaped quotes and backslashes") {
    CHECK(parsed(R"(string_literal = "a\"b\\c")").steps[0].text ==
          std::optional<std::string>(R"(a"b\c)"));
  }

  TEST_CASE("offsets: the type and field of each step point into the source") {
    const std::string_view source = R"(a > body: b = "x")";
    const NodePath path = parsed(source);
    CHECK(source.substr(path.steps[1].field_offset, 4) == "body");
    CHECK(source.substr(path.steps[1].type_offset, 1) == "b");
  }

  TEST_CASE("errors name what was expected and where") {
    CHECK(error_of("").message == "expected a node type or FIELD:");
    CHECK(error_of("a > ").offset == 4);
    CHECK(error_of(R"(a = "x" b)").message ==
          "expected '>' and another step, or the end of the path");
    CHECK(error_of("a > b").message ==
          "the last step needs = \"TEXT\": the token the anchor looks for");
    CHECK(error_of(R"(a[name "x"] > b = "y")").message ==
          "expected '=' and a quoted text after the field");
    CHECK(error_of(R"(a[name = "x" > b = "y")").message == "expected ',' or ']'");
    const CompileError unterminated = error_of(R"(a = "x)");
    CHECK(unterminated.message == "unterminated text: a '\"' is missing");
    CHECK(unterminated.offset == 4);
    CHECK(error_of(R"(a = "")").message == "the text is empty");
    CHECK(error_of(R"(a @ = "x")").message == "expected a capture name after '@'");
    CHECK(error_of(R"(a @c > b = "x" @c)").message == "capture '@c' is named twice");
    CHECK(error_of(R"(1a = "x")").offset == 0);
  }
}
