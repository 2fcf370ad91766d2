// Whole-word search in plain text: export-macro blanking and rename with regex anchors.
#include "anchor/anchor.hpp"
#include "anchor/syntax_anchor.hpp"

#include <string>

namespace tp::anchor {
namespace {

bool is_word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

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

} // namespace

std::vector<Span> find_word_occurrences(std::string_view text, std::string_view name) {
  std::vector<Span> spans;
  for_each_word(text, name, [&](Span span) { spans.push_back(span); });
  return spans;
}

std::string blank_export_macros(std::string_view text, const CompileOptions& options) {
  std::string blanked(text);
  for (const std::string& macro : options.export_macros)
    for_each_word(text, macro,
                  [&](Span span) { blanked.replace(span.begin, span.size(), span.size(), ' '); });
  return blanked;
}

} // namespace tp::anchor
