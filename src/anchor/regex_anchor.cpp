#include "anchor/regex_anchor.hpp"

#include <re2/re2.h>

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

namespace tp::anchor {

struct RegexAnchor::State {
  std::unique_ptr<re2::RE2> re;
  int target_group = 0; // 0: the whole match
  std::map<std::string, int> named_groups;
  std::string required_literal;
};

namespace {

constexpr std::string_view k_multiline_prefix = "(?m)";

// RE2 reports the offending piece of the pattern (error_arg), not its position; find it in the
// pattern we compiled and map it back to the user's text.
std::size_t error_offset(std::string_view compiled, std::size_t prefix_size,
                         const std::string& error_arg) {
  if (error_arg.empty())
    return 0;
  // Search the user's part first, so that a short argument such as "?" is not found inside the
  // "(?m)" we added; an argument that includes the prefix points at the pattern's start.
  const std::size_t at = compiled.find(error_arg, prefix_size);
  return at == std::string_view::npos ? 0 : at - prefix_size;
}

std::string list_names(const std::map<std::string, int>& groups) {
  if (groups.empty())
    return "the pattern has no named groups";
  std::string names = "named groups: ";
  bool first = true;
  for (const auto& [name, index] : groups) {
    names += (first ? "" : ", ") + name;
    first = false;
  }
  return names;
}

bool is_utf8_continuation(char c) {
  return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

std::size_t next_char_start(std::string_view text, std::size_t at) {
  ++at;
  while (at < text.size() && is_utf8_continuation(text[at]))
    ++at;
  return at;
}

Span span_of(std::string_view text, const re2::StringPiece& piece) {
  const auto begin = static_cast<std::size_t>(piece.data() - text.data());
  return {begin, begin + piece.size()};
}

// Runs `re` from `start`; fills `out` with the match if the target group took part. Returns the
// match's end (or npos when nothing more matches) and whether it was empty, so the caller can
// resume.
struct Step {
  std::optional<Match> match;
  std::size_t resume = std::string_view::npos;
};

Step match_from(const RegexAnchor::State& state, std::string_view text, std::size_t start) {
  const int group_count = state.re->NumberOfCapturingGroups() + 1;
  std::vector<re2::StringPiece> pieces(static_cast<std::size_t>(group_count));
  if (!state.re->Match(text, start, text.size(), re2::RE2::UNANCHORED, pieces.data(), group_count))
    return {};

  const Span whole = span_of(text, pieces[0]);
  Step step;
  step.resume = whole.end > whole.begin ? whole.end : next_char_start(text, whole.end);
  const re2::StringPiece& target = pieces[static_cast<std::size_t>(state.target_group)];
  if (target.data() == nullptr)
    return step; // the target group did not take part
  Match match;
  match.whole = whole;
  match.target = span_of(text, target);
  for (const auto& [name, index] : state.named_groups) {
    const re2::StringPiece& piece = pieces[static_cast<std::size_t>(index)];
    if (piece.data() != nullptr)
      match.groups.emplace(name, span_of(text, piece));
  }
  step.match = std::move(match);
  return step;
}

bool is_special(char c) {
  switch (c) {
  case '.':
  case '^':
  case '$':
  case '*':
  case '+':
  case '?':
  case '(':
  case ')':
  case '[':
  case ']':
  case '{':
  case '}':
  case '|':
  case '\\':
    return true;
  default:
    return false;
  }
}

bool is_ascii_alnum(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// Removes the last character (a whole UTF-8 sequence) from `run`: a repeat after it makes it
// optional or repeated, so it is not part of a required run.
void drop_last_char(std::string& run) {
  while (!run.empty() && is_utf8_continuation(run.back()))
    run.pop_back();
  if (!run.empty())
    run.pop_back();
}

bool sets_case_insensitive(std::string_view pattern) {
  for (std::size_t at = pattern.find("(?"); at != std::string_view::npos;
       at = pattern.find("(?", at + 2)) {
    for (std::size_t i = at + 2; i < pattern.size() && pattern[i] != ')' && pattern[i] != ':'; ++i)
      if (pattern[i] == 'i')
        return true;
  }
  return false;
}

// required_literal_of's reading of a pattern: the runs of plain characters outside groups, the
// longest kept. Each step returns false when the pattern cannot be read further (its answer is
// then what `early` holds).
class LiteralReader {
public:
  explicit LiteralReader(std::string_view pattern) : m_pattern(pattern) {}

  std::string read() && {
    for (m_at = 0; m_at < m_pattern.size(); ++m_at)
      if (!step(m_pattern[m_at]))
        return std::move(m_early);
    end_run();
    return std::move(m_best);
  }

private:
  bool step(char c) {
    if (c == '\\')
      return escape();
    if (c == '[') {
      end_run();
      skip_class();
    } else if (c == '(') {
      end_run();
      ++m_depth;
    } else if (c == ')') {
      end_run();
      if (m_depth > 0)
        --m_depth;
    } else if (c == '|') {
      if (m_depth == 0)
        return false; // a top-level alternative need not contain any run
      end_run();
    } else if (c == '*' || c == '?' || c == '{') {
      return repeat(c);
    } else if (c == '+' || is_special(c)) {
      end_run();
    } else if (m_depth == 0) {
      m_run.push_back(c);
    }
    return true;
  }

  void end_run() {
    if (m_run.size() > m_best.size())
      m_best = m_run;
    m_run.clear();
  }

  // At a backslash: \. \( \\ … stand for themselves; \b \d \x41 \pN … end the run.
  bool escape() {
    if (m_at + 1 >= m_pattern.size())
      return false;
    const char escaped = m_pattern[++m_at];
    if (m_depth == 0 && !is_ascii_alnum(escaped) && escaped != '\n' &&
        static_cast<unsigned char>(escaped) < 0x80) {
      m_run.push_back(escaped);
      return true;
    }
    if (escaped == 'Q') { // \Q…\E: too rare to be worth reading
      m_early = m_best.size() >= m_run.size() ? m_best : m_run;
      return false;
    }
    end_run();
    // Skip the escape's own arguments, which are not text to find: \x41 \x{263a} \pN
    // \p{Greek} \123 (octal).
    if (escaped == 'x')
      skip_braces_or(2);
    else if (escaped == 'p' || escaped == 'P')
      skip_braces_or(1);
    else if (escaped >= '0' && escaped <= '7')
      while (m_at + 1 < m_pattern.size() && m_pattern[m_at + 1] >= '0' &&
             m_pattern[m_at + 1] <= '7')
        ++m_at;
    return true;
  }

  void skip_braces_or(std::size_t count) {
    if (m_at + 1 < m_pattern.size() && m_pattern[m_at + 1] == '{') {
      const std::size_t close = m_pattern.find('}', m_at + 1);
      m_at = close == std::string_view::npos ? m_pattern.size() : close;
    } else {
      m_at = std::min(m_pattern.size() - 1, m_at + count);
    }
  }

  // A character class: a ']' right after '[' or '[^' is literal; escapes may hide a ']'.
  void skip_class() {
    ++m_at;
    if (m_at < m_pattern.size() && m_pattern[m_at] == '^')
      ++m_at;
    if (m_at < m_pattern.size() && m_pattern[m_at] == ']')
      ++m_at;
    while (m_at < m_pattern.size() && m_pattern[m_at] != ']')
      m_at += m_pattern[m_at] == '\\' ? 2 : 1;
  }

  // The repeat applies to the previous character (or group, already excluded).
  bool repeat(char c) {
    drop_last_char(m_run);
    end_run();
    if (c != '{')
      return true;
    const std::size_t close = m_pattern.find('}', m_at); // {n,m}'s counts are not text to find
    if (close == std::string_view::npos)
      return false;
    m_at = close;
    return true;
  }

  std::string_view m_pattern;
  std::size_t m_at = 0;
  std::size_t m_depth = 0;
  std::string m_best, m_run, m_early;
};

} // namespace

std::string required_literal_of(std::string_view pattern) {
  if (sets_case_insensitive(pattern))
    return {};
  return LiteralReader(pattern).read();
}

struct RegexAnchor::Lazy {
  std::string pattern;
  std::string target;
  Multiline multiline = Multiline::yes;
  std::string required_literal;
  std::once_flag once;
  std::shared_ptr<const State> state; // set by compile(), or by the first search when deferred
};

namespace {

std::variant<std::shared_ptr<const RegexAnchor::State>, CompileError>
compile_state(std::string_view pattern, std::string_view target, Multiline multiline) {
  const std::string_view prefix = multiline == Multiline::yes ? k_multiline_prefix : "";
  std::string compiled(prefix);
  compiled += pattern;

  re2::RE2::Options options;
  options.set_log_errors(false);
  auto state = std::make_shared<RegexAnchor::State>();
  state->re = std::make_unique<re2::RE2>(compiled, options);
  if (!state->re->ok()) {
    // RE2 quotes the offending part, which may start with our own "(?m)": show the author's text.
    std::string message = state->re->error();
    const std::string& arg = state->re->error_arg();
    if (!prefix.empty() && arg.compare(0, prefix.size(), prefix) == 0) {
      if (auto at = message.rfind(arg); at != std::string::npos)
        message.replace(at, arg.size(), arg.substr(prefix.size()));
    }
    return CompileError{"invalid regex: " + message,
                        error_offset(compiled, prefix.size(), state->re->error_arg())};
  }

  state->named_groups = state->re->NamedCapturingGroups();
  if (!target.empty()) {
    const auto found = state->named_groups.find(std::string(target));
    if (found == state->named_groups.end())
      return CompileError{"target group '" + std::string(target) +
                              "' does not exist in the pattern (" +
                              list_names(state->named_groups) + ")",
                          0};
    state->target_group = found->second;
  }
  state->required_literal = required_literal_of(pattern);
  return std::shared_ptr<const RegexAnchor::State>(std::move(state));
}

std::shared_ptr<RegexAnchor::Lazy> new_lazy(std::string_view pattern, std::string_view target,
                                            Multiline multiline) {
  auto lazy = std::make_shared<RegexAnchor::Lazy>();
  lazy->pattern = pattern;
  lazy->target = target;
  lazy->multiline = multiline;
  lazy->required_literal = required_literal_of(pattern);
  return lazy;
}

} // namespace

std::variant<RegexAnchor, CompileError>
RegexAnchor::compile(std::string_view pattern, std::string_view target, Multiline multiline) {
  auto compiled = compile_state(pattern, target, multiline);
  if (auto* error = std::get_if<CompileError>(&compiled))
    return std::move(*error);
  auto lazy = new_lazy(pattern, target, multiline);
  lazy->state = std::move(std::get<std::shared_ptr<const State>>(compiled));
  return RegexAnchor(std::move(lazy));
}

RegexAnchor RegexAnchor::deferred(std::string_view pattern, std::string_view target,
                                  Multiline multiline) {
  return RegexAnchor(new_lazy(pattern, target, multiline));
}

const RegexAnchor::State& RegexAnchor::state() const {
  Lazy& lazy = *m_lazy;
  std::call_once(lazy.once, [&lazy] {
    if (lazy.state)
      return;
    auto compiled = compile_state(lazy.pattern, lazy.target, lazy.multiline);
    if (auto* error = std::get_if<CompileError>(&compiled)) {
      // Unreachable for the embedded catalog, whose regexes the build compiles
      // (src/check_embedded_catalog.cpp); anything else is compiled at load.
      std::fprintf(stderr,
                   "torchpatch: internal error: a regex compiled on first use does not compile: "
                   "%s (at byte %zu of the pattern)\n",
                   error->message.c_str(), error->offset);
      std::abort();
    }
    lazy.state = std::move(std::get<std::shared_ptr<const State>>(compiled));
  });
  return *lazy.state;
}

std::vector<Match> RegexAnchor::find_all(std::string_view text) const {
  std::vector<Match> matches;
  std::size_t start = 0;
  while (start <= text.size()) {
    Step step = match_from(state(), text, start);
    if (step.match)
      matches.push_back(std::move(*step.match));
    if (step.resume == std::string_view::npos)
      break;
    start = step.resume;
  }
  return matches;
}

std::optional<Match> RegexAnchor::find_first(std::string_view text) const {
  std::size_t start = 0;
  while (start <= text.size()) {
    Step step = match_from(state(), text, start);
    if (step.match || step.resume == std::string_view::npos)
      return std::move(step.match);
    start = step.resume;
  }
  return std::nullopt;
}

bool RegexAnchor::matches_in(std::string_view text) const {
  return state().re->Match(text, 0, text.size(), re2::RE2::UNANCHORED, nullptr, 0);
}

const std::string& RegexAnchor::required_literal() const {
  return m_lazy->required_literal;
}

} // namespace tp::anchor
