#include "anchor/node_path.hpp"

#include <algorithm>
#include <utility>

namespace tp::anchor {

namespace {

bool is_name_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

bool is_name_char(char c) {
  return is_name_start(c) || (c >= '0' && c <= '9');
}

// A recursive-descent reader of the grammar in node_path.hpp. The first error stops it.
class PathReader {
public:
  explicit PathReader(std::string_view source) : m_source(source) {}

  std::variant<NodePath, CompileError> read() {
    NodePath path;
    do {
      std::optional<NodeStep> step = read_step();
      if (!step)
        return *m_error;
      path.steps.push_back(std::move(*step));
    } while (accept('>'));
    skip_space();
    if (m_at != m_source.size())
      return fail(m_at, "expected '>' and another step, or the end of the path");
    if (!path.steps.back().text)
      return fail(m_at, "the last step needs = \"TEXT\": the token the anchor looks for");
    return check_captures(std::move(path));
  }

private:
  std::optional<NodeStep> read_step() {
    NodeStep step;
    skip_space();
    const std::size_t first_at = m_at;
    std::optional<std::string> first = read_name("a node type or FIELD:");
    if (!first)
      return std::nullopt;
    if (accept(':')) {
      step.field = std::move(*first);
      step.field_offset = first_at;
      skip_space();
      step.type_offset = m_at;
      std::optional<std::string> type = read_name("a node type after the field");
      if (!type)
        return std::nullopt;
      step.type = std::move(*type);
    } else {
      step.type = std::move(*first);
      step.type_offset = first_at;
    }
    if (accept('[') && !read_conditions(step))
      return std::nullopt;
    if (accept('=') && !read_text(step.text))
      return std::nullopt;
    if (accept('@')) {
      std::optional<std::string> capture = read_name("a capture name after '@'");
      if (!capture)
        return std::nullopt;
      step.capture = std::move(*capture);
    }
    return step;
  }

  bool read_conditions(NodeStep& step) {
    do {
      NodeCondition condition;
      condition.absent = accept('!');
      skip_space();
      condition.offset = m_at;
      std::optional<std::string> field = read_name("a field name");
      if (!field)
        return false;
      condition.field = std::move(*field);
      if (!condition.absent) {
        if (!accept('='))
          return fail(m_at, "expected '=' and a quoted text after the field"), false;
        std::optional<std::string> text;
        if (!read_text(text))
          return false;
        condition.text = std::move(*text);
      }
      step.conditions.push_back(std::move(condition));
    } while (accept(','));
    if (!accept(']'))
      return fail(m_at, "expected ',' or ']'"), false;
    return true;
  }

  bool read_text(std::optional<std::string>& out) {
    skip_space();
    const std::size_t open = m_at;
    if (m_at >= m_source.size() || m_source[m_at] != '"')
      return fail(m_at, "expected a quoted text"), false;
    std::string text;
    for (++m_at; m_at < m_source.size() && m_source[m_at] != '"'; ++m_at) {
      if (m_source[m_at] == '\\' && m_at + 1 < m_source.size())
        ++m_at; // \" and \\ stand for themselves
      text += m_source[m_at];
    }
    if (m_at >= m_source.size())
      return fail(open, "unterminated text: a '\"' is missing"), false;
    ++m_at;
    if (text.empty())
      return fail(open, "the text is empty"), false;
    out = std::move(text);
    return true;
  }

  std::optional<std::string> read_name(const char* what) {
    skip_space();
    const std::size_t start = m_at;
    if (m_at < m_source.size() && is_name_start(m_source[m_at]))
      while (m_at < m_source.size() && is_name_char(m_source[m_at]))
        ++m_at;
    if (m_at == start) {
      fail(start, std::string("expected ") + what);
      return std::nullopt;
    }
    return std::string(m_source.substr(start, m_at - start));
  }

  bool accept(char c) {
    skip_space();
    if (m_at < m_source.size() && m_source[m_at] == c) {
      ++m_at;
      return true;
    }
    return false;
  }

  void skip_space() {
    while (m_at < m_source.size() && (m_source[m_at] == ' ' || m_source[m_at] == '\t' ||
                                      m_source[m_at] == '\n' || m_source[m_at] == '\r'))
      ++m_at;
  }

  CompileError fail(std::size_t at, std::string message) {
    if (!m_error)
      m_error = CompileError{std::move(message), std::min(at, m_source.size())};
    return *m_error;
  }

  std::variant<NodePath, CompileError> check_captures(NodePath path) {
    std::vector<std::string> seen;
    for (const NodeStep& step : path.steps) {
      if (step.capture.empty())
        continue;
      if (std::find(seen.begin(), seen.end(), step.capture) != seen.end())
        return fail(step.type_offset, "capture '@" + step.capture + "' is named twice");
      seen.push_back(step.capture);
    }
    return path;
  }

  std::string_view m_source;
  std::size_t m_at = 0;
  std::optional<CompileError> m_error;
};

} // namespace

std::variant<NodePath, CompileError> parse_node_path(std::string_view source) {
  return PathReader(source).read();
}

} // namespace tp::anchor
