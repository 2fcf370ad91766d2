#include "ops/explain.hpp"

#include <cctype>
#include <optional>

namespace tp::ops {

namespace {

// Text reduced to what an error message means, with a map back to the original offsets.
struct Folded {
  std::string text;
  std::vector<std::size_t> origin; // origin[i]: offset in the input of text[i]
};

Folded fold(std::string_view in) {
  Folded out;
  out.text.reserve(in.size());
  out.origin.reserve(in.size());
  bool pending_space = false;
  std::size_t space_at = 0;
  for (std::size_t i = 0; i < in.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(in[i]);
    if (std::isspace(c)) {
      if (!pending_space)
        space_at = i;
      pending_space = true;
      continue;
    }
    char folded = static_cast<char>(std::tolower(c));
    std::size_t width = 1;
    // UTF-8 typographic quotes: ‘ ’ (E2 80 98/99) and “ ” (E2 80 9C/9D); GCC prints them in
    // UTF-8 locales where the catalog may hold ASCII quotes.
    if (c == 0xE2 && i + 2 < in.size() && static_cast<unsigned char>(in[i + 1]) == 0x80) {
      unsigned char d = static_cast<unsigned char>(in[i + 2]);
      if (d == 0x98 || d == 0x99) {
        folded = '\'';
        width = 3;
      } else if (d == 0x9C || d == 0x9D) {
        folded = '"';
        width = 3;
      }
    } else if (c == '\\') {
      folded = '/';
    }
    if (pending_space && !out.text.empty()) {
      out.text.push_back(' ');
      out.origin.push_back(space_at);
    }
    pending_space = false;
    out.text.push_back(folded);
    out.origin.push_back(i);
    i += width - 1;
  }
  return out;
}

std::size_t line_number_at(std::string_view text, std::size_t offset) {
  std::size_t line = 1;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i)
    if (text[i] == '\n')
      ++line;
  return line;
}

} // namespace

ExplainReport explain_log(const catalog::Catalog& catalog, std::string_view log) {
  ExplainReport report;
  Folded folded_log = fold(log);
  for (const auto& p : catalog.patchsets) {
    std::optional<ExplainMatch> best;
    for (const auto& error : p.errors) {
      Folded needle = fold(error);
      if (needle.text.empty())
        continue;
      std::size_t count = 0, first = std::string::npos;
      for (auto at = folded_log.text.find(needle.text); at != std::string::npos;
           at = folded_log.text.find(needle.text, at + needle.text.size())) {
        if (first == std::string::npos)
          first = at;
        ++count;
      }
      if (!count)
        continue;
      std::size_t offset = folded_log.origin[first];
      std::size_t line = line_number_at(log, offset);
      // The earliest match wins; on the same line, the longest (most specific) message.
      if (best && (best->line < line || (best->line == line && best->error.size() >= error.size()))) {
        best->occurrences += count;
        continue;
      }
      ExplainMatch m;
      m.patchset = p.id;
      m.title = p.title;
      m.error = error;
      m.line = line;
      m.log_line = std::string(line_containing(log, offset));
      m.occurrences = count + (best ? best->occurrences : 0);
      best = std::move(m);
    }
    if (best)
      report.matches.push_back(std::move(*best));
  }
  return report;
}

} // namespace tp::ops
