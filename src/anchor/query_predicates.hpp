#pragma once
// The predicates of a compiled tree-sitter query (#eq?, #match?, #any-of? and their #not-
// forms), read from ts_query_predicates_for_pattern and evaluated here (tree-sitter's runtime
// leaves that to its caller). anchor/ only.
#include <tree_sitter/api.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "anchor/anchor.hpp"
#include "anchor/regex_anchor.hpp"

namespace tp::anchor {

enum class PredicateKind { eq, match, any_of };

struct Predicate {
  PredicateKind kind = PredicateKind::eq;
  bool negated = false;
  uint32_t capture = 0;
  std::optional<uint32_t> other_capture; // #eq? @a @b
  std::string value;                     // #eq? @a "text"
  std::vector<std::string> values;       // #any-of?
  std::optional<RegexAnchor> regex;      // #match?
};

// The predicates of `pattern`, each checked; an error points into the query's `source`.
std::variant<std::vector<Predicate>, CompileError>
compile_predicates(const TSQuery* query, uint32_t pattern, std::string_view source);

// The nodes of each capture in one query match, in document order.
using CaptureNodes = std::vector<std::vector<Span>>;

// Follows tree-sitter's own reading: a predicate holds for every node of its capture (so a
// capture that matched no node satisfies it), and capture-vs-capture compares node by node.
bool holds(const Predicate& predicate, const CaptureNodes& captures, std::string_view text);

std::string_view capture_name(const TSQuery* query, uint32_t id);

// ts_query_new's error, said as a user reads it.
std::string describe_query_error(TSQueryError type, std::string_view source, uint32_t offset);

} // namespace tp::anchor
