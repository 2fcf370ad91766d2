#include "base/diagnostic.hpp"

#include <algorithm>

namespace tp {

LineCol line_col_at(std::string_view text, std::size_t offset) {
  offset = std::min(offset, text.size());
  LineCol lc;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++lc.line;
      line_start = i + 1;
    }
  }
  lc.column = offset - line_start + 1;
  return lc;
}

std::size_t offset_of_line(std::string_view text, std::size_t line) {
  std::size_t offset = 0;
  for (std::size_t l = 1; l < line; ++l) {
    auto nl = text.find('\n', offset);
    if (nl == std::string_view::npos)
      return text.size();
    offset = nl + 1;
  }
  return offset;
}

std::string_view line_containing(std::string_view text, std::size_t offset) {
  offset = std::min(offset, text.size());
  std::size_t begin = offset;
  while (begin > 0 && text[begin - 1] != '\n')
    --begin;
  auto end = text.find('\n', offset);
  if (end == std::string_view::npos)
    end = text.size();
  auto line = text.substr(begin, end - begin);
  if (!line.empty() && line.back() == '\r')
    line.remove_suffix(1);
  return line;
}

Diagnostic Diagnostic::at(std::string file, std::string_view text, std::size_t offset,
                          std::string message) {
  Diagnostic d;
  d.file = std::move(file);
  d.where = line_col_at(text, offset);
  d.message = std::move(message);
  d.source_line = std::string(line_containing(text, offset));
  return d;
}

std::string Diagnostic::render() const {
  std::string out = file + ":" + std::to_string(where.line) + ":" + std::to_string(where.column) +
                    ": error: " + message + "\n";
  if (!source_line.empty()) {
    out += "  " + source_line + "\n  ";
    // Keep tabs so the caret lines up under tab-indented source.
    for (std::size_t i = 0; i + 1 < where.column && i < source_line.size(); ++i)
      out += source_line[i] == '\t' ? '\t' : ' ';
    out += "^\n";
  }
  return out;
}

std::string render_all(const Diagnostics& diagnostics) {
  std::string out;
  for (const auto& d : diagnostics)
    out += d.render();
  return out;
}

} // namespace tp
