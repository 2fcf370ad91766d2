#pragma once
// The path of a node anchor (AnchorSpec::pattern with Kind::node): a chain of tree-sitter node
// types from an outer node down to a token, each step a direct child of the step before it,
//
//   preproc_ifdef[name="_WIN32"] > function_definition @def
//     > declarator: function_declarator > declarator: identifier = "__builtin_clz"
//
//   path  := step (">" step)*
//   step  := [FIELD ":"] TYPE ["[" cond ("," cond)* "]"] ["=" STRING] ["@" CAPTURE]
//   cond  := "!" FIELD            the node has no child in FIELD
//          | FIELD "=" STRING     its first child in FIELD has exactly this text
//
// "FIELD:" says in which field of its parent the node sits; "= STRING" that the node's text is
// exactly STRING. The last step must say "= STRING": the anchor looks up each occurrence of that
// text and checks the path outwards from there, so it compiles no query and walks no whole tree.
// Only the syntax is checked here; node_anchor.cpp checks the types and fields against a grammar.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "anchor/anchor.hpp"

namespace tp::anchor {

struct NodeCondition {
  std::string field;
  bool absent = false; // "!FIELD"; otherwise FIELD = text
  std::string text;
  std::size_t offset = 0; // of the field name in the path
};

struct NodeStep {
  std::string field; // empty: any field or none
  std::string type;
  std::vector<NodeCondition> conditions;
  std::optional<std::string> text;
  std::string capture; // empty: not captured
  std::size_t field_offset = 0;
  std::size_t type_offset = 0;
};

struct NodePath {
  std::vector<NodeStep> steps; // outermost first; never empty; the last one has `text`
};

// The path in `source`, or what is wrong and where (CompileError::offset into `source`).
std::variant<NodePath, CompileError> parse_node_path(std::string_view source);

} // namespace tp::anchor
