#pragma once
// tree-sitter plumbing shared by the syntax anchor and the identifier search (anchor/ only: the
// public headers name no tree-sitter type): the grammars, parsing, walking a tree, and where its
// errors are.
#include <tree_sitter/api.h>

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "anchor/anchor.hpp"

namespace tp::anchor {

const TSLanguage* language_of(Language language);

struct QueryDeleter {
  void operator()(TSQuery* query) const { ts_query_delete(query); }
};
struct TreeDeleter {
  void operator()(TSTree* tree) const { ts_tree_delete(tree); }
};
struct QueryCursorDeleter {
  void operator()(TSQueryCursor* cursor) const { ts_query_cursor_delete(cursor); }
};
using TreePtr = std::unique_ptr<TSTree, TreeDeleter>;

// Parses `source` (already blanked). Null when the runtime refuses the grammar or the text is
// beyond tree-sitter's 32-bit offsets.
TreePtr parse(Language language, std::string_view source);

// `text` as the parser sees it: C and C++ with the export macros blanked, Python as written.
std::string blanked_source(Language language, std::string_view text, const CompileOptions& options);

inline Span span_of(TSNode node) {
  return {ts_node_start_byte(node), ts_node_end_byte(node)};
}

// Visits the tree in document order. `visit` returns whether to descend into the node.
template <typename Visit> void walk(TSNode root, Visit visit) {
  TSTreeCursor cursor = ts_tree_cursor_new(root);
  for (;;) {
    if (visit(ts_tree_cursor_current_node(&cursor)) && ts_tree_cursor_goto_first_child(&cursor))
      continue;
    bool moved = false;
    while (!(moved = ts_tree_cursor_goto_next_sibling(&cursor)))
      if (!ts_tree_cursor_goto_parent(&cursor))
        break;
    if (!moved)
      break;
  }
  ts_tree_cursor_delete(&cursor);
}

// The ERROR and MISSING nodes of the tree, in document order (an ERROR node's inside is not
// searched further: its start is what a user needs to see).
std::vector<Span> error_spans(TSNode root);

// The first error touching `region` (a zero-width MISSING node counts at either edge).
std::optional<std::size_t> first_error_in(const std::vector<Span>& errors, Span region);

// The first error that could hide a construct containing the bytes `occurrence`: one inside the
// declaration or statement that holds them (the ancestor whose parent is an item container), or
// an ERROR node enclosing them.
std::optional<std::size_t> error_around(TSNode root, const std::vector<Span>& errors,
                                        Span occurrence);

} // namespace tp::anchor
