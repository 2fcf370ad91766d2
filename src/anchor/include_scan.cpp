#include "anchor/include_scan.hpp"

#include <algorithm>

namespace tp::anchor {

namespace {

bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\r';
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_blank(s.front()))
    s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back()))
    s.remove_suffix(1);
  return s;
}

bool is_ident(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

std::string_view take_ident(std::string_view& s) {
  s = trim(s);
  std::size_t n = 0;
  while (n < s.size() && is_ident(s[n]))
    ++n;
  auto word = s.substr(0, n);
  s.remove_prefix(n);
  return word;
}

// One logical line: physical lines joined by a trailing backslash, comments replaced by a blank,
// string and character literals kept (so that a "/*" inside one starts no comment).
struct LogicalLine {
  Span span;
  std::string code;
};

class LineReader {
public:
  explicit LineReader(std::string_view text) : m_text(text) {}

  bool next(LogicalLine& line) {
    if (m_pos >= m_text.size())
      return false;
    line.span.begin = m_pos;
    line.code.clear();
    bool line_comment = false;
    const std::size_t n = m_text.size();
    while (m_pos < n) {
      const char c = m_text[m_pos];
      const char next = m_pos + 1 < n ? m_text[m_pos + 1] : '\0';
      if (c == '\n') {
        // Backslash-newline joins lines before comments are recognised (translation phase 2),
        // also inside a // comment; inside a block comment it changes nothing.
        bool continued = !m_in_block && m_pos > 0 && m_text[m_pos - 1] == '\\';
        ++m_pos;
        if (continued) {
          if (!line.code.empty() && line.code.back() == '\\')
            line.code.pop_back();
          continue;
        }
        break;
      }
      if (m_in_block) {
        if (c == '*' && next == '/') {
          m_in_block = false;
          line.code += ' ';
          m_pos += 2;
        } else {
          ++m_pos;
        }
        continue;
      }
      if (line_comment) {
        ++m_pos;
        continue;
      }
      if (c == '/' && next == '*') {
        m_in_block = true;
        m_pos += 2;
        continue;
      }
      if (c == '/' && next == '/') {
        line_comment = true;
        line.code += ' ';
        m_pos += 2;
        continue;
      }
      if (c == '"' || c == '\'') {
        // A literal ends at its unescaped quote or at the line's end (an unterminated one, or a
        // digit separator such as 1'000, spoils nothing beyond this line).
        line.code += c;
        ++m_pos;
        while (m_pos < n && m_text[m_pos] != '\n') {
          const char d = m_text[m_pos];
          line.code += d;
          ++m_pos;
          if (d == '\\' && m_pos < n && m_text[m_pos] != '\n') {
            line.code += m_text[m_pos];
            ++m_pos;
          } else if (d == c) {
            break;
          }
        }
        continue;
      }
      line.code += c;
      ++m_pos;
    }
    line.span.end = m_pos;
    return true;
  }

private:
  std::string_view m_text;
  std::size_t m_pos = 0;
  bool m_in_block = false;
};

// The header of an #include's operand: "<…>" or "\"…\"", delimiters kept; empty if malformed
// (a computed include such as `#include MACRO`).
std::string include_operand(std::string_view rest) {
  rest = trim(rest);
  if (rest.empty())
    return {};
  const char close = rest.front() == '<' ? '>' : rest.front() == '"' ? '"' : '\0';
  if (!close)
    return {};
  auto end = rest.find(close, 1);
  if (end == std::string_view::npos)
    return {};
  return std::string(rest.substr(0, end + 1));
}

} // namespace

IncludeScan scan_includes(std::string_view text) {
  IncludeScan scan;
  scan.first_code = text.size();

  struct Found {
    IncludeDirective directive;
    std::size_t depth;
    std::size_t outer; // the outermost open conditional's id, when depth > 0
  };
  std::vector<Found> found;
  std::vector<std::size_t> open; // ids of the open conditional blocks
  std::size_t next_id = 0;
  std::size_t directives = 0;
  bool seen_code = false;
  bool seen_declaration = false; // a line of code that is no directive

  // A whole-file guard: the first thing in the file is `#ifndef X` (or `#if !defined(X)`), the
  // next directive `#define X`, and its `#endif` is the last thing in the file.
  std::string guard_macro;
  bool guard_candidate = false, guard_defined = false, guard_closed = false, guard_broken = false;
  Span define_line{};
  std::optional<Span> pragma_once;

  LineReader reader(text);
  LogicalLine line;
  while (reader.next(line)) {
    std::string_view code = trim(line.code);
    if (code.empty())
      continue;
    if (!seen_code) {
      seen_code = true;
      scan.first_code = line.span.begin;
    }
    if (guard_closed)
      guard_broken = true; // something after the guard's #endif
    if (code.front() != '#') {
      seen_declaration = true;
      continue;
    }
    std::string_view rest = code.substr(1);
    std::string_view word = take_ident(rest);
    const std::size_t index = directives++;
    if (word == "if" || word == "ifdef" || word == "ifndef") {
      if (index == 0 && word == "ifndef") {
        guard_macro = std::string(take_ident(rest));
        guard_candidate = !guard_macro.empty() && trim(rest).empty();
      } else if (index == 0 && word == "if") {
        // #if !defined(X) / #if !defined X
        std::string_view r = trim(rest);
        if (!r.empty() && r.front() == '!') {
          r.remove_prefix(1);
          if (take_ident(r) == "defined") {
            r = trim(r);
            bool paren = !r.empty() && r.front() == '(';
            if (paren)
              r.remove_prefix(1);
            guard_macro = std::string(take_ident(r));
            r = trim(r);
            if (paren && !r.empty() && r.front() == ')')
              r.remove_prefix(1), paren = false;
            guard_candidate = !guard_macro.empty() && !paren && trim(r).empty();
          }
        }
      }
      open.push_back(next_id++);
    } else if (word == "elif" || word == "else" || word == "elifdef" || word == "elifndef") {
      if (open.size() == 1 && open.front() == 0)
        guard_broken = true; // a guard has no alternative branch
    } else if (word == "endif") {
      if (!open.empty()) {
        if (open.size() == 1 && open.front() == 0 && guard_candidate)
          guard_closed = true;
        open.pop_back();
      } else {
        guard_broken = true;
      }
    } else if (word == "define") {
      if (index == 1 && guard_candidate && take_ident(rest) == guard_macro) {
        guard_defined = true;
        define_line = line.span;
      }
    } else if (word == "pragma") {
      if (trim(rest) == "once" && open.empty() && !pragma_once)
        pragma_once = line.span;
    } else if (word == "include") {
      std::string header = include_operand(rest);
      if (!header.empty())
        found.push_back({{header, line.span, false, !seen_declaration},
                         open.size(),
                         open.empty() ? 0 : open.front()});
    }
  }
  const bool guarded = guard_candidate && guard_defined && guard_closed && !guard_broken;
  for (auto& f : found) {
    f.directive.top_level = f.depth == 0 || (guarded && f.depth == 1 && f.outer == 0);
    scan.includes.push_back(std::move(f.directive));
  }
  if (guarded)
    scan.guard_line = define_line;
  if (pragma_once && (!scan.guard_line || scan.guard_line->begin < pragma_once->begin))
    scan.guard_line = pragma_once;
  return scan;
}

bool is_include_name(std::string_view header, std::string* why, std::size_t* at) {
  auto bad = [&](std::string message, std::size_t offset) {
    if (why)
      *why = std::move(message);
    if (at)
      *at = offset;
    return false;
  };
  if (header.empty())
    return bad("an include name must not be empty: write \"<cstdint>\" or \"\\\"name.h\\\"\"", 0);
  const char open = header.front();
  if (open != '<' && open != '"')
    return bad("an include name starts with '<' or '\"' (e.g. \"<cstdint>\"), not '" +
                   std::string(1, open) + "'",
               0);
  const char close = open == '<' ? '>' : '"';
  if (header.size() < 3 || header.back() != close)
    return bad(std::string("an include name that starts with '") + open + "' ends with '" + close +
                   "'",
               header.size() - 1);
  for (std::size_t i = 1; i + 1 < header.size(); ++i) {
    const char c = header[i];
    if (c == '\n' || c == '\r' || c == close || (open == '<' && c == '<'))
      return bad("an include name holds no line break and no '" +
                     std::string(1, c == '\n' || c == '\r' ? close : c) + "' inside its delimiters",
                 i);
  }
  if (is_blank(header[1]) || is_blank(header[header.size() - 2]))
    return bad("an include name has no blanks just inside its delimiters",
               is_blank(header[1]) ? 1 : header.size() - 2);
  return true;
}

std::optional<Span> include_anchor_line(const IncludeScan& scan) {
  const IncludeDirective* last_system = nullptr;
  const IncludeDirective* last_any = nullptr;
  for (const auto& d : scan.includes) {
    if (!d.top_level || !d.before_code)
      continue;
    last_any = &d;
    if (d.header.front() == '<')
      last_system = &d;
  }
  if (last_system)
    return last_system->line;
  if (last_any)
    return last_any->line;
  return scan.guard_line;
}

} // namespace tp::anchor
