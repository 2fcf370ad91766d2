#include "anchor/parse_tree.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <limits>

#include "anchor/words.hpp"

extern "C" {
const TSLanguage* tree_sitter_c(void);
const TSLanguage* tree_sitter_cpp(void);
const TSLanguage* tree_sitter_python(void);
}

namespace tp::anchor {

const TSLanguage* language_of(Language language) {
  switch (language) {
  case Language::c:
    return tree_sitter_c();
  case Language::cpp:
    return tree_sitter_cpp();
  case Language::python:
    return tree_sitter_python();
  }
  return tree_sitter_cpp();
}

TreePtr parse(Language language, std::string_view source) {
  if (source.size() > std::numeric_limits<uint32_t>::max())
    return nullptr;
  struct ParserDeleter {
    void operator()(TSParser* parser) const { ts_parser_delete(parser); }
  };
  std::unique_ptr<TSParser, ParserDeleter> parser(ts_parser_new());
  if (!ts_parser_set_language(parser.get(), language_of(language)))
    return nullptr;
  return TreePtr(ts_parser_parse_string(parser.get(), nullptr, source.data(),
                                        static_cast<uint32_t>(source.size())));
}

std::string blanked_source(Language language, std::string_view text,
                           const CompileOptions& options) {
  // Export macros are a C/C++ concern; Python source is parsed as written.
  return language == Language::python ? std::string(text) : blank_export_macros(text, options);
}

std::vector<Span> error_spans(TSNode root) {
  std::vector<Span> spans;
  if (!ts_node_has_error(root))
    return spans;
  walk(root, [&](TSNode node) {
    if (ts_node_is_error(node) || ts_node_is_missing(node)) {
      spans.push_back(span_of(node));
      return false;
    }
    return ts_node_has_error(node);
  });
  return spans;
}

std::optional<std::size_t> first_error_in(const std::vector<Span>& errors, Span region) {
  for (const Span& error : errors) {
    if (error.begin > region.end)
      break;
    const bool overlaps = error.begin < region.end && error.end > region.begin;
    const bool empty_inside = error.size() == 0 && error.begin >= region.begin;
    if (overlaps || empty_inside)
      return error.begin;
  }
  return std::nullopt;
}

namespace {

// Nodes whose children are the declarations or statements of a file, namespace, class, block or
// preprocessor branch. tree-sitter recovers from an error inside one child without changing how
// its siblings parse, so such a child is the region an error can hide a construct in.
bool is_item_container(std::string_view kind) {
  static constexpr std::string_view k_kinds[] = {
      "translation_unit",
      "declaration_list",
      "field_declaration_list",
      "compound_statement",
      "preproc_if",
      "preproc_ifdef",
      "preproc_else",
      "preproc_elif",
      "preproc_elifdef",
      "module",
      "block",
  };
  return std::find(std::begin(k_kinds), std::end(k_kinds), kind) != std::end(k_kinds);
}

} // namespace

std::optional<std::size_t> error_around(TSNode root, const std::vector<Span>& errors,
                                        Span occurrence) {
  TSNode node = ts_node_descendant_for_byte_range(root, static_cast<uint32_t>(occurrence.begin),
                                                  static_cast<uint32_t>(occurrence.end));
  std::optional<Span> item;
  for (; !ts_node_is_null(node); node = ts_node_parent(node)) {
    if (ts_node_is_error(node))
      return ts_node_start_byte(node);
    const TSNode parent = ts_node_parent(node);
    if (!item && (ts_node_is_null(parent) || is_item_container(ts_node_type(parent))))
      item = span_of(node);
  }
  return item ? first_error_in(errors, *item) : std::nullopt;
}

} // namespace tp::anchor
