#pragma once
// Whole-word search in plain text: export-macro blanking, and anchor::find_word_occurrences.
#include <string>
#include <string_view>

#include "anchor/anchor.hpp"

namespace tp::anchor {

inline bool is_word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// Calls `visit` with the span of each whole-word occurrence of `name` in `text`, in order.
template <typename Visit>
void for_each_word(std::string_view text, std::string_view name, Visit visit) {
  if (name.empty())
    return;
  for (std::size_t at = text.find(name); at != std::string_view::npos;
       at = text.find(name, at + 1)) {
    const std::size_t end = at + name.size();
    const bool starts_word = at == 0 || !is_word_char(text[at - 1]);
    const bool ends_word = end == text.size() || !is_word_char(text[end]);
    if (starts_word && ends_word)
      visit(Span{at, end});
  }
}

// `text` with every whole-word occurrence of each export macro replaced by spaces, so that
// offsets are unchanged while tree-sitter no longer sees the macros.
std::string blank_export_macros(std::string_view text, const CompileOptions& options);

} // namespace tp::anchor
