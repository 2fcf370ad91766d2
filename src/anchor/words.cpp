#include "anchor/words.hpp"

namespace tp::anchor {

std::string blank_export_macros(std::string_view text, const CompileOptions& options) {
  std::string blanked(text);
  for (const std::string& macro : options.export_macros)
    for_each_word(text, macro,
                  [&](Span span) { blanked.replace(span.begin, span.size(), span.size(), ' '); });
  return blanked;
}

} // namespace tp::anchor
