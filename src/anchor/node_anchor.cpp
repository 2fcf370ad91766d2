#include "anchor/node_anchor.hpp"

#include <tree_sitter/api.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "anchor/node_path.hpp"
#include "anchor/parse_tree.hpp"
#include "anchor/shared_analysis.hpp"
#include "anchor/tree_matches.hpp"

namespace tp::anchor {

namespace {

struct Condition {
  TSFieldId field = 0;
  bool absent = false;
  std::string text;
};

struct Step {
  TSFieldId field = 0; // 0: any
  std::string type;
  std::vector<Condition> conditions;
  std::optional<std::string> text;
  std::string capture;
};

} // namespace

struct NodeAnchor::State {
  Language language = Language::cpp;
  CompileOptions options;
  std::vector<Step> steps; // outermost first
  std::string target;      // a capture, or empty: the last step's node
  std::optional<RegexAnchor> within;
  std::string token; // the last step's text: where every match is looked for
  std::string required_literal;
};

namespace {

std::optional<TSFieldId> field_id(const TSLanguage* language, const std::string& name) {
  const TSFieldId id =
      ts_language_field_id_for_name(language, name.data(), static_cast<uint32_t>(name.size()));
  return id ? std::optional<TSFieldId>(id) : std::nullopt;
}

bool is_named_type(const TSLanguage* language, const std::string& type) {
  return ts_language_symbol_for_name(language, type.data(), static_cast<uint32_t>(type.size()),
                                     true) != 0;
}

CompileError unknown(const char* what, const std::string& name, std::size_t offset) {
  return CompileError{std::string("unknown ") + what + " '" + name + "' in this language's grammar",
                      offset};
}

// `step` with its names checked against `language` and its fields turned into ids.
std::variant<Step, CompileError> resolve(const TSLanguage* language, const NodeStep& step) {
  Step resolved{0, step.type, {}, step.text, step.capture};
  if (!is_named_type(language, step.type))
    return unknown("node type", step.type, step.type_offset);
  if (!step.field.empty()) {
    const std::optional<TSFieldId> id = field_id(language, step.field);
    if (!id)
      return unknown("field", step.field, step.field_offset);
    resolved.field = *id;
  }
  for (const NodeCondition& condition : step.conditions) {
    const std::optional<TSFieldId> id = field_id(language, condition.field);
    if (!id)
      return unknown("field", condition.field, condition.offset);
    resolved.conditions.push_back({*id, condition.absent, condition.text});
  }
  return resolved;
}

std::optional<CompileError> check_target(const AnchorSpec& spec, const std::vector<Step>& steps) {
  if (spec.target.empty())
    return std::nullopt;
  std::string names;
  for (const Step& step : steps) {
    if (step.capture == spec.target)
      return std::nullopt;
    if (!step.capture.empty())
      names += (names.empty() ? "@" : ", @") + step.capture;
  }
  return CompileError{
      "target capture '@" + spec.target + "' does not exist in the path" +
          (names.empty() ? std::string(" (it captures nothing)") : " (captures: " + names + ")"),
      0};
}

} // namespace

std::variant<NodeAnchor, CompileError> NodeAnchor::compile(const AnchorSpec& spec,
                                                           const CompileOptions& options) {
  auto parsed = parse_node_path(spec.pattern);
  if (auto* error = std::get_if<CompileError>(&parsed))
    return std::move(*error);
  auto state = std::make_shared<State>();
  state->language = spec.language;
  state->options = options;
  state->target = spec.target;
  const TSLanguage* language = language_of(spec.language);
  for (const NodeStep& step : std::get<NodePath>(parsed).steps) {
    auto resolved = resolve(language, step);
    if (auto* error = std::get_if<CompileError>(&resolved))
      return std::move(*error);
    state->steps.push_back(std::move(std::get<Step>(resolved)));
  }
  if (auto error = check_target(spec, state->steps))
    return std::move(*error);
  auto within = compile_within(spec);
  if (auto* error = std::get_if<CompileError>(&within))
    return std::move(*error);
  state->within = std::move(std::get<std::optional<RegexAnchor>>(within));
  state->token = *state->steps.back().text;
  state->required_literal = required_literal_of(state->token, state->within);
  return NodeAnchor(std::move(state));
}

namespace {

std::string_view text_of(std::string_view text, TSNode node) {
  const Span span = span_of(node);
  return text.substr(span.begin, span.size());
}

void extend(Span& whole, Span part) {
  whole.begin = std::min(whole.begin, part.begin);
  whole.end = std::max(whole.end, part.end);
}

// The field `child` occupies in `parent` (0: none).
TSFieldId field_in_parent(TSNode parent, TSNode child) {
  TSTreeCursor cursor = ts_tree_cursor_new(parent);
  TSFieldId field = 0;
  if (ts_tree_cursor_goto_first_child(&cursor)) {
    do {
      if (ts_node_eq(ts_tree_cursor_current_node(&cursor), child)) {
        field = ts_tree_cursor_current_field_id(&cursor);
        break;
      }
    } while (ts_tree_cursor_goto_next_sibling(&cursor));
  }
  ts_tree_cursor_delete(&cursor);
  return field;
}

// Whether `node` is what `step` says of the node itself (type, text, conditions); the spans of
// the children its conditions looked at join `whole`.
bool is_step(const Step& step, TSNode node, std::string_view text, Span& whole) {
  if (!ts_node_is_named(node) || step.type != ts_node_type(node))
    return false;
  if (step.text && text_of(text, node) != *step.text)
    return false;
  for (const Condition& condition : step.conditions) {
    const TSNode child = ts_node_child_by_field_id(node, condition.field);
    if (condition.absent != ts_node_is_null(child))
      return false;
    if (condition.absent)
      continue;
    if (text_of(text, child) != condition.text)
      return false;
    extend(whole, span_of(child));
  }
  return true;
}

// The named node whose bytes are exactly `token`, innermost first, that has type `type`.
std::optional<TSNode> token_node(TSNode root, Span token, const std::string& type) {
  TSNode node = ts_node_named_descendant_for_byte_range(root, static_cast<uint32_t>(token.begin),
                                                        static_cast<uint32_t>(token.end));
  for (; !ts_node_is_null(node) && span_of(node) == token; node = ts_node_parent(node))
    if (type == ts_node_type(node))
      return node;
  return std::nullopt;
}

// The match whose last step is the occurrence of the token at `token`, if the path holds there.
std::optional<Match> match_at(const NodeAnchor::State& state, TSNode root, std::string_view text,
                              Span token) {
  std::optional<TSNode> found = token_node(root, token, state.steps.back().type);
  if (!found)
    return std::nullopt;
  TSNode node = *found;
  Match match;
  match.whole = token;
  match.target = token;
  for (std::size_t i = state.steps.size(); i-- > 0;) {
    const Step& step = state.steps[i];
    if (!is_step(step, node, text, match.whole))
      return std::nullopt;
    if (!step.capture.empty()) {
      match.groups.emplace(step.capture, span_of(node));
      extend(match.whole, span_of(node));
      if (step.capture == state.target)
        match.target = span_of(node);
    }
    if (i == 0 && step.field == 0)
      break;
    const TSNode parent = ts_node_parent(node);
    if (ts_node_is_null(parent))
      return std::nullopt;
    if (step.field != 0 && field_in_parent(parent, node) != step.field)
      return std::nullopt;
    node = parent;
  }
  if (state.within && !narrow_to_within(*state.within, text, match))
    return std::nullopt;
  return match;
}

FindResult search(const NodeAnchor::State& state, const TSTree* tree, std::string_view text) {
  FindResult result;
  if (!tree) {
    result.parse_degraded = true;
    return result;
  }
  const TSNode root = ts_tree_root_node(tree);
  const std::string& token = state.token;
  for (std::size_t pos = text.find(token); pos != std::string_view::npos;
       pos = text.find(token, pos + 1))
    if (std::optional<Match> match = match_at(state, root, text, Span{pos, pos + token.size()}))
      result.matches.push_back(std::move(*match));
  finish_tree_search(result, root, text, token);
  return result;
}

} // namespace

FindResult NodeAnchor::find(std::string_view text) const {
  const TreePtr tree =
      parse(m_state->language, blanked_source(m_state->language, text, m_state->options));
  return search(*m_state, tree.get(), text);
}

FindResult NodeAnchor::find(const SharedAnalysis& shared) const {
  const auto& parsed = shared.cache().parsed(m_state->language, shared.text(), m_state->options);
  return search(*m_state, parsed.tree.get(), shared.text());
}

const std::string& NodeAnchor::required_literal() const {
  return m_state->required_literal;
}

} // namespace tp::anchor
