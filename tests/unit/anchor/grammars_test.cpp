// The grammars are compiled from npm packages whose ABI must suit the pinned runtime; this
// proves each one loads and parses, independently of the anchor code.
#include <doctest/doctest.h>

#include <tree_sitter/api.h>

#include <cstdint>
#include <string>
#include <string_view>

extern "C" {
const TSLanguage* tree_sitter_c(void);
const TSLanguage* tree_sitter_cpp(void);
const TSLanguage* tree_sitter_python(void);
}

namespace {

std::size_t count_problem_nodes(TSNode node) {
  std::size_t count = ts_node_is_error(node) || ts_node_is_missing(node) ? 1 : 0;
  for (uint32_t i = 0; i < ts_node_child_count(node); ++i)
    count += count_problem_nodes(ts_node_child(node, i));
  return count;
}

struct Parsed {
  std::string root_type;
  std::size_t problems = 0;
  std::size_t named_children = 0;
};

Parsed parse_with(const TSLanguage* language, std::string_view source) {
  Parsed parsed;
  TSParser* parser = ts_parser_new();
  REQUIRE(ts_parser_set_language(parser, language));
  TSTree* tree =
      ts_parser_parse_string(parser, nullptr, source.data(), static_cast<uint32_t>(source.size()));
  REQUIRE(tree != nullptr);
  const TSNode root = ts_tree_root_node(tree);
  parsed.root_type = ts_node_type(root);
  parsed.problems = count_problem_nodes(root);
  parsed.named_children = ts_node_named_child_count(root);
  ts_tree_delete(tree);
  ts_parser_delete(parser);
  return parsed;
}

} // namespace

TEST_SUITE("anchor::grammars") {

  TEST_CASE(
      "grammars: each grammar loads into the runtime and parses a snippet without ERROR nodes") {
    SUBCASE("c") {
      const TSLanguage* language = tree_sitter_c();
      CHECK(ts_language_abi_version(language) >= TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION);
      const auto parsed =
          parse_with(language, "#include <stdio.h>\nint main(void) { return 0; }\n");
      CHECK(parsed.root_type == "translation_unit");
      CHECK(parsed.named_children == 2);
      CHECK(parsed.problems == 0);
    }
    SUBCASE("cpp") {
      const TSLanguage* language = tree_sitter_cpp();
      CHECK(ts_language_abi_version(language) >= TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION);
      const auto parsed = parse_with(
          language, "namespace a {\ntemplate <typename T> class B { T x_; };\n} // namespace a\n");
      CHECK(parsed.root_type == "translation_unit");
      CHECK(parsed.named_children == 2);
      CHECK(parsed.problems == 0);
    }
    SUBCASE("python") {
      const TSLanguage* language = tree_sitter_python();
      CHECK(ts_language_abi_version(language) >= TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION);
      const auto parsed = parse_with(language, "import os\n\ndef f(x):\n    return f'{x}'\n");
      CHECK(parsed.root_type == "module");
      CHECK(parsed.named_children == 2);
      CHECK(parsed.problems == 0);
    }
    SUBCASE("a broken snippet does show ERROR nodes") {
      CHECK(parse_with(tree_sitter_python(), "def f(:\n").problems > 0);
    }
  }

} // TEST_SUITE
