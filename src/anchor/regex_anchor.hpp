#pragma once
// The regex engine behind regex anchors, syntax anchors' `within` and `#match?` predicates.
// RE2 stays behind a pointer to an opaque state: no RE2 type appears here.
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "anchor/anchor.hpp"

namespace tp::anchor {

// Whether '^' and '$' match at line boundaries (regex anchors, `within`) or only at the ends of
// the text (`#match?`, as tree-sitter's own predicate does).
enum class Multiline { yes, no };

class RegexAnchor {
public:
  // Compiles `pattern`. A non-empty `target` must name a group of the pattern. On failure the
  // error's offset is a byte offset into `pattern`. Never throws; RE2 does not log.
  static std::variant<RegexAnchor, CompileError>
  compile(std::string_view pattern, std::string_view target, Multiline multiline);
  // The same, compiled by the first search, once, whichever thread gets there first: for a
  // pattern already known to compile (the embedded catalog, which the build checks). Most runs
  // never search with most of the catalog's regexes. A pattern that then does not compile ends
  // the process with an internal error.
  static RegexAnchor deferred(std::string_view pattern, std::string_view target,
                              Multiline multiline);

  // Every non-overlapping match in `text`, in order. `whole` is the match, `target` the target
  // group (or the whole match), `groups` the named groups that took part. A match in which the
  // target group took no part is not a match of the anchor. Empty matches advance by one
  // character, so the scan always ends.
  std::vector<Match> find_all(std::string_view text) const;
  // The first match, if any (same rules as find_all).
  std::optional<Match> find_first(std::string_view text) const;
  // Whether the pattern matches anywhere in `text`.
  bool matches_in(std::string_view text) const;

  // A literal every match contains (case-sensitive), or empty when none is certain.
  const std::string& required_literal() const;

  struct State;
  struct Lazy;
  explicit RegexAnchor(std::shared_ptr<Lazy> lazy) : m_lazy(std::move(lazy)) {}

private:
  const State& state() const;
  std::shared_ptr<Lazy> m_lazy;
};

// The longest literal that every match of RE2 `pattern` must contain, found conservatively:
// only top-level runs of plain characters outside groups, classes and repeats count, and any
// top-level alternation or case-insensitive flag gives none. Exposed for testing.
std::string required_literal_of(std::string_view pattern);

} // namespace tp::anchor
