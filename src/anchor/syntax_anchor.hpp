#pragma once
// The tree-sitter engine behind syntax anchors. The query and its predicates are compiled once
// (at compile() or, with QueryCompilation::on_first_use, at the first find()) and shared
// read-only; each find() parses with its own parser, so several threads may search at once.
// No tree-sitter type appears here.
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "anchor/anchor.hpp"
#include "anchor/query_text.hpp" // literal_from_query_text, which compile() uses
#include "anchor/words.hpp"      // blank_export_macros, which find() uses

namespace tp::anchor {

class SyntaxAnchor {
public:
  // Compiles spec.pattern as a query on spec.language; checks that spec.target names a capture,
  // that every predicate is one we evaluate and that every regex (#match?, `within`) compiles.
  static std::variant<SyntaxAnchor, CompileError> compile(const AnchorSpec& spec,
                                                          const CompileOptions& options);

  // Matches in start-offset order without duplicates, with parse degradation (see FindResult).
  FindResult find(std::string_view text) const;
  // The same in shared.text(), with the parse tree the other anchors there share.
  FindResult find(const SharedAnalysis& shared) const;

  // Compiles the query now if it was deferred (CompiledAnchor::prepare), and whether it is.
  void prepare() const { (void)state(); }
  bool is_prepared() const;

  // From a positive #eq? on a capture that always exists, or from `within`; empty if none.
  const std::string& required_literal() const;

  struct State;
  struct Deferred;
  explicit SyntaxAnchor(std::shared_ptr<Deferred> deferred) : m_deferred(std::move(deferred)) {}

private:
  const State& state() const;
  std::shared_ptr<Deferred> m_deferred;
};

} // namespace tp::anchor
