#include "anchor/anchor.hpp"

#include <doctest/doctest.h>

#include <string>
#include <thread>
#include <vector>

#include "anchor/anchor_test_support.hpp"

using namespace anchor_test;
using tp::anchor::AnchorSpec;
using tp::anchor::Kind;
using tp::anchor::Language;

namespace {

AnchorSpec cmake_spec(std::vector<std::string> commands, std::string target = "") {
  AnchorSpec spec;
  spec.kind = Kind::cmake;
  spec.commands = std::move(commands);
  spec.target = std::move(target);
  return spec;
}

} // namespace

TEST_SUITE("anchor::CompiledAnchor") {

  TEST_CASE("parse_language: knows c, cpp and python only") {
    CHECK(tp::anchor::parse_language("c") == Language::c);
    CHECK(tp::anchor::parse_language("cpp") == Language::cpp);
    CHECK(tp::anchor::parse_language("python") == Language::python);
    CHECK_FALSE(tp::anchor::parse_language("c++").has_value());
    CHECK_FALSE(tp::anchor::parse_language("Python").has_value());
  }

  TEST_CASE("find: a cmake anchor matches its commands in any letter case") {
    const std::string_view text = "CMAKE_MINIMUM_REQUIRED(VERSION 2.8.12 FATAL_ERROR)\n"
                                  "project(p)\n"
                                  "cmake_policy(VERSION 2.8)\n"
                                  "# cmake_minimum_required(VERSION 2.6)\n"
                                  "file(WRITE x \"cmake_minimum_required(VERSION 2.6)\")\n";
    const auto anchor = compiled(cmake_spec({"cmake_minimum_required", "CMake_Policy"}));
    const auto result = anchor.find(text);
    REQUIRE(result.matches.size() == 2);
    const auto& first = result.matches[0];
    CHECK(text_of(text, first.whole) == "CMAKE_MINIMUM_REQUIRED(VERSION 2.8.12 FATAL_ERROR)");
    CHECK(first.target == first.whole);
    CHECK(text_of(text, first.groups.at("name")) == "CMAKE_MINIMUM_REQUIRED");
    REQUIRE(first.invocation.has_value());
    CHECK(first.invocation->arguments.size() == 3);
    CHECK(result.matches[1].invocation->name == "cmake_policy");
    CHECK_FALSE(result.parse_degraded);
  }

  TEST_CASE("find: a cmake anchor with target \"name\" targets the command name") {
    const std::string_view text = "  cmake_minimum_required(VERSION 3.0)";
    const auto result = compiled(cmake_spec({"cmake_minimum_required"}, "name")).find(text);
    REQUIRE(result.matches.size() == 1);
    CHECK(result.matches[0].target == tp::anchor::Span{2, 24});
  }

  TEST_CASE("compile: a cmake anchor needs valid command names and a known target") {
    CHECK(compile_error(cmake_spec({})).message.find("at least one command") != std::string::npos);
    CHECK(compile_error(cmake_spec({"cmake minimum"})).message ==
          "'cmake minimum' is not a CMake command name");
    CHECK(compile_error(cmake_spec({"project"}, "version")).message.find("not 'version'") !=
          std::string::npos);
  }

  TEST_CASE("find: a cmake anchor with `arguments` keeps the invocations whose whole argument "
            "list matches, and targets a group of it") {
    const std::string_view text = "if(POLICY CMP0025)\n"
                                  "  cmake_policy(SET CMP0025 OLD)\n"
                                  "  cmake_policy(SET CMP0022 NEW)\n"
                                  "  cmake_policy (SET  CMP0042\n    OLD)\n"
                                  "  cmake_policy(SET CMP0025 OLD EXTRA)\n"
                                  "  message(\"cmake_policy(SET CMP0026 OLD)\")\n"
                                  "  # cmake_policy(SET CMP0026 OLD)\n"
                                  "endif()\n";
    auto spec = cmake_spec({"cmake_policy"}, "setting");
    spec.arguments = R"(SET (?P<policy>CMP00[0-5][0-9]|CMP006[0-5]) (?P<setting>OLD))";
    const auto result = compiled(spec).find(text);
    REQUIRE(result.matches.size() == 2);
    CHECK(text_of(text, result.matches[0].whole) == "cmake_policy(SET CMP0025 OLD)");
    CHECK(text_of(text, result.matches[0].target) == "OLD");
    CHECK(text_of(text, result.matches[0].groups.at("policy")) == "CMP0025");
    CHECK(text_of(text, result.matches[0].groups.at("name")) == "cmake_policy");
    // arguments are joined by one space whatever separates them in the file (here a newline)
    CHECK(text_of(text, result.matches[1].target) == "OLD");
    CHECK(text_of(text, result.matches[1].groups.at("policy")) == "CMP0042");
  }

  TEST_CASE("find: a cmake anchor's `arguments` sees quoted and bracket arguments as written") {
    const std::string_view text = "set_property(TARGET t PROPERTY P \"a b\")\n"
                                  "set_property(TARGET t PROPERTY P [[a b]])\n";
    auto spec = cmake_spec({"set_property"}, "value");
    spec.arguments = R"(TARGET t PROPERTY P (?P<value>"a b"))";
    const auto result = compiled(spec).find(text);
    REQUIRE(result.matches.size() == 1);
    CHECK(text_of(text, result.matches[0].target) == "\"a b\"");
  }

  TEST_CASE("compile: a cmake anchor's `arguments` reports RE2 errors at their offset in it, and "
            "its target must be one of its groups") {
    auto bad = cmake_spec({"cmake_policy"});
    bad.arguments = "SET (CMP";
    const auto error = compile_error(bad);
    CHECK(error.offset <= bad.arguments.size());
    CHECK_FALSE(error.message.empty());
    auto unknown = cmake_spec({"cmake_policy"}, "nope");
    unknown.arguments = "SET (?P<setting>OLD)";
    CHECK_FALSE(compile_error(unknown).message.empty());
  }

  TEST_CASE("prefilter_literal: a cmake anchor with one command gives its lower-case name") {
    const auto one = compiled(cmake_spec({"CMake_Minimum_Required"}));
    CHECK(one.prefilter_literal() == "cmake_minimum_required");
    CHECK(one.prefilter_is_case_insensitive());
    CHECK(compiled(cmake_spec({"project", "cmake_policy"})).prefilter_literal().empty());
  }

  TEST_CASE("spec: returns the spec the anchor was compiled from") {
    auto spec = regex_spec("a(?P<b>b)", "b");
    const auto anchor = compiled(spec);
    CHECK(anchor.spec().kind == Kind::regex);
    CHECK(anchor.spec().pattern == "a(?P<b>b)");
    CHECK(anchor.spec().target == "b");
  }

  TEST_CASE("find: one compiled anchor may be used from several threads at once") {
    std::string text;
    for (int i = 0; i < 200; ++i)
      text += "class TORCH_API C" + std::to_string(i) + " { int x_; };\n";
    const auto anchor =
        compiled(syntax_spec(Language::cpp, "(class_specifier name: (type_identifier) @n)"),
                 torch_options());
    std::vector<std::size_t> counts(4);
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < counts.size(); ++t)
      threads.emplace_back([&, t] { counts[t] = anchor.find(text).matches.size(); });
    for (auto& thread : threads)
      thread.join();
    CHECK(counts == std::vector<std::size_t>(4, 200));
  }

} // TEST_SUITE
