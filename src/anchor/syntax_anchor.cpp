#include "anchor/syntax_anchor.hpp"

#include <tree_sitter/api.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "anchor/parse_tree.hpp"
#include "anchor/query_pool.hpp"
#include "anchor/query_predicates.hpp"
#include "anchor/query_text.hpp"
#include "anchor/regex_anchor.hpp"
#include "anchor/shared_analysis.hpp"
#include "anchor/tree_matches.hpp"

namespace tp::anchor {

struct SyntaxAnchor::State {
  // The anchor's own query, or its language's combined query of the catalog (QueryPool), of
  // which this anchor's patterns are [first_pattern, end_pattern).
  std::shared_ptr<const TSQuery> query;
  uint32_t first_pattern = 0;
  uint32_t end_pattern = 0;
  Language language = Language::cpp;
  CompileOptions options;
  std::vector<std::vector<Predicate>> predicates; // per pattern, from first_pattern
  std::optional<uint32_t> target_capture;         // none: each match's first capture
  std::optional<RegexAnchor> within;
  std::string required_literal;
  // The name a positive #eq? requires (literal_from_predicates): where a match that found
  // nothing could have been, for judging parse degradation. Empty: anywhere.
  std::string located_by;
};

namespace {

// A literal every match's text holds: the longest string of a positive #eq? on a capture that
// is always present, when the query has a single pattern.
std::string literal_from_predicates(const SyntaxAnchor::State& state) {
  std::string best;
  if (state.end_pattern - state.first_pattern != 1)
    return best;
  for (const Predicate& predicate : state.predicates[0]) {
    if (predicate.kind != PredicateKind::eq || predicate.negated || predicate.other_capture)
      continue;
    const TSQuantifier quantifier = ts_query_capture_quantifier_for_id(
        state.query.get(), state.first_pattern, predicate.capture);
    if (quantifier != TSQuantifierOne && quantifier != TSQuantifierOneOrMore)
      continue;
    if (predicate.value.size() > best.size())
      best = predicate.value;
  }
  return best;
}

} // namespace

struct SyntaxAnchor::Deferred {
  AnchorSpec spec;
  CompileOptions options;
  std::string required_literal;
  std::optional<QueryPool::Slot> pooled; // where options.query_pool holds the query
  std::once_flag once;
  std::shared_ptr<const State> state; // set by compile_query(), at once or by the first find()
  std::atomic<bool> compiled{false};  // state is set (readable without waiting for `once`)
};

namespace {

// What compile_query() reads from a compiled query: the target capture, the predicates of
// [first_pattern, end_pattern), the `within` regex and the literals. `source` is the text the
// query was compiled from.
std::variant<std::shared_ptr<const SyntaxAnchor::State>, CompileError>
describe_query(std::shared_ptr<SyntaxAnchor::State> state, const AnchorSpec& spec,
               std::string_view source) {
  const TSQuery* query = state->query.get();
  const uint32_t capture_count = ts_query_capture_count(query);
  if (capture_count == 0)
    return CompileError{"the query has no capture: name the node to act on with @name", 0};
  if (!spec.target.empty()) {
    std::string names;
    for (uint32_t i = 0; i < capture_count; ++i) {
      if (capture_name(query, i) == spec.target)
        state->target_capture = i;
      names += (i ? ", @" : "@") + std::string(capture_name(query, i));
    }
    if (!state->target_capture)
      return CompileError{"target capture '@" + spec.target +
                              "' does not exist in the query (captures: " + names + ")",
                          0};
  }

  for (uint32_t pattern = state->first_pattern; pattern < state->end_pattern; ++pattern) {
    auto predicates = compile_predicates(query, pattern, source);
    if (auto* error = std::get_if<CompileError>(&predicates))
      return std::move(*error);
    state->predicates.push_back(std::move(std::get<std::vector<Predicate>>(predicates)));
  }

  auto within = compile_within(spec);
  if (auto* error = std::get_if<CompileError>(&within))
    return std::move(*error);
  state->within = std::move(std::get<std::optional<RegexAnchor>>(within));

  state->located_by = literal_from_predicates(*state);
  state->required_literal = required_literal_of(state->located_by, state->within);
  return std::shared_ptr<const SyntaxAnchor::State>(std::move(state));
}

std::shared_ptr<SyntaxAnchor::State> new_state(const AnchorSpec& spec,
                                               const CompileOptions& options) {
  auto state = std::make_shared<SyntaxAnchor::State>();
  state->language = spec.language;
  state->options = options;
  return state;
}

std::variant<std::shared_ptr<const SyntaxAnchor::State>, CompileError>
compile_query(const AnchorSpec& spec, const CompileOptions& options) {
  if (spec.pattern.empty())
    return CompileError{"empty query", 0};
  if (spec.pattern.size() > std::numeric_limits<uint32_t>::max())
    return CompileError{"query too long", 0};
  auto state = new_state(spec, options);
  uint32_t error_offset = 0;
  TSQueryError error_type = TSQueryErrorNone;
  TSQuery* query =
      ts_query_new(language_of(spec.language), spec.pattern.data(),
                   static_cast<uint32_t>(spec.pattern.size()), &error_offset, &error_type);
  if (!query)
    return CompileError{describe_query_error(error_type, spec.pattern, error_offset),
                        std::min<std::size_t>(error_offset, spec.pattern.size())};
  state->query = std::shared_ptr<const TSQuery>(query, ts_query_delete);
  state->end_pattern = ts_query_pattern_count(query);
  return describe_query(std::move(state), spec, spec.pattern);
}

// The anchor's patterns of its language's combined query, or nothing when the pool cannot give
// them: the caller then compiles the query alone.
std::shared_ptr<const SyntaxAnchor::State>
pooled_query(const AnchorSpec& spec, const CompileOptions& options, QueryPool::Slot slot) {
  std::optional<PooledQuery> pooled = options.query_pool->patterns_of(slot);
  if (!pooled)
    return nullptr;
  auto state = new_state(spec, options);
  state->query = pooled->query;
  state->first_pattern = pooled->first_pattern;
  state->end_pattern = pooled->end_pattern;
  auto described = describe_query(std::move(state), spec, pooled->text);
  auto* done = std::get_if<std::shared_ptr<const SyntaxAnchor::State>>(&described);
  return done ? std::move(*done) : nullptr;
}

} // namespace

std::variant<SyntaxAnchor, CompileError> SyntaxAnchor::compile(const AnchorSpec& spec,
                                                               const CompileOptions& options) {
  auto deferred = std::make_shared<Deferred>();
  deferred->spec = spec;
  deferred->options = options;
  if (options.query_compilation == QueryCompilation::on_first_use && !spec.pattern.empty()) {
    std::optional<std::string> from_text = literal_from_query_text(spec.pattern);
    if (from_text) {
      auto within = compile_within(spec);
      if (auto* error = std::get_if<CompileError>(&within))
        return std::move(*error);
      deferred->required_literal =
          required_literal_of(std::move(*from_text), std::get<std::optional<RegexAnchor>>(within));
      // A query without a target acts on each match's first capture, which a combined query
      // numbers differently: it is compiled alone.
      if (options.query_pool && !spec.target.empty())
        deferred->pooled = options.query_pool->add(spec.language, spec.pattern);
      return SyntaxAnchor(std::move(deferred));
    }
    // The text alone does not tell the literal: compile now.
  }
  auto compiled = compile_query(spec, options);
  if (auto* error = std::get_if<CompileError>(&compiled))
    return std::move(*error);
  deferred->state = std::move(std::get<std::shared_ptr<const State>>(compiled));
  deferred->required_literal = deferred->state->required_literal;
  deferred->compiled = true;
  return SyntaxAnchor(std::move(deferred));
}

const SyntaxAnchor::State& SyntaxAnchor::state() const {
  Deferred& deferred = *m_deferred;
  std::call_once(deferred.once, [&deferred] {
    if (deferred.state)
      return;
    if (deferred.pooled)
      deferred.state = pooled_query(deferred.spec, deferred.options, *deferred.pooled);
    if (deferred.state) {
      deferred.compiled = true;
      return;
    }
    auto compiled = compile_query(deferred.spec, deferred.options);
    if (auto* error = std::get_if<CompileError>(&compiled)) {
      // Unreachable for the embedded catalog, whose queries the build compiles
      // (src/check_embedded_catalog.cpp); anything else is loaded with QueryCompilation::at_load.
      std::fprintf(stderr,
                   "torchpatch: internal error: a syntax query compiled on first use "
                   "does not compile: %s (at byte %zu of the query)\n",
                   error->message.c_str(), error->offset);
      std::abort();
    }
    deferred.state = std::move(std::get<std::shared_ptr<const State>>(compiled));
    deferred.compiled = true;
  });
  return *deferred.state;
}

namespace {

// One query match turned into an anchor Match, or nothing when a predicate fails, the target
// capture is absent or `within` finds nothing.
std::optional<Match> to_match(const SyntaxAnchor::State& state, const TSQueryMatch& query_match,
                              std::string_view text) {
  const TSQuery* query = state.query.get();
  CaptureNodes captures(ts_query_capture_count(query));
  std::optional<uint32_t> first_capture;
  for (uint16_t i = 0; i < query_match.capture_count; ++i) {
    const TSQueryCapture& capture = query_match.captures[i];
    captures[capture.index].push_back(span_of(capture.node));
    if (!first_capture || capture.index < *first_capture)
      first_capture = capture.index;
  }
  if (!first_capture)
    return std::nullopt;
  for (auto& nodes : captures)
    std::sort(nodes.begin(), nodes.end(), [](Span a, Span b) {
      return a.begin != b.begin ? a.begin < b.begin : a.end < b.end;
    });

  for (const Predicate& predicate :
       state.predicates[query_match.pattern_index - state.first_pattern])
    if (!holds(predicate, captures, text))
      return std::nullopt;

  const uint32_t target = state.target_capture.value_or(*first_capture);
  if (captures[target].empty())
    return std::nullopt;

  Match match;
  match.whole = captures[*first_capture].front();
  for (uint32_t index = 0; index < captures.size(); ++index) {
    if (captures[index].empty())
      continue;
    for (const Span& node : captures[index]) {
      match.whole.begin = std::min(match.whole.begin, node.begin);
      match.whole.end = std::max(match.whole.end, node.end);
    }
    match.groups.emplace(std::string(capture_name(query, index)), captures[index].front());
  }
  match.target = captures[target].front();

  if (state.within && !narrow_to_within(*state.within, text, match))
    return std::nullopt;
  return match;
}

// The query's matches in `tree`, the parse of `text` (null: the parser refused it).
FindResult search(const SyntaxAnchor::State& state, const TSTree* tree, std::string_view text) {
  FindResult result;
  if (!tree) {
    result.parse_degraded = true;
    return result;
  }
  const TSNode root = ts_tree_root_node(tree);

  std::unique_ptr<TSQueryCursor, QueryCursorDeleter> cursor(ts_query_cursor_new());
  ts_query_cursor_exec(cursor.get(), state.query.get(), root);
  TSQueryMatch query_match;
  while (ts_query_cursor_next_match(cursor.get(), &query_match)) {
    if (query_match.pattern_index < state.first_pattern ||
        query_match.pattern_index >= state.end_pattern)
      continue; // another anchor's pattern of the combined query
    if (std::optional<Match> match = to_match(state, query_match, text))
      result.matches.push_back(std::move(*match));
  }
  finish_tree_search(result, root, text, state.located_by);
  return result;
}

} // namespace

FindResult SyntaxAnchor::find(std::string_view text) const {
  const State& state = this->state();
  const TreePtr tree = parse(state.language, blanked_source(state.language, text, state.options));
  return search(state, tree.get(), text);
}

FindResult SyntaxAnchor::find(const SharedAnalysis& shared) const {
  const State& state = this->state();
  const auto& parsed = shared.cache().parsed(state.language, shared.text(), state.options);
  return search(state, parsed.tree.get(), shared.text());
}

bool SyntaxAnchor::is_prepared() const {
  return m_deferred->compiled;
}

const std::string& SyntaxAnchor::required_literal() const {
  return m_deferred->required_literal;
}

} // namespace tp::anchor
