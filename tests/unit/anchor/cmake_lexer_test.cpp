#include "anchor/cmake_lexer.hpp"

#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

using tp::anchor::CmakeArgument;
using tp::anchor::lex_cmake;
using tp::anchor::Span;

namespace {

std::vector<std::string> names_of(std::string_view text) {
  std::vector<std::string> names;
  for (const auto& invocation : lex_cmake(text).invocations)
    names.push_back(invocation.name);
  return names;
}

std::vector<std::string> values_of(const std::vector<CmakeArgument>& arguments) {
  std::vector<std::string> values;
  for (const auto& argument : arguments)
    values.push_back(argument.value);
  return values;
}

std::string_view text_of(std::string_view text, Span span) {
  return text.substr(span.begin, span.size());
}

} // namespace

TEST_SUITE("anchor::cmake_lexer") {

  TEST_CASE("lex_cmake: finds each invocation with its name, spans and arguments") {
    const std::string_view text = "cmake_minimum_required(VERSION 3.5)\nproject(foo CXX)\n";
    const auto result = lex_cmake(text);
    REQUIRE(result.invocations.size() == 2);
    CHECK_FALSE(result.unterminated_at.has_value());

    const auto& first = result.invocations[0];
    CHECK(first.name == "cmake_minimum_required");
    CHECK(text_of(text, first.name_span) == "cmake_minimum_required");
    CHECK(text_of(text, first.whole) == "cmake_minimum_required(VERSION 3.5)");
    CHECK(values_of(first.arguments) == std::vector<std::string>{"VERSION", "3.5"});
    CHECK(text_of(text, first.arguments[1].span) == "3.5");
    CHECK(first.arguments[1].kind == CmakeArgument::Kind::unquoted);

    CHECK(text_of(text, result.invocations[1].whole) == "project(foo CXX)");
  }

  TEST_CASE("lex_cmake: keeps the letter case of the name as written") {
    const std::string_view text = "CMAKE_MINIMUM_REQUIRED(VERSION 2.8.12 FATAL_ERROR)\n";
    const auto result = lex_cmake(text);
    REQUIRE(result.invocations.size() == 1);
    CHECK(result.invocations[0].name == "CMAKE_MINIMUM_REQUIRED");
    CHECK(values_of(result.invocations[0].arguments) ==
          std::vector<std::string>{"VERSION", "2.8.12", "FATAL_ERROR"});
  }

  TEST_CASE("lex_cmake: allows spaces and tabs between the name and '('") {
    CHECK(names_of("if (X)\nendif\t()\n") == std::vector<std::string>{"if", "endif"});
  }

  TEST_CASE("lex_cmake: an invocation may span several lines") {
    const std::string_view text = "cmake_minimum_required(\n  VERSION\n    3.5\n)\nproject(x)";
    const auto result = lex_cmake(text);
    REQUIRE(result.invocations.size() == 2);
    CHECK(text_of(text, result.invocations[0].whole) ==
          "cmake_minimum_required(\n  VERSION\n    3.5\n)");
    CHECK(values_of(result.invocations[0].arguments) == std::vector<std::string>{"VERSION", "3.5"});
  }

  TEST_CASE("lex_cmake: a quoted argument keeps its escapes and hides parentheses") {
    const std::string_view text = R"(message("a \"(quoted)\" ) text")
set(x 1))";
    const auto result = lex_cmake(text);
    REQUIRE(result.invocations.size() == 2);
    const auto& message = result.invocations[0];
    REQUIRE(message.arguments.size() == 1);
    CHECK(message.arguments[0].kind == CmakeArgument::Kind::quoted);
    CHECK(message.arguments[0].value == R"(a \"(quoted)\" ) text)");
    CHECK(text_of(text, message.arguments[0].span) == R"("a \"(quoted)\" ) text")");
  }

  TEST_CASE("lex_cmake: a backslash-newline continues a quoted argument") {
    const std::string_view text = "message(\"one \\\ntwo\")\nproject(p)\n";
    const auto result = lex_cmake(text);
    REQUIRE(result.invocations.size() == 2);
    CHECK(result.invocations[0].arguments[0].value == "one \\\ntwo");
    CHECK(result.invocations[1].name == "project");
  }

  TEST_CASE("lex_cmake: command text inside a quoted argument is not an invocation") {
    const std::string_view text = "file(WRITE ${dir}/CMakeLists.txt "
                                  "\"cmake_minimum_required(VERSION 2.6)\\nproject(t)\\n\")\n";
    const auto result = lex_cmake(text);
    REQUIRE(result.invocations.size() == 1);
    CHECK(result.invocations[0].name == "file");
    CHECK(values_of(result.invocations[0].arguments) ==
          std::vector<std::string>{"WRITE", "${dir}/CMakeLists.txt",
                                   "cmake_minimum_required(VERSION 2.6)\\nproject(t)\\n"});
  }

  TEST_CASE("lex_cmake: bracket arguments of any level hold text verbatim") {
    const std::string_view text =
        "file(WRITE f [==[cmake_minimum_required(VERSION 2.6) ]] ]=]\n]==])\n"
        "set(a [[x]])";
    const auto result = lex_cmake(text);
    REQUIRE(result.invocations.size() == 2);
    const auto& file = result.invocations[0];
    REQUIRE(file.arguments.size() == 3);
    CHECK(file.arguments[2].kind == CmakeArgument::Kind::bracket);
    CHECK(file.arguments[2].value == "cmake_minimum_required(VERSION 2.6) ]] ]=]\n");
    CHECK(result.invocations[1].arguments[1].value == "x");
  }

  TEST_CASE("lex_cmake: commands inside line comments and bracket comments are not invocations") {
    const std::string_view text = "# cmake_minimum_required(VERSION 2.6)\n"
                                  "#[[ cmake_minimum_required(VERSION 2.6)\n"
                                  "    still a comment ]]\n"
                                  "#[=[ x ]] cmake_policy(VERSION 2.6) ]=] project(p)\n"
                                  "set(a b # comment with )\n"
                                  "  c)\n";
    const auto result = lex_cmake(text);
    CHECK(names_of(text) == std::vector<std::string>{"project", "set"});
    REQUIRE(result.invocations.size() == 2);
    CHECK(values_of(result.invocations[1].arguments) == std::vector<std::string>{"a", "b", "c"});
  }

  TEST_CASE("lex_cmake: nested parentheses are counted and flattened into the arguments") {
    const std::string_view text = "if((A OR B) AND (C))\nendif()\n";
    const auto result = lex_cmake(text);
    REQUIRE(result.invocations.size() == 2);
    CHECK(text_of(text, result.invocations[0].whole) == "if((A OR B) AND (C))");
    CHECK(values_of(result.invocations[0].arguments) ==
          std::vector<std::string>{"(", "A", "OR", "B", ")", "AND", "(", "C", ")"});
    CHECK(result.invocations[1].name == "endif");
  }

  TEST_CASE("lex_cmake: unquoted arguments hold variable references, escapes and legacy quotes") {
    const std::string_view text = R"(set(x ${A}${B}/c a\ b -DX="a b" $(MAKE)))";
    const auto result = lex_cmake(text);
    REQUIRE(result.invocations.size() == 1);
    CHECK(values_of(result.invocations[0].arguments) ==
          std::vector<std::string>{"x", "${A}${B}/c", R"(a\ b)", R"(-DX="a b")", "$(MAKE)"});
  }

  TEST_CASE("lex_cmake: an identifier inside another word or after ')' is not a new invocation") {
    CHECK(names_of("foo()bar()\nx.y(z)\n") == std::vector<std::string>{"foo"});
  }

  TEST_CASE("lex_cmake: reports where an unterminated construct began") {
    SUBCASE("argument list") {
      const auto result = lex_cmake("project(p)\nset(a\n  b\n");
      CHECK(result.invocations.size() == 1);
      CHECK(result.unterminated_at == std::optional<std::size_t>{11});
    }
    SUBCASE("quoted argument") {
      const auto result = lex_cmake("project(p)\nset(a \"b)\n");
      CHECK(result.invocations.size() == 1);
      CHECK(result.unterminated_at == std::optional<std::size_t>{17});
    }
    SUBCASE("bracket argument") {
      const auto result = lex_cmake("set(a [=[ b ]])\n");
      CHECK(result.invocations.empty());
      CHECK(result.unterminated_at == std::optional<std::size_t>{6});
    }
    SUBCASE("bracket comment") {
      const auto result = lex_cmake("project(p)\n#[[ never closed\nset(a b)\n");
      CHECK(result.invocations.size() == 1);
      CHECK(result.unterminated_at == std::optional<std::size_t>{11});
    }
  }

  TEST_CASE("lex_cmake: handles a multi-megabyte file in one pass") {
    std::string text;
    for (int i = 0; i < 100000; ++i)
      text += "set(VAR_" + std::to_string(i) + " \"value (\" [[x]]) # comment\n";
    const auto result = lex_cmake(text);
    CHECK(result.invocations.size() == 100000);
    CHECK_FALSE(result.unterminated_at.has_value());
  }

  TEST_CASE("lex_cmake: empty text and whitespace only give no invocations") {
    CHECK(lex_cmake("").invocations.empty());
    CHECK(lex_cmake(" \n\t\r\n").invocations.empty());
  }

} // TEST_SUITE
