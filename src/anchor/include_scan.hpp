#pragma once
// The #include directives of a C/C++ file and where a new one belongs, for the ensure-include
// action. A line scanner that follows the preprocessor's own rules rather than a C++ parser:
// directives are lines, `\` joins lines, comments (also ones spanning lines, also ones before the
// `#`) are blanks, string and character literals never start a comment, and conditional blocks
// (#if/#ifdef/#ifndef … #endif) nest. tree-sitter-cpp parses a preprocessor-heavy header as
// best it can and marks the rest as ERROR nodes; the preprocessor's line grammar is small enough
// to follow exactly, and scanning costs one pass over the bytes.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "anchor/span.hpp"

namespace tp::anchor {

struct IncludeDirective {
  std::string header;       // with its delimiters: "<cstdint>" or "\"c10/macros/Macros.h\""
  Span line;                // the directive's whole (logical) line, its line ending included
  bool top_level = false;   // not inside any conditional block other than a whole-file guard
  bool before_code = false; // no line of code (other than directives) comes before it
};

struct IncludeScan {
  std::vector<IncludeDirective> includes; // in file order, conditional ones too
  // The line of `#pragma once` or of the include guard's `#define`, whichever comes last.
  std::optional<Span> guard_line;
  // The start of the first line holding something other than comments and blanks (text.size()
  // when there is none).
  std::size_t first_code = 0;
};

// Scans normalized text (LF line endings, no BOM).
IncludeScan scan_includes(std::string_view text);

// Whether `header` is a well-formed include name: "<name>" or "\"name\"", name non-empty, without
// line breaks or the closing delimiter. On failure `why` says what is wrong and `at` the offset.
bool is_include_name(std::string_view header, std::string* why = nullptr,
                     std::size_t* at = nullptr);

// The line after which a new system include goes: the last top-level `#include <…>` of the
// file's leading include block, else the last top-level include of any kind there, else the
// `#pragma once` / guard `#define` line; nullopt when there is none of them (then the new line
// goes before `first_code`). Includes after the first line of code are never chosen: a header
// that ends with `#include "x-inl.h"` (c10/util/BFloat16.h) needs the new include before its code.
std::optional<Span> include_anchor_line(const IncludeScan& scan);

} // namespace tp::anchor
