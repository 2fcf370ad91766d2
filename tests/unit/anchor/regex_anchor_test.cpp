#include "anchor/regex_anchor.hpp"

#include <doctest/doctest.h>

#include "anchor/anchor_test_support.hpp"

using namespace anchor_test;
using tp::anchor::required_literal_of;

TEST_SUITE("anchor::regex") {

  TEST_CASE(
      "deferred: the literal is known at once; the first search compiles and finds the same") {
    const std::string pattern = R"(include_module (?P<what>\w+))";
    const auto deferred =
        tp::anchor::RegexAnchor::deferred(pattern, "what", tp::anchor::Multiline::yes);
    const auto now = std::get<tp::anchor::RegexAnchor>(
        tp::anchor::RegexAnchor::compile(pattern, "what", tp::anchor::Multiline::yes));
    CHECK(deferred.required_literal() == "include_module ");
    CHECK(deferred.required_literal() == now.required_literal());
    const std::string_view text = "x\ninclude_module CheckFunctionExists\ninclude(Other)\n";
    const auto found = deferred.find_all(text);
    REQUIRE(found.size() == 1);
    CHECK(text_of(text, found[0].target) == "CheckFunctionExists");
    CHECK(found[0].target == now.find_all(text)[0].target);
    CHECK(deferred.matches_in(text));
  }

  TEST_CASE("deferred: an embedded-catalog load defers regex anchors, other loads compile them") {
    tp::anchor::CompileOptions deferred;
    deferred.query_compilation = tp::anchor::QueryCompilation::on_first_use;
    // A bad pattern is no error when deferred (the build checked the embedded catalog's) ...
    CHECK(std::holds_alternative<tp::anchor::CompiledAnchor>(
        tp::anchor::CompiledAnchor::compile(regex_spec("(unclosed"), deferred)));
    // ... and an error at once otherwise.
    CHECK(compile_error(regex_spec("(unclosed")).message.find("missing )") != std::string::npos);
  }

  TEST_CASE("find: returns every match in order with its named groups") {
    const std::string_view text = "const size_type count_;\nint x;\nconst size_type count_;\n";
    const auto anchor = compiled(regex_spec(R"((?P<const>const )size_type (?P<name>\w+);)"));
    const auto result = anchor.find(text);
    REQUIRE(result.matches.size() == 2);
    CHECK_FALSE(result.parse_degraded);
    const auto& first = result.matches[0];
    CHECK(text_of(text, first.whole) == "const size_type count_;");
    CHECK(first.target == first.whole);
    CHECK(text_of(text, first.groups.at("const")) == "const ");
    CHECK(text_of(text, first.groups.at("name")) == "count_");
    CHECK(result.matches[1].whole.begin == 31);
  }

  TEST_CASE("find: the target group becomes the match's target") {
    const std::string_view text = "const size_type count_;";
    const auto anchor = compiled(regex_spec(R"((?P<const>const )size_type count_;)", "const"));
    const auto result = anchor.find(text);
    REQUIRE(result.matches.size() == 1);
    CHECK(result.matches[0].target == tp::anchor::Span{0, 6});
    CHECK(result.matches[0].whole == tp::anchor::Span{0, 23});
  }

  TEST_CASE("find: a match in which the target group took no part is not a match") {
    const std::string_view text = "ab1 b2";
    const auto anchor = compiled(regex_spec(R"((?P<x>a)?b\d)", "x"));
    const auto result = anchor.find(text);
    REQUIRE(result.matches.size() == 1);
    CHECK(text_of(text, result.matches[0].whole) == "ab1");
  }

  TEST_CASE("find: ^ and $ match at line boundaries; '.' stops at a newline") {
    const std::string_view text =
        "import a\nfrom setuptools import distutils, x\nfrom b import c\n";
    const auto anchor =
        compiled(regex_spec(R"(^from setuptools import distutils(?P<rest>.*)$)", "rest"));
    const auto result = anchor.find(text);
    REQUIRE(result.matches.size() == 1);
    CHECK(text_of(text, result.matches[0].target) == ", x");

    CHECK(compiled(regex_spec("^from")).find(text).matches.size() == 2);
    CHECK(compiled(regex_spec("a.from")).find(text).matches.empty());
    CHECK(compiled(regex_spec("(?s)a.from")).find(text).matches.size() == 1);
  }

  TEST_CASE("find: empty matches advance, so the scan ends") {
    const std::string_view text = "ab\n\nc";
    const auto result = compiled(regex_spec("^")).find(text);
    REQUIRE(result.matches.size() == 3);
    CHECK(result.matches[0].whole == tp::anchor::Span{0, 0});
    CHECK(result.matches[1].whole == tp::anchor::Span{3, 3});
    CHECK(result.matches[2].whole == tp::anchor::Span{4, 4});

    CHECK(compiled(regex_spec("x*")).find("é").matches.size() == 2); // before and after 'é' only
  }

  TEST_CASE("compile: a bad regex is a CompileError pointing into the pattern") {
    SUBCASE("bad escape") {
      const auto error = compile_error(regex_spec(R"(abc\q)"));
      CHECK(error.offset == 3);
      CHECK(error.message.find("invalid escape") != std::string::npos);
    }
    SUBCASE("bad repetition") {
      const auto error = compile_error(regex_spec("ab**"));
      CHECK(error.offset == 2);
      CHECK(error.message.find("bad repetition operator") != std::string::npos);
    }
    SUBCASE("an error text that also occurs in the implied (?m) prefix") {
      const auto error = compile_error(regex_spec("ab|?c"));
      CHECK(error.offset == 3);
      CHECK(error.message == "invalid regex: no argument for repetition operator: ?");
    }
    SUBCASE("missing parenthesis") {
      const auto error = compile_error(regex_spec("(ab"));
      CHECK(error.offset == 0);
      CHECK(error.message.find("missing )") != std::string::npos);
    }
    SUBCASE("empty pattern") {
      CHECK(compile_error(regex_spec("")).message == "empty regex pattern");
    }
  }

  TEST_CASE("compile: an unknown target group is an error that lists the groups") {
    const auto error = compile_error(regex_spec("(?P<a>x)(?P<b>y)", "c"));
    CHECK(error.offset == 0);
    CHECK(error.message == "target group 'c' does not exist in the pattern (named groups: a, b)");
    CHECK(compile_error(regex_spec("x", "c")).message ==
          "target group 'c' does not exist in the pattern (the pattern has no named groups)");
  }

  TEST_CASE("prefilter_literal: is a literal every match of the regex contains") {
    CHECK(compiled(regex_spec(R"((?P<const>const )size_type count_;)")).prefilter_literal() ==
          "size_type count_;");
    CHECK_FALSE(compiled(regex_spec("x")).prefilter_is_case_insensitive());
  }

  TEST_CASE(
      "compile: an invalid regex is described in the author's text, without the implied (?m)") {
    auto result = tp::anchor::CompiledAnchor::compile(regex_spec("ol(d"), {});
    auto* error = std::get_if<tp::anchor::CompileError>(&result);
    REQUIRE(error != nullptr);
    CHECK(error->message == "invalid regex: missing ): ol(d");
  }

  TEST_CASE("required_literal_of: takes the longest top-level run of plain characters") {
    CHECK(required_literal_of("hello") == "hello");
    CHECK(required_literal_of(R"(\bsize_type count_;)") == "size_type count_;");
    CHECK(required_literal_of(R"(torch\.utils\.cpp)") == "torch.utils.cpp");
    CHECK(required_literal_of("^from setuptools import (?P<r>.*)$") == "from setuptools import ");
  }

  TEST_CASE("required_literal_of: leaves out repeated characters and repeat counts") {
    CHECK(required_literal_of("abcd?ef") == "abc");
    CHECK(required_literal_of("abcd*ef") == "abc");
    CHECK(required_literal_of("abcd+ef") == "abcd");
    CHECK(required_literal_of("abcd{2,3}efgh") == "efgh");
    CHECK(required_literal_of("xé?") == "x");
  }

  TEST_CASE(
      "required_literal_of: an escape's arguments are not text (\\x27s once required \"27s\")") {
    CHECK(required_literal_of(R"(it\x27s fine)") == "s fine");
    CHECK(required_literal_of(R"(ab\x{263a}cd)") == "ab");
    CHECK(required_literal_of(R"(\pLxyz)") == "xyz");
    CHECK(required_literal_of(R"(\p{Greek}xyz)") == "xyz");
    CHECK(required_literal_of(R"(\101bc)") == "bc");
    auto anchor = compiled(regex_spec(R"(it\x27s)"));
    CHECK(anchor.find("it's").matches.size() == 1);
    CHECK(anchor.prefilter_literal() == "it");
  }

  TEST_CASE("required_literal_of: is empty when no literal is certain") {
    CHECK(required_literal_of("abc|defg") == "");
    CHECK(required_literal_of("(?i)abc") == "");
    CHECK(required_literal_of("(abc)") == "");
    CHECK(required_literal_of(R"([abc]\d+)") == "");
    CHECK(required_literal_of("(?:ab|cd)") == "");
  }

  TEST_CASE("required_literal_of: groups and classes split runs without joining them") {
    CHECK(required_literal_of("ab(cd)?efg") == "efg");
    CHECK(required_literal_of("abcd[xy]ef") == "abcd");
    CHECK(required_literal_of("ab[]x]cde") == "cde");
    CHECK(required_literal_of("(a|b)xyz") == "xyz");
  }

} // TEST_SUITE
