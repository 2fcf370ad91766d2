#include "anchor/query_text.hpp"

#include <algorithm>
#include <map>
#include <utility>
#include <vector>

namespace tp::anchor {

namespace {

// Reads a query as ts_query__parse_pattern (tree-sitter 0.25, query.c) does, keeping only what
// literal_from_predicates() asks of the compiled query: how many patterns there are, which
// captures every match of the pattern has (a quantifier of One or OneOrMore), and the
// positive #eq? predicates with a string. Of tree-sitter's quantifier arithmetic only the lower
// bound matters here, and it follows three rules: a capture is required when a sequence or node
// requires it in any child, an alternation only when every branch does, and a `?` or `*` after
// a pattern makes nothing inside it required. Node and field names are not checked (a query
// with a wrong name fails to compile wherever it is compiled); anything this reader does not
// follow makes it give up, and the query is then compiled to know.
class QueryText {
public:
  explicit QueryText(std::string_view text) : m_text(text) {}

  std::optional<std::string> literal() {
    // tree-sitter reads code points (and stops at a NUL); this reader, ASCII bytes.
    if (std::any_of(m_text.begin(), m_text.end(),
                    [](char c) { return c == '\0' || static_cast<unsigned char>(c) >= 0x80; }))
      return std::nullopt;
    skip_space();
    std::size_t patterns = 0;
    Required required;
    while (m_at < m_text.size()) {
      Required pattern_required;
      if (!pattern(pattern_required) || m_done_by_parent)
        return std::nullopt;
      if (patterns++ == 0)
        required = std::move(pattern_required);
    }
    if (patterns != 1)
      return patterns == 0 ? std::nullopt : std::optional<std::string>(std::string());
    std::string best;
    for (const auto& [capture, value] : m_eq_strings)
      if (required[capture] && value.size() > best.size())
        best = value;
    return best;
  }

private:
  // Capture name -> whether every match of the pattern (so far) has it.
  using Required = std::map<std::string, bool, std::less<>>;

  char next() const { return m_at < m_text.size() ? m_text[m_at] : '\0'; }
  static bool is_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }
  static bool is_alnum(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
  }
  bool at_identifier_start() const { return is_alnum(next()) || next() == '_' || next() == '-'; }

  void skip_space() {
    for (;;) {
      if (is_space(next())) {
        ++m_at;
      } else if (next() == ';') {
        while (m_at < m_text.size() && m_text[m_at] != '\n')
          ++m_at;
      } else {
        return;
      }
    }
  }

  std::string identifier() {
    const std::size_t start = m_at;
    do
      ++m_at;
    while (is_alnum(next()) || next() == '_' || next() == '-' || next() == '.' || next() == '?' ||
           next() == '!');
    return std::string(m_text.substr(start, m_at - start));
  }

  std::optional<std::string> string_literal() {
    std::string value;
    ++m_at; // the opening quote
    while (m_at < m_text.size()) {
      const char c = m_text[m_at++];
      if (c == '"')
        return value;
      if (c == '\n')
        return std::nullopt;
      if (c != '\\') {
        value += c;
        continue;
      }
      if (m_at >= m_text.size())
        return std::nullopt;
      const char escaped = m_text[m_at++];
      value += escaped == 'n'   ? '\n'
               : escaped == 'r' ? '\r'
               : escaped == 't' ? '\t'
               : escaped == '0' ? '\0'
                                : escaped;
    }
    return std::nullopt;
  }

  static void add_all(Required& into, const Required& from) {
    for (const auto& [capture, required] : from)
      into[capture] = into[capture] || required;
  }

  // `(#name args…)`, the '#' already read. Records a positive #eq? of a capture and a string.
  bool predicate() {
    if (!at_identifier_start())
      return false;
    const std::string name = identifier();
    skip_space();
    std::vector<std::pair<bool, std::string>> arguments; // (is a capture, text)
    for (;;) {
      if (next() == ')') {
        ++m_at;
        skip_space();
        break;
      }
      if (next() == '@') {
        ++m_at;
        if (!at_identifier_start())
          return false;
        arguments.emplace_back(true, identifier());
      } else if (next() == '"') {
        auto value = string_literal();
        if (!value)
          return false;
        arguments.emplace_back(false, std::move(*value));
      } else if (at_identifier_start()) {
        arguments.emplace_back(false, identifier());
      } else {
        return false;
      }
      skip_space();
    }
    if (name == "eq?" && arguments.size() == 2 && arguments[0].first && !arguments[1].first)
      m_eq_strings.emplace_back(arguments[0].second, arguments[1].second);
    return true;
  }

  // One pattern with its suffixes; false when this reader gives up. Sets m_done_by_parent, and
  // reads nothing, at a ')' or ']' (ts_query__parse_pattern's PARENT_DONE).
  bool pattern(Required& required) {
    m_done_by_parent = false;
    if (m_at >= m_text.size())
      return false;
    if (next() == ')' || next() == ']') {
      m_done_by_parent = true;
      return true;
    }
    bool read = false;
    if (next() == '[') {
      read = alternation(required);
    } else if (next() == '(') {
      ++m_at;
      skip_space();
      if (next() == '#') {
        ++m_at;
        return predicate(); // no suffixes: tree-sitter returns straight away
      }
      read = parenthesized(required);
    } else if (next() == '_') {
      ++m_at;
      skip_space();
      read = true;
    } else if (next() == '"') {
      read = string_literal().has_value();
    } else if (at_identifier_start()) {
      read = field(required);
    }
    if (!read)
      return false;
    skip_space();
    return suffixes(required);
  }

  // `[a b …]`: a capture is required only when every branch requires it.
  bool alternation(Required& required) {
    ++m_at;
    skip_space();
    for (bool first = true;; first = false) {
      Required branch;
      if (!pattern(branch))
        return false;
      if (m_done_by_parent) {
        if (next() != ']' || first)
          return false;
        ++m_at;
        m_done_by_parent = false;
        return true;
      }
      if (first) {
        required = std::move(branch);
        continue;
      }
      for (auto& [capture, is_required] : required)
        is_required = is_required && branch.count(capture) && branch[capture];
      for (const auto& [capture, is_required] : branch)
        required.emplace(capture, false);
    }
  }

  // After '(': a grouped sequence `((a) (b))`, or a named node `(kind children…)`.
  bool parenthesized(Required& required) {
    if (next() == '(' || next() == '"' || next() == '[')
      return children(required, Negations::no);
    if (!at_identifier_start())
      return false; // '(.' and the like
    const std::string name = identifier();
    // tree-sitter takes any prefix of MISSING for it (strncmp with the name's length).
    if (name != "MISSING" && std::string_view("MISSING").starts_with(name))
      return false;
    if (name == "MISSING") {
      skip_space();
      if (at_identifier_start())
        identifier();
      else if (next() == '"' && !string_literal())
        return false;
    }
    skip_space();
    if (next() == '/') {
      ++m_at;
      if (!at_identifier_start())
        return false;
      identifier();
      skip_space();
    }
    return children(required, Negations::yes);
  }

  // `name: pattern`.
  bool field(Required& required) {
    identifier();
    skip_space();
    if (next() != ':')
      return false;
    ++m_at;
    skip_space();
    Required inner;
    if (!pattern(inner) || m_done_by_parent)
      return false;
    add_all(required, inner);
    return true;
  }

  // The quantifiers and captures after a pattern: `@name` makes a capture required, unless a
  // `?` or `*` makes nothing inside the pattern required.
  bool suffixes(Required& required) {
    bool optional = false;
    for (;;) {
      if (next() == '+') {
        ++m_at;
      } else if (next() == '*' || next() == '?') {
        optional = true;
        ++m_at;
      } else if (next() == '@') {
        ++m_at;
        if (!at_identifier_start())
          return false;
        required[identifier()] = true;
      } else {
        break;
      }
      skip_space();
    }
    if (optional)
      for (auto& [capture, is_required] : required)
        is_required = false;
    return true;
  }

  enum class Negations { no, yes }; // negated fields `!name` (allowed in a named node only)

  // The children up to and including the closing ')'.
  bool children(Required& required, Negations negations) {
    for (;;) {
      if (negations == Negations::yes && next() == '!') {
        ++m_at;
        skip_space();
        if (!at_identifier_start())
          return false;
        identifier();
        skip_space();
        continue;
      }
      if (next() == '.') {
        ++m_at;
        skip_space();
      }
      Required child;
      if (!pattern(child))
        return false;
      if (m_done_by_parent) {
        if (next() != ')')
          return false;
        ++m_at;
        m_done_by_parent = false;
        return true;
      }
      add_all(required, child);
    }
  }

  std::string_view m_text;
  std::size_t m_at = 0;
  bool m_done_by_parent = false;
  std::vector<std::pair<std::string, std::string>> m_eq_strings; // (capture, value), in order
};

} // namespace

std::optional<std::string> literal_from_query_text(std::string_view query) {
  return QueryText(query).literal();
}

} // namespace tp::anchor
