#pragma once
// Diagnostic: a problem in user input (patchset, query, regex, path) with file:line:col and a
// caret under the offending column. Diagnostics accumulate so that lint shows every problem.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace tp {

struct LineCol {
  std::size_t line = 1;   // 1-based
  std::size_t column = 1; // 1-based, in bytes
};

// The line and column of byte `offset` in `text` (offset may equal text.size()).
LineCol line_col_at(std::string_view text, std::size_t offset);

// The byte offset of the start of 1-based `line` in `text` (text.size() if past the end).
std::size_t offset_of_line(std::string_view text, std::size_t line);

// The text of the line containing `offset`, without its line ending.
std::string_view line_containing(std::string_view text, std::size_t offset);

struct Diagnostic {
  std::string file;
  LineCol where;
  std::string message;     // what was expected / what is wrong
  std::string source_line; // the offending line, shown with a caret; may be empty

  // Builds a diagnostic pointing at byte `offset` of `text` (the content of `file`).
  static Diagnostic at(std::string file, std::string_view text, std::size_t offset,
                       std::string message);

  // "file:line:col: error: message\n  source line\n  ^\n" (no caret part without a source line).
  std::string render() const;
};

using Diagnostics = std::vector<Diagnostic>;

std::string render_all(const Diagnostics& diagnostics);

} // namespace tp
