#pragma once
// The engine behind node anchors (Kind::node): a path of node types (anchor/node_path.hpp)
// checked on the parse tree outwards from each occurrence of the token text it ends with. It
// compiles no tree-sitter query, so loading one costs microseconds where a C++ query costs
// milliseconds (ts_query_new analyses every query against the whole grammar), and a search looks
// at the few nodes around each occurrence instead of running a query over the whole tree.
// No tree-sitter type appears here.
#include <memory>
#include <string>
#include <string_view>
#include <variant>

#include "anchor/anchor.hpp"

namespace tp::anchor {

class NodeAnchor {
public:
  // Parses spec.pattern as a path; checks every node type and field against spec.language's
  // grammar, that spec.target names a capture of the path and that `within` compiles.
  static std::variant<NodeAnchor, CompileError> compile(const AnchorSpec& spec,
                                                        const CompileOptions& options);

  // Matches in start-offset order without duplicates, with parse degradation as a syntax
  // anchor judges it (FindResult), located by the path's token text.
  FindResult find(std::string_view text) const;
  FindResult find(const SharedAnalysis& shared) const;

  // The path's token text, or `within`'s literal when that is longer.
  const std::string& required_literal() const;

  struct State;
  explicit NodeAnchor(std::shared_ptr<const State> state) : m_state(std::move(state)) {}

private:
  std::shared_ptr<const State> m_state;
};

} // namespace tp::anchor
