#include "anchor/include_scan.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

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
    while (m_pos < m_text.size()) {
      const char c = m_text[m_pos];
      if (c == '\n') {
        if (continues(line))
          continue;
        break;
      }
      if (m_in_block) {
        block_comment(line);
      } else if (line_comment) {
        ++m_pos;
      } else if (c == '/' && peek() == '*') {
        m_in_block = true;
        m_pos += 2;
      } else if (c == '/' && peek() == '/') {
        line_comment = true;
        line.code += ' ';
        m_pos += 2;
      } else if (c == '"' || c == '\'') {
        literal(line, c);
      } else {
        line.code += c;
        ++m_pos;
      }
    }
    line.span.end = m_pos;
    return true;
  }

private:
  char peek() const { return m_pos + 1 < m_text.size() ? m_text[m_pos + 1] : '\0'; }

  // At a newline: steps over it; true when a backslash before it joins the next line. Lines are
  // joined before comments are recognised (translation phase 2), also inside a // comment;
  // inside a block comment it changes nothing.
  bool continues(LogicalLine& line) {
    const bool continued = !m_in_block && m_pos > 0 && m_text[m_pos - 1] == '\\';
    ++m_pos;
    if (continued && !line.code.empty() && line.code.back() == '\\')
      line.code.pop_back();
    return continued;
  }

  // Inside /* */: its end becomes one blank.
  void block_comment(LogicalLine& line) {
    if (m_text[m_pos] == '*' && peek() == '/') {
      m_in_block = false;
      line.code += ' ';
      m_pos += 2;
    } else {
      ++m_pos;
    }
  }

  // A literal ends at its unescaped quote or at the line's end (an unterminated one, or a digit
  // separator such as 1'000, spoils nothing beyond this line).
  void literal(LogicalLine& line, char quote) {
    line.code += quote;
    ++m_pos;
    while (m_pos < m_text.size() && m_text[m_pos] != '\n') {
      const char d = m_text[m_pos];
      line.code += d;
      ++m_pos;
      if (d == '\\' && m_pos < m_text.size() && m_text[m_pos] != '\n') {
        line.code += m_text[m_pos];
        ++m_pos;
      } else if (d == quote) {
        break;
      }
    }
  }

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

// The macro of a guard's `#if !defined(X)` / `#if !defined X` (`rest` follows the `if`), or "".
std::string guard_of_if_not_defined(std::string_view rest) {
  std::string_view r = trim(rest);
  if (r.empty() || r.front() != '!')
    return {};
  r.remove_prefix(1);
  if (take_ident(r) != "defined")
    return {};
  r = trim(r);
  const bool paren = !r.empty() && r.front() == '(';
  if (paren)
    r.remove_prefix(1);
  std::string macro(take_ident(r));
  r = trim(r);
  if (paren) {
    if (r.empty() || r.front() != ')')
      return {};
    r.remove_prefix(1);
  }
  return trim(r).empty() ? macro : std::string();
}

// scan_includes' state, line by line.
class IncludeScanner {
public:
  explicit IncludeScanner(std::size_t text_size) { m_scan.first_code = text_size; }

  void line(const LogicalLine& line) {
    std::string_view code = trim(line.code);
    if (code.empty())
      return;
    if (!m_seen_code) {
      m_seen_code = true;
      m_scan.first_code = line.span.begin;
    }
    if (m_guard_closed)
      m_guard_broken = true; // something after the guard's #endif
    if (code.front() != '#') {
      m_seen_declaration = true;
      return;
    }
    std::string_view rest = code.substr(1);
    const std::string_view word = take_ident(rest); // before `rest` is passed on
    directive(word, rest, line.span, m_directives++);
  }

  IncludeScan finish() &&;

private:
  struct Found {
    IncludeDirective directive;
    std::size_t depth;
    std::size_t outer; // the outermost open conditional's id, when depth > 0
  };

  void directive(std::string_view word, std::string_view rest, Span span, std::size_t index);
  void conditional(std::string_view word, std::string_view rest, std::size_t index);
  void endif();

  IncludeScan m_scan;
  std::vector<Found> m_found;
  std::vector<std::size_t> m_open; // ids of the open conditional blocks
  std::size_t m_next_id = 0;
  std::size_t m_directives = 0;
  bool m_seen_code = false;
  bool m_seen_declaration = false; // a line of code that is no directive
  // A whole-file guard: the first thing in the file is `#ifndef X` (or `#if !defined(X)`), the
  // next directive `#define X`, and its `#endif` is the last thing in the file.
  std::string m_guard_macro;
  bool m_guard_candidate = false, m_guard_defined = false, m_guard_closed = false,
       m_guard_broken = false;
  Span m_define_line{};
  std::optional<Span> m_pragma_once;
};

void IncludeScanner::directive(std::string_view word, std::string_view rest, Span span,
                               std::size_t index) {
  if (word == "if" || word == "ifdef" || word == "ifndef") {
    conditional(word, rest, index);
  } else if (word == "elif" || word == "else" || word == "elifdef" || word == "elifndef") {
    if (m_open.size() == 1 && m_open.front() == 0)
      m_guard_broken = true; // a guard has no alternative branch
  } else if (word == "endif") {
    endif();
  } else if (word == "define") {
    if (index == 1 && m_guard_candidate && take_ident(rest) == m_guard_macro) {
      m_guard_defined = true;
      m_define_line = span;
    }
  } else if (word == "pragma") {
    if (trim(rest) == "once" && m_open.empty() && !m_pragma_once)
      m_pragma_once = span;
  } else if (word == "include") {
    std::string header = include_operand(rest);
    if (!header.empty())
      m_found.push_back({{header, span, false, !m_seen_declaration},
                         m_open.size(),
                         m_open.empty() ? 0 : m_open.front()});
  }
}

void IncludeScanner::conditional(std::string_view word, std::string_view rest, std::size_t index) {
  if (index == 0 && word == "ifndef") {
    m_guard_macro = std::string(take_ident(rest));
    m_guard_candidate = !m_guard_macro.empty() && trim(rest).empty();
  } else if (index == 0 && word == "if") {
    m_guard_macro = guard_of_if_not_defined(rest);
    m_guard_candidate = !m_guard_macro.empty();
  }
  m_open.push_back(m_next_id++);
}

void IncludeScanner::endif() {
  if (m_open.empty()) {
    m_guard_broken = true;
    return;
  }
  if (m_open.size() == 1 && m_open.front() == 0 && m_guard_candidate)
    m_guard_closed = true;
  m_open.pop_back();
}

IncludeScan IncludeScanner::finish() && {
  const bool guarded = m_guard_candidate && m_guard_defined && m_guard_closed && !m_guard_broken;
  for (auto& f : m_found) {
    f.directive.top_level = f.depth == 0 || (guarded && f.depth == 1 && f.outer == 0);
    m_scan.includes.push_back(std::move(f.directive));
  }
  if (guarded)
    m_scan.guard_line = m_define_line;
  if (m_pragma_once && (!m_scan.guard_line || m_scan.guard_line->begin < m_pragma_once->begin))
    m_scan.guard_line = m_pragma_once;
  return std::move(m_scan);
}

} // namespace

IncludeScan scan_includes(std::string_view text) {
  IncludeScanner scanner(text.size());
  LineReader reader(text);
  LogicalLine line;
  while (reader.next(line))
    scanner.line(line);
  return std::move(scanner).finish();
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
