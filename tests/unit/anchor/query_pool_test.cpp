#include "anchor/query_pool.hpp"

#include <doctest/doctest.h>

#include <string>
#include <thread>
#include <vector>

#include "anchor/anchor_test_support.hpp"

using namespace anchor_test;
using tp::anchor::Language;
using tp::anchor::QueryCompilation;

namespace {

tp::anchor::CompileOptions pooled_options() {
  tp::anchor::CompileOptions options = torch_options();
  options.query_compilation = QueryCompilation::on_first_use;
  options.query_pool = tp::anchor::make_query_pool();
  return options;
}

const std::string k_class_query =
    R"q((class_specifier name: (type_identifier) @name (#eq? @name "Launcher")) @class)q";
const std::string k_function_query =
    R"q((function_definition declarator: (function_declarator declarator: (identifier) @name) (#eq? @name "target")) @def)q";
const std::string k_two_patterns =
    R"q((enumerator name: (identifier) @name (#eq? @name "TRUE")) @item (field_identifier) @item (#eq? @item "TRUE"))q";
const std::string k_source = "namespace {\nclass TORCH_API Launcher { int TRUE; };\n}\n"
                             "int target() { return 2; }\nenum { TRUE, FALSE };\n";

} // namespace

TEST_SUITE("anchor::QueryPool (one query per language for a catalog)") {

  TEST_CASE("each pooled anchor finds what it finds alone, and nothing of the others' patterns") {
    const auto options = pooled_options();
    const auto pooled_class = compiled(syntax_spec(Language::cpp, k_class_query, "class"), options);
    const auto pooled_function =
        compiled(syntax_spec(Language::cpp, k_function_query, "def"), options);
    const auto pooled_two = compiled(syntax_spec(Language::cpp, k_two_patterns, "item"), options);
    for (const auto* query : {&k_class_query, &k_function_query, &k_two_patterns}) {
      CAPTURE(*query);
      const std::string target = query == &k_class_query      ? "class"
                                 : query == &k_function_query ? "def"
                                                              : "item";
      const auto& pooled = query == &k_class_query      ? pooled_class
                           : query == &k_function_query ? pooled_function
                                                        : pooled_two;
      const auto alone = compiled(syntax_spec(Language::cpp, *query, target), torch_options());
      const auto expected = alone.find(k_source);
      const auto found = pooled.find(k_source);
      REQUIRE(found.matches.size() == expected.matches.size());
      for (std::size_t i = 0; i < found.matches.size(); ++i) {
        CHECK(found.matches[i].whole == expected.matches[i].whole);
        CHECK(found.matches[i].target == expected.matches[i].target);
        CHECK(found.matches[i].groups == expected.matches[i].groups);
      }
    }
    CHECK(pooled_two.find(k_source).matches.size() == 2); // both of its patterns
  }

  TEST_CASE("the language's queries compile once, together: the first find prepares them all") {
    const auto options = pooled_options();
    const auto first = compiled(syntax_spec(Language::cpp, k_class_query, "class"), options);
    const auto second = compiled(syntax_spec(Language::cpp, k_function_query, "def"), options);
    CHECK_FALSE(second.is_prepared());
    CHECK(first.find(k_source).matches.size() == 1);
    // The combined query exists; the second anchor takes its patterns without compiling.
    second.prepare();
    CHECK(second.find(k_source).matches.size() == 1);
  }

  TEST_CASE("a query added after its language compiled, or without a target, stands alone") {
    auto pool = tp::anchor::make_query_pool();
    const auto slot = pool->add(Language::cpp, k_class_query);
    REQUIRE(slot);
    const auto patterns = pool->patterns_of(*slot);
    REQUIRE(patterns);
    CHECK(patterns->end_pattern - patterns->first_pattern == 1);
    CHECK_FALSE(pool->add(Language::cpp, k_function_query)); // too late for C++
    CHECK(pool->add(Language::python, "(identifier) @x"));   // Python is still open

    const auto options = pooled_options();
    const auto no_target = compiled(syntax_spec(Language::cpp, k_function_query), options);
    const auto found = no_target.find(k_source);
    REQUIRE(found.matches.size() == 1);
    CHECK(found.matches[0].target.begin == k_source.find("target")); // its first capture
  }

  TEST_CASE("a combined query that does not compile leaves each query to compile alone") {
    auto pool = tp::anchor::make_query_pool();
    const auto good = pool->add(Language::cpp, k_class_query);
    REQUIRE(pool->add(Language::cpp, "(no_such_node) @x"));
    REQUIRE(good);
    CHECK_FALSE(pool->patterns_of(*good));
  }

  TEST_CASE("threads whose first finds race share one compilation") {
    const auto options = pooled_options();
    const auto a = compiled(syntax_spec(Language::cpp, k_class_query, "class"), options);
    const auto b = compiled(syntax_spec(Language::cpp, k_function_query, "def"), options);
    std::vector<std::size_t> counts(4);
    std::vector<std::thread> threads;
    for (std::size_t i = 0; i < counts.size(); ++i)
      threads.emplace_back([&, i] { counts[i] = (i % 2 ? a : b).find(k_source).matches.size(); });
    for (auto& t : threads)
      t.join();
    CHECK(counts == std::vector<std::size_t>(4, 1));
  }
}
