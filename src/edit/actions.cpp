#include "edit/actions.hpp"

#include <algorithm>
#include <set>

namespace tp::edit {

namespace {

std::string_view slice(std::string_view text, anchor::Span span) {
  return text.substr(span.begin, span.end - span.begin);
}

// cmake_minimum_required / cmake_policy: the VERSION argument's change, if its version is below
// the floor. Returns false when the invocation is not one to act on.
bool raise_version(const anchor::CmakeInvocation& inv, const catalog::Version& floor,
                   PlannedChange& change, std::vector<std::string>& notes, std::string_view text) {
  const auto& args = inv.arguments;
  if (args.size() < 2 || args[0].value != "VERSION")
    return false;
  const anchor::CmakeArgument& version_arg = args[1];
  std::string_view value = version_arg.value;
  if (value.find("${") != std::string_view::npos) {
    notes.push_back(std::string(slice(text, inv.whole)) +
                    " is left as it is: its version is computed when CMake runs");
    return false;
  }
  auto dots = value.find("...");
  std::string_view min_text = value.substr(0, dots);
  auto min = catalog::parse_version(min_text);
  if (!min)
    return false;
  if (dots != std::string_view::npos) {
    // A range a...b asks for policies up to b: CMake 4 accepts it when b reaches the floor.
    auto max = catalog::parse_version(value.substr(dots + 3));
    if (max && !(*max < floor))
      return false;
  }
  if (!(*min < floor))
    return false;
  std::string floor_text = floor.text;
  anchor::Span span = version_arg.span;
  if (version_arg.kind == anchor::CmakeArgument::Kind::quoted) {
    span.begin += 1;
    span.end -= 1;
  }
  // Keep a range's upper bound when it stays meaningful; a range entirely below the floor
  // becomes the floor.
  change = {span, floor_text};
  return true;
}

} // namespace

PlannedChange include_line_after(std::string_view text, anchor::Span target,
                                 std::string_view header) {
  auto next_line_start = [&](std::size_t from) {
    auto nl = text.find('\n', from);
    return nl == std::string_view::npos ? text.size() : nl + 1;
  };
  std::size_t at = target.begin;
  if (target.begin != target.end)
    at = text[target.end - 1] == '\n' ? target.end : next_line_start(target.end);
  else if (at > 0 && text[at - 1] != '\n')
    at = next_line_start(at);
  std::string line = "#include " + std::string(header);
  if (at == text.size() && !text.empty() && text.back() != '\n')
    return {{at, at}, "\n" + line, true};
  return {{at, at}, line + "\n", true};
}

std::string expand_template(std::string_view templ, std::string_view text,
                            const anchor::Match& match) {
  std::string out;
  for (std::size_t i = 0; i < templ.size(); ++i) {
    if (templ[i] != '$' || i + 1 >= templ.size()) {
      out += templ[i];
      continue;
    }
    if (templ[i + 1] == '$') {
      out += '$';
      ++i;
      continue;
    }
    if (templ[i + 1] == '{') {
      auto close = templ.find('}', i + 2);
      if (close != std::string_view::npos) {
        std::string name(templ.substr(i + 2, close - i - 2));
        auto group = match.groups.find(name);
        if (group != match.groups.end()) {
          out += slice(text, group->second);
          i = close;
          continue;
        }
      }
    }
    out += templ[i];
  }
  return out;
}

namespace {

// rename: the identifier `match` targets, at each of its uses not renamed yet (`renamed_at`).
void rename_uses(const catalog::Edit& edit, std::string_view text, const anchor::Match& match,
                 const anchor::CompileOptions& options, std::set<std::size_t>& renamed_at,
                 std::vector<PlannedChange>& changes) {
  std::string_view name = slice(text, match.target);
  const auto& spec = edit.anchor->spec();
  auto uses = anchor::searches_parse_tree(spec.kind)
                  ? anchor::find_identifier_uses(spec.language, text, name, options)
                  : anchor::find_word_occurrences(text, name);
  // The definition itself is a use too, even where the parser sees it differently. A second
  // match of the same name finds every use already renamed and adds nothing.
  uses.push_back(match.target);
  for (const auto& use : uses)
    if (renamed_at.insert(use.begin).second)
      changes.push_back({use, edit.action.to});
}

} // namespace

ActionResult plan_action(const catalog::Edit& edit, std::string_view text,
                         const anchor::FindResult& found, const anchor::CompileOptions& options) {
  using catalog::ActionKind;
  ActionResult result;
  const auto& action = edit.action;
  std::set<std::size_t> renamed_at; // rename: every use once, however many matches
  for (std::size_t i = 0; i < found.matches.size(); ++i) {
    const anchor::Match& match = found.matches[i];
    std::size_t before = result.changes.size();
    switch (action.kind) {
    case ActionKind::replace:
      result.changes.push_back({match.target, expand_template(action.text, text, match)});
      break;
    case ActionKind::remove:
      result.changes.push_back({match.target, ""});
      break;
    case ActionKind::insert_before:
      result.changes.push_back(
          {{match.target.begin, match.target.begin}, expand_template(action.text, text, match)});
      break;
    case ActionKind::insert_after:
      result.changes.push_back(
          {{match.target.end, match.target.end}, expand_template(action.text, text, match)});
      break;
    case ActionKind::rename:
      rename_uses(edit, text, match, options, renamed_at, result.changes);
      break;
    case ActionKind::ensure_include:
      // One line, however many matches (more than `matches` allows is still ambiguous).
      if (i == 0)
        result.changes.push_back(include_line_after(text, match.target, action.header));
      break;
    case ActionKind::raise_cmake_minimum: {
      PlannedChange change;
      if (match.invocation && action.floor &&
          raise_version(*match.invocation, *action.floor, change, result.notes, text))
        result.changes.push_back(change);
      break;
    }
    }
    if (result.changes.size() != before || action.kind == ActionKind::rename ||
        action.kind == ActionKind::ensure_include) {
      ++result.effective_matches;
      result.effective_match_index.push_back(i);
    }
  }
  std::sort(
      result.changes.begin(), result.changes.end(),
      [](const PlannedChange& a, const PlannedChange& b) { return a.span.begin < b.span.begin; });
  return result;
}

std::vector<TextEdit> to_raw_edits(const text::NormalizedText& normalized,
                                   const std::vector<PlannedChange>& changes,
                                   const std::string& owner) {
  std::vector<TextEdit> out;
  out.reserve(changes.size());
  for (const auto& c : changes)
    out.push_back({normalized.to_raw(c.span.begin), normalized.to_raw(c.span.end),
                   text::with_eol(c.replacement, normalized.info().dominant), owner, c.stacks});
  return out;
}

} // namespace tp::edit
