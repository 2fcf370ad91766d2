#pragma once
// The tree-sitter engine behind syntax anchors. The query and its predicates are compiled once
// and shared read-only; each find() parses with its own parser, so several threads may search
// at once. No tree-sitter type appears here.
#include <memory>
#include <string>
#include <string_view>
#include <variant>

#include "anchor/anchor.hpp"

namespace tp::anchor {

class SyntaxAnchor {
public:
  // Compiles spec.pattern as a query on spec.language; checks that spec.target names a capture,
  // that every predicate is one we evaluate and that every regex (#match?, `within`) compiles.
  static std::variant<SyntaxAnchor, CompileError> compile(const AnchorSpec& spec,
                                                          const CompileOptions& options);

  // Matches in start-offset order without duplicates, with parse degradation (see FindResult).
  FindResult find(std::string_view text) const;

  // From a positive #eq? on a capture that always exists, or from `within`; empty if none.
  const std::string& required_literal() const;

  struct State;
  explicit SyntaxAnchor(std::shared_ptr<const State> state) : m_state(std::move(state)) {}

private:
  std::shared_ptr<const State> m_state;
};

// `text` with every whole-word occurrence of each export macro replaced by spaces, so that
// offsets are unchanged while tree-sitter no longer sees the macros.
std::string blank_export_macros(std::string_view text, const CompileOptions& options);

} // namespace tp::anchor
