#include "anchor/tree_matches.hpp"

#include <algorithm>
#include <utility>
#include <vector>

#include "anchor/parse_tree.hpp"

namespace tp::anchor {

std::variant<std::optional<RegexAnchor>, CompileError> compile_within(const AnchorSpec& spec) {
  if (spec.within.empty()) {
    if (!spec.within_group.empty())
      return CompileError{"within_group '" + spec.within_group + "' needs a `within` regex", 0,
                          true};
    return std::optional<RegexAnchor>();
  }
  auto within = RegexAnchor::compile(spec.within, spec.within_group, Multiline::yes);
  if (auto* error = std::get_if<CompileError>(&within)) {
    error->in_within = true;
    return std::move(*error);
  }
  return std::optional<RegexAnchor>(std::move(std::get<RegexAnchor>(within)));
}

std::string required_literal_of(std::string from_structure,
                                const std::optional<RegexAnchor>& within) {
  if (within && within->required_literal().size() > from_structure.size())
    return within->required_literal();
  return from_structure;
}

bool narrow_to_within(const RegexAnchor& within, std::string_view text, Match& match) {
  const Span scope = match.target;
  const std::optional<Match> inner = within.find_first(text.substr(scope.begin, scope.size()));
  if (!inner)
    return false;
  auto shifted = [&](Span span) { return Span{span.begin + scope.begin, span.end + scope.begin}; };
  match.target = shifted(inner->target);
  for (const auto& [name, span] : inner->groups)
    match.groups.emplace(name, shifted(span)); // a capture of the same name wins
  return true;
}

namespace {

bool starts_before(const Match& a, const Match& b) {
  if (a.whole.begin != b.whole.begin)
    return a.whole.begin < b.whole.begin;
  if (a.target.begin != b.target.begin)
    return a.target.begin < b.target.begin;
  if (a.whole.end != b.whole.end)
    return a.whole.end < b.whole.end;
  return a.target.end < b.target.end;
}

void sort_and_dedupe(std::vector<Match>& matches) {
  std::sort(matches.begin(), matches.end(), starts_before);
  matches.erase(std::unique(matches.begin(), matches.end(),
                            [](const Match& a, const Match& b) {
                              return a.whole == b.whole && a.target == b.target;
                            }),
                matches.end());
}

// With no match: an error can hide one only where one could be, around an occurrence of the
// name the anchor requires. A macro call without its semicolon a thousand lines away (PyTorch's
// native_ops.cpp) says nothing about the construct looked for.
std::optional<std::size_t> error_hiding_a_match(TSNode root, const std::vector<Span>& errors,
                                                std::string_view text,
                                                const std::string& located_by) {
  if (located_by.empty())
    return errors.front().begin;
  for (std::size_t pos = text.find(located_by); pos != std::string_view::npos;
       pos = text.find(located_by, pos + 1))
    if (auto at = error_around(root, errors, Span{pos, pos + located_by.size()}))
      return at;
  return std::nullopt;
}

} // namespace

void finish_tree_search(FindResult& result, TSNode root, std::string_view text,
                        const std::string& located_by) {
  sort_and_dedupe(result.matches);
  const std::vector<Span> errors = error_spans(root);
  if (errors.empty())
    return;
  if (result.matches.empty()) {
    if (auto at = error_hiding_a_match(root, errors, text, located_by)) {
      result.parse_degraded = true;
      result.degraded_at = *at;
    }
    return;
  }
  for (const Match& match : result.matches) {
    const std::optional<std::size_t> at = first_error_in(errors, match.whole);
    if (at && (!result.parse_degraded || *at < result.degraded_at)) {
      result.parse_degraded = true;
      result.degraded_at = *at;
    }
  }
}

} // namespace tp::anchor
