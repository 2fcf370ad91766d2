#include "anchor/cmake_lexer.hpp"

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <utility>

namespace tp::anchor {
namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}
bool is_identifier_start(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
}
bool is_identifier_char(char c) {
  return is_identifier_start(c) || (c >= '0' && c <= '9');
}

// One pass over the text. The lexer never backtracks, so multi-MB files cost one scan; each
// construct that can be left open records where it began so the caller can report it.
class Lexer {
public:
  explicit Lexer(std::string_view text) : m_text(text) {}

  CmakeLexResult run() {
    bool at_boundary = true; // start of text, after whitespace or a comment
    while (m_pos < m_text.size() && !m_result.unterminated_at) {
      const char c = m_text[m_pos];
      if (is_space(c)) {
        ++m_pos;
        at_boundary = true;
      } else if (c == '#') {
        skip_comment();
        at_boundary = true;
      } else if (is_identifier_start(c) && at_boundary) {
        lex_possible_invocation();
        at_boundary = false;
      } else {
        // Not valid CMake at file level; skip it without reading it as anything.
        skip_identifier_chars_or_one();
        at_boundary = false;
      }
    }
    return std::move(m_result);
  }

private:
  char peek(std::size_t ahead = 0) const {
    return m_pos + ahead < m_text.size() ? m_text[m_pos + ahead] : '\0';
  }

  void skip_identifier_chars_or_one() {
    if (!is_identifier_char(m_text[m_pos])) {
      ++m_pos;
      return;
    }
    while (m_pos < m_text.size() && is_identifier_char(m_text[m_pos]))
      ++m_pos;
  }

  // If a '[' '='* '[' opening starts at `at`, the number of '='; otherwise -1.
  long bracket_level_at(std::size_t at) const {
    if (at >= m_text.size() || m_text[at] != '[')
      return -1;
    std::size_t i = at + 1;
    while (i < m_text.size() && m_text[i] == '=')
      ++i;
    if (i >= m_text.size() || m_text[i] != '[')
      return -1;
    return static_cast<long>(i - at - 1);
  }

  // Skips a bracket construct opened at m_pos with `level` '='s. Returns the content span, or
  // records the construct as unterminated.
  std::optional<Span> skip_bracket(std::size_t construct_begin, long level) {
    const std::size_t open_size = static_cast<std::size_t>(level) + 2;
    const std::size_t content_begin = m_pos + open_size;
    std::string close = "]";
    close.append(static_cast<std::size_t>(level), '=');
    close.push_back(']');
    const std::size_t close_at = m_text.find(close, content_begin);
    if (close_at == std::string_view::npos) {
      m_result.unterminated_at = construct_begin;
      m_pos = m_text.size();
      return std::nullopt;
    }
    m_pos = close_at + close.size();
    return Span{content_begin, close_at};
  }

  // At '#': a bracket comment "#[==[ … ]==]" or a line comment up to (not including) '\n'.
  void skip_comment() {
    const std::size_t begin = m_pos;
    ++m_pos;
    if (const long level = bracket_level_at(m_pos); level >= 0) {
      skip_bracket(begin, level);
      return;
    }
    const std::size_t newline = m_text.find('\n', m_pos);
    m_pos = newline == std::string_view::npos ? m_text.size() : newline;
  }

  void lex_possible_invocation() {
    const std::size_t name_begin = m_pos;
    while (m_pos < m_text.size() && is_identifier_char(m_text[m_pos]))
      ++m_pos;
    const std::size_t name_end = m_pos;
    std::size_t after = m_pos;
    while (after < m_text.size() && (m_text[after] == ' ' || m_text[after] == '\t'))
      ++after;
    if (after >= m_text.size() || m_text[after] != '(')
      return; // an identifier that is not a command: invalid CMake, not ours to judge
    m_pos = after + 1;

    CmakeInvocation invocation;
    invocation.name = std::string(m_text.substr(name_begin, name_end - name_begin));
    invocation.name_span = {name_begin, name_end};
    if (lex_arguments(name_begin, invocation.arguments)) {
      invocation.whole = {name_begin, m_pos};
      m_result.invocations.push_back(std::move(invocation));
    }
  }

  // After the invocation's '('. Consumes up to and including the matching ')'. Returns false
  // when the text ends first (recorded in m_result).
  bool lex_arguments(std::size_t invocation_begin, std::vector<CmakeArgument>& arguments) {
    std::size_t depth = 1;
    while (m_pos < m_text.size()) {
      const char c = m_text[m_pos];
      if (is_space(c)) {
        ++m_pos;
      } else if (c == '#') {
        skip_comment();
        if (m_result.unterminated_at)
          return false;
      } else if (c == '(' || c == ')') {
        if (c == ')' && --depth == 0) {
          ++m_pos;
          return true;
        }
        if (c == '(')
          ++depth;
        // CMake itself keeps nested parentheses as unquoted arguments (if((a) OR b)).
        arguments.push_back({CmakeArgument::Kind::unquoted, {m_pos, m_pos + 1}, std::string(1, c)});
        ++m_pos;
      } else if (c == '"') {
        if (!lex_quoted(arguments))
          return false;
      } else if (const long level = bracket_level_at(m_pos); level >= 0) {
        const std::size_t begin = m_pos;
        const std::optional<Span> content = skip_bracket(begin, level);
        if (!content)
          return false;
        arguments.push_back({CmakeArgument::Kind::bracket,
                             {begin, m_pos},
                             std::string(m_text.substr(content->begin, content->size()))});
      } else {
        lex_unquoted(arguments);
      }
    }
    m_result.unterminated_at = invocation_begin;
    return false;
  }

  bool lex_quoted(std::vector<CmakeArgument>& arguments) {
    const std::size_t begin = m_pos;
    ++m_pos;
    while (m_pos < m_text.size()) {
      const char c = m_text[m_pos];
      if (c == '\\') {
        // Covers escape sequences and "\<newline>" line continuations alike.
        m_pos += 2;
      } else if (c == '"') {
        ++m_pos;
        arguments.push_back({CmakeArgument::Kind::quoted,
                             {begin, m_pos},
                             std::string(m_text.substr(begin + 1, m_pos - begin - 2))});
        return true;
      } else {
        ++m_pos;
      }
    }
    m_result.unterminated_at = begin;
    m_pos = m_text.size();
    return false;
  }

  // An unquoted argument ends at whitespace, '(', ')' or '#'. It may hold escapes, ${refs},
  // legacy $(MAKE_VARS) and legacy embedded quotes (-DX="a b"), which CMake accepts too.
  void lex_unquoted(std::vector<CmakeArgument>& arguments) {
    const std::size_t begin = m_pos;
    while (m_pos < m_text.size()) {
      const char c = m_text[m_pos];
      if (is_space(c) || c == '(' || c == ')' || c == '#')
        break;
      if (c == '\\') {
        m_pos = std::min(m_pos + 2, m_text.size());
      } else if (c == '$' && peek(1) == '(' && is_make_var_at(m_pos)) {
        m_pos = m_text.find(')', m_pos) + 1;
      } else if (c == '"' && m_pos > begin) {
        skip_legacy_quote();
      } else {
        ++m_pos;
      }
    }
    arguments.push_back({CmakeArgument::Kind::unquoted,
                         {begin, m_pos},
                         std::string(m_text.substr(begin, m_pos - begin))});
  }

  bool is_make_var_at(std::size_t at) const {
    std::size_t i = at + 2;
    while (i < m_text.size() && is_identifier_char(m_text[i]))
      ++i;
    return i < m_text.size() && m_text[i] == ')';
  }

  // A '"' inside an unquoted argument: CMake's legacy form takes it up to the next '"' on the
  // same line; without one the quote is an ordinary character.
  void skip_legacy_quote() {
    std::size_t i = m_pos + 1;
    while (i < m_text.size() && m_text[i] != '"' && m_text[i] != '\n') {
      i += m_text[i] == '\\' ? 2 : 1;
    }
    m_pos = (i < m_text.size() && m_text[i] == '"') ? i + 1 : m_pos + 1;
  }

  std::string_view m_text;
  std::size_t m_pos = 0;
  CmakeLexResult m_result;
};

} // namespace

CmakeLexResult lex_cmake(std::string_view text) {
  return Lexer(text).run();
}

} // namespace tp::anchor
