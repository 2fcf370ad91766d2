#include "anchor/syntax_anchor.hpp"

#include <tree_sitter/api.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "anchor/regex_anchor.hpp"

extern "C" {
const TSLanguage* tree_sitter_c(void);
const TSLanguage* tree_sitter_cpp(void);
const TSLanguage* tree_sitter_python(void);
}

namespace tp::anchor {
namespace {

const TSLanguage* language_of(Language language) {
  switch (language) {
  case Language::c:
    return tree_sitter_c();
  case Language::cpp:
    return tree_sitter_cpp();
  case Language::python:
    return tree_sitter_python();
  }
  return tree_sitter_cpp();
}

struct QueryDeleter {
  void operator()(TSQuery* query) const { ts_query_delete(query); }
};
struct ParserDeleter {
  void operator()(TSParser* parser) const { ts_parser_delete(parser); }
};
struct TreeDeleter {
  void operator()(TSTree* tree) const { ts_tree_delete(tree); }
};
struct QueryCursorDeleter {
  void operator()(TSQueryCursor* cursor) const { ts_query_cursor_delete(cursor); }
};
using TreePtr = std::unique_ptr<TSTree, TreeDeleter>;

// Parses `source` (already blanked). Null when the runtime refuses the grammar or the text is
// beyond tree-sitter's 32-bit offsets.
TreePtr parse(Language language, std::string_view source) {
  if (source.size() > std::numeric_limits<uint32_t>::max())
    return nullptr;
  std::unique_ptr<TSParser, ParserDeleter> parser(ts_parser_new());
  if (!ts_parser_set_language(parser.get(), language_of(language)))
    return nullptr;
  return TreePtr(ts_parser_parse_string(parser.get(), nullptr, source.data(),
                                        static_cast<uint32_t>(source.size())));
}

std::string blanked_source(Language language, std::string_view text,
                           const CompileOptions& options) {
  // Export macros are a C/C++ concern; Python source is parsed as written.
  return language == Language::python ? std::string(text) : blank_export_macros(text, options);
}

Span span_of(TSNode node) { return {ts_node_start_byte(node), ts_node_end_byte(node)}; }

// Visits the tree in document order. `visit` returns whether to descend into the node.
template <typename Visit> void walk(TSNode root, Visit visit) {
  TSTreeCursor cursor = ts_tree_cursor_new(root);
  for (;;) {
    if (visit(ts_tree_cursor_current_node(&cursor)) && ts_tree_cursor_goto_first_child(&cursor))
      continue;
    bool moved = false;
    while (!(moved = ts_tree_cursor_goto_next_sibling(&cursor)))
      if (!ts_tree_cursor_goto_parent(&cursor))
        break;
    if (!moved)
      break;
  }
  ts_tree_cursor_delete(&cursor);
}

// The ERROR and MISSING nodes of the tree, in document order (an ERROR node's inside is not
// searched further: its start is what a user needs to see).
std::vector<Span> error_spans(TSNode root) {
  std::vector<Span> spans;
  if (!ts_node_has_error(root))
    return spans;
  walk(root, [&](TSNode node) {
    if (ts_node_is_error(node) || ts_node_is_missing(node)) {
      spans.push_back(span_of(node));
      return false;
    }
    return ts_node_has_error(node);
  });
  return spans;
}

// The first error touching `region` (a zero-width MISSING node counts at either edge).
std::optional<std::size_t> first_error_in(const std::vector<Span>& errors, Span region) {
  for (const Span& error : errors) {
    if (error.begin > region.end)
      break;
    const bool overlaps = error.begin < region.end && error.end > region.begin;
    const bool empty_inside = error.size() == 0 && error.begin >= region.begin;
    if (overlaps || empty_inside)
      return error.begin;
  }
  return std::nullopt;
}

// Nodes whose children are the declarations or statements of a file, namespace, class, block or
// preprocessor branch. tree-sitter recovers from an error inside one child without changing how
// its siblings parse, so such a child is the region an error can hide a construct in.
bool is_item_container(std::string_view kind) {
  static constexpr std::string_view k_kinds[] = {
      "translation_unit", "declaration_list", "field_declaration_list", "compound_statement",
      "preproc_if",       "preproc_ifdef",    "preproc_else",           "preproc_elif",
      "preproc_elifdef",  "module",           "block",
  };
  return std::find(std::begin(k_kinds), std::end(k_kinds), kind) != std::end(k_kinds);
}

// The first error that could hide a construct containing the bytes `occurrence`: one inside the
// declaration or statement that holds them (the ancestor whose parent is an item container), or
// an ERROR node enclosing them.
std::optional<std::size_t> error_around(TSNode root, const std::vector<Span>& errors,
                                        Span occurrence) {
  TSNode node = ts_node_descendant_for_byte_range(root, static_cast<uint32_t>(occurrence.begin),
                                                  static_cast<uint32_t>(occurrence.end));
  std::optional<Span> item;
  for (; !ts_node_is_null(node); node = ts_node_parent(node)) {
    if (ts_node_is_error(node))
      return ts_node_start_byte(node);
    const TSNode parent = ts_node_parent(node);
    if (!item && (ts_node_is_null(parent) || is_item_container(ts_node_type(parent))))
      item = span_of(node);
  }
  return item ? first_error_in(errors, *item) : std::nullopt;
}

// ----- predicates -----

enum class PredicateKind { eq, match, any_of };

struct Predicate {
  PredicateKind kind = PredicateKind::eq;
  bool negated = false;
  uint32_t capture = 0;
  std::optional<uint32_t> other_capture; // #eq? @a @b
  std::string value;                     // #eq? @a "text"
  std::vector<std::string> values;       // #any-of?
  std::optional<RegexAnchor> regex;      // #match?
};

struct PredicateName {
  std::string_view name;
  PredicateKind kind;
  bool negated;
};

constexpr PredicateName k_predicates[] = {
    {"eq?", PredicateKind::eq, false},         {"not-eq?", PredicateKind::eq, true},
    {"match?", PredicateKind::match, false},   {"not-match?", PredicateKind::match, true},
    {"any-of?", PredicateKind::any_of, false}, {"not-any-of?", PredicateKind::any_of, true},
};

std::string_view string_value(const TSQuery* query, uint32_t id) {
  uint32_t length = 0;
  const char* value = ts_query_string_value_for_id(query, id, &length);
  return {value, length};
}

std::string_view capture_name(const TSQuery* query, uint32_t id) {
  uint32_t length = 0;
  const char* name = ts_query_capture_name_for_id(query, id, &length);
  return {name, length};
}

// Where predicate `name` is written in the query, searching from `from`: the step list keeps
// no offsets, but predicates appear in source order within their pattern.
std::size_t locate_predicate(std::string_view source, std::string_view name, std::size_t from) {
  const std::string token = "#" + std::string(name);
  const std::size_t at = source.find(token, from);
  return at == std::string_view::npos ? from : at;
}

using Steps = std::vector<TSQueryPredicateStep>;

std::variant<Predicate, CompileError> make_predicate(const TSQuery* query, const Steps& steps,
                                                     std::string_view source, std::size_t at) {
  const std::string_view name = string_value(query, steps[0].value_id);
  const auto known = std::find_if(std::begin(k_predicates), std::end(k_predicates),
                                  [&](const PredicateName& p) { return p.name == name; });
  if (known == std::end(k_predicates))
    return CompileError{"unknown predicate '#" + std::string(name) +
                            "' (torchpatch evaluates #eq?, #not-eq?, #match?, #not-match?, "
                            "#any-of? and #not-any-of?)",
                        at};
  const std::string written = "#" + std::string(name);
  Predicate predicate;
  predicate.kind = known->kind;
  predicate.negated = known->negated;
  if (steps.size() < 3 || steps[1].type != TSQueryPredicateStepTypeCapture)
    return CompileError{written + " needs a capture and then a value", at};
  predicate.capture = steps[1].value_id;

  switch (predicate.kind) {
  case PredicateKind::eq:
    if (steps.size() != 3)
      return CompileError{written + " takes exactly two arguments", at};
    if (steps[2].type == TSQueryPredicateStepTypeCapture)
      predicate.other_capture = steps[2].value_id;
    else
      predicate.value = std::string(string_value(query, steps[2].value_id));
    break;
  case PredicateKind::match: {
    if (steps.size() != 3 || steps[2].type != TSQueryPredicateStepTypeString)
      return CompileError{written + " takes a capture and a regex string", at};
    auto regex = RegexAnchor::compile(string_value(query, steps[2].value_id), "", Multiline::no);
    if (auto* error = std::get_if<CompileError>(&regex)) {
      // The string's escapes make offsets inside it inexact: point at its opening quote.
      const std::size_t quote = source.find('"', at);
      return CompileError{written + ": " + error->message,
                          quote == std::string_view::npos ? at : quote};
    }
    predicate.regex = std::move(std::get<RegexAnchor>(regex));
    break;
  }
  case PredicateKind::any_of:
    for (std::size_t i = 2; i < steps.size(); ++i) {
      if (steps[i].type != TSQueryPredicateStepTypeString)
        return CompileError{written + " takes a capture and then strings only", at};
      predicate.values.emplace_back(string_value(query, steps[i].value_id));
    }
    break;
  }
  return predicate;
}

std::variant<std::vector<Predicate>, CompileError>
compile_predicates(const TSQuery* query, uint32_t pattern, std::string_view source) {
  uint32_t step_count = 0;
  const TSQueryPredicateStep* all = ts_query_predicates_for_pattern(query, pattern, &step_count);
  std::vector<Predicate> predicates;
  std::size_t search_from = ts_query_start_byte_for_pattern(query, pattern);
  Steps steps;
  for (uint32_t i = 0; i < step_count; ++i) {
    if (all[i].type != TSQueryPredicateStepTypeDone) {
      steps.push_back(all[i]);
      continue;
    }
    if (steps.empty() || steps[0].type != TSQueryPredicateStepTypeString)
      return CompileError{"a predicate must start with its name", search_from};
    const std::size_t at =
        locate_predicate(source, string_value(query, steps[0].value_id), search_from);
    auto predicate = make_predicate(query, steps, source, at);
    if (auto* error = std::get_if<CompileError>(&predicate))
      return std::move(*error);
    predicates.push_back(std::move(std::get<Predicate>(predicate)));
    search_from = at + 1;
    steps.clear();
  }
  return predicates;
}

// The nodes of each capture in one query match, in document order.
using CaptureNodes = std::vector<std::vector<Span>>;

bool all_nodes(const std::vector<Span>& nodes, auto&& satisfies) {
  return std::all_of(nodes.begin(), nodes.end(), satisfies);
}

// Follows tree-sitter's own reading: a predicate holds for every node of its capture (so a
// capture that matched no node satisfies it), and capture-vs-capture compares node by node.
bool holds(const Predicate& predicate, const CaptureNodes& captures, std::string_view text) {
  auto text_of = [&](Span span) { return text.substr(span.begin, span.size()); };
  const std::vector<Span>& nodes = captures[predicate.capture];
  switch (predicate.kind) {
  case PredicateKind::eq:
    if (predicate.other_capture) {
      const std::vector<Span>& others = captures[*predicate.other_capture];
      for (std::size_t i = 0; i < std::min(nodes.size(), others.size()); ++i)
        if ((text_of(nodes[i]) == text_of(others[i])) == predicate.negated)
          return false;
      return true;
    }
    return all_nodes(nodes,
                     [&](Span n) { return (text_of(n) == predicate.value) != predicate.negated; });
  case PredicateKind::match:
    return all_nodes(nodes, [&](Span n) {
      return predicate.regex->matches_in(text_of(n)) != predicate.negated;
    });
  case PredicateKind::any_of:
    return all_nodes(nodes, [&](Span n) {
      const bool found = std::find(predicate.values.begin(), predicate.values.end(), text_of(n)) !=
                         predicate.values.end();
      return found != predicate.negated;
    });
  }
  return false;
}

std::string describe_query_error(TSQueryError type, std::string_view source, uint32_t offset) {
  auto word_at = [&] {
    std::size_t end = offset;
    while (end < source.size() && (std::isalnum(static_cast<unsigned char>(source[end])) ||
                                   source[end] == '_' || source[end] == '-' || source[end] == '.'))
      ++end;
    return std::string(source.substr(offset, end - offset));
  };
  switch (type) {
  case TSQueryErrorNodeType:
    return "invalid node type '" + word_at() + "'";
  case TSQueryErrorField:
    return "invalid field '" + word_at() + "'";
  case TSQueryErrorCapture:
    return "invalid capture '@" + word_at() + "'";
  case TSQueryErrorStructure:
    return "impossible pattern: the grammar never produces this structure";
  case TSQueryErrorLanguage:
    return "the grammar's ABI version is not supported by the tree-sitter runtime";
  case TSQueryErrorSyntax:
  case TSQueryErrorNone:
    break;
  }
  return "syntax error in query";
}

} // namespace

struct SyntaxAnchor::State {
  std::unique_ptr<TSQuery, QueryDeleter> query;
  Language language = Language::cpp;
  CompileOptions options;
  std::vector<std::vector<Predicate>> predicates; // per pattern
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
  if (ts_query_pattern_count(state.query.get()) != 1)
    return best;
  for (const Predicate& predicate : state.predicates[0]) {
    if (predicate.kind != PredicateKind::eq || predicate.negated || predicate.other_capture)
      continue;
    const TSQuantifier quantifier =
        ts_query_capture_quantifier_for_id(state.query.get(), 0, predicate.capture);
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
  std::once_flag once;
  std::shared_ptr<const State> state; // set by compile_query(), at once or by the first find()
  std::atomic<bool> compiled{false};  // state is set (readable without waiting for `once`)
};

namespace {

// The within regex and its literal: compiled at load in both modes (RE2 compiles in
// microseconds, and a bad `within` is then reported wherever the anchor is loaded).
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

// The required literal: the predicates' literal, or the within regex's if longer.
std::string required_literal_of(std::string from_predicates, const std::optional<RegexAnchor>& within) {
  if (within && within->required_literal().size() > from_predicates.size())
    return within->required_literal();
  return from_predicates;
}

std::variant<std::shared_ptr<const SyntaxAnchor::State>, CompileError>
compile_query(const AnchorSpec& spec, const CompileOptions& options) {
  if (spec.pattern.empty())
    return CompileError{"empty query", 0};
  if (spec.pattern.size() > std::numeric_limits<uint32_t>::max())
    return CompileError{"query too long", 0};
  auto state = std::make_shared<SyntaxAnchor::State>();
  state->language = spec.language;
  state->options = options;

  uint32_t error_offset = 0;
  TSQueryError error_type = TSQueryErrorNone;
  state->query.reset(ts_query_new(language_of(spec.language), spec.pattern.data(),
                                  static_cast<uint32_t>(spec.pattern.size()), &error_offset,
                                  &error_type));
  if (!state->query)
    return CompileError{describe_query_error(error_type, spec.pattern, error_offset),
                        std::min<std::size_t>(error_offset, spec.pattern.size())};
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

  for (uint32_t pattern = 0; pattern < ts_query_pattern_count(query); ++pattern) {
    auto predicates = compile_predicates(query, pattern, spec.pattern);
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
    auto compiled = compile_query(deferred.spec, deferred.options);
    if (auto* error = std::get_if<CompileError>(&compiled)) {
      // Unreachable for the embedded catalog, whose queries the build compiles
      // (src/check_embedded_catalog.cpp); anything else is loaded with QueryCompilation::at_load.
      std::fprintf(stderr, "torchpatch: internal error: a syntax query compiled on first use "
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

  for (const Predicate& predicate : state.predicates[query_match.pattern_index])
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

  if (state.within) {
    const Span scope = match.target;
    const std::optional<Match> inner =
        state.within->find_first(text.substr(scope.begin, scope.size()));
    if (!inner)
      return std::nullopt;
    auto shifted = [&](Span span) {
      return Span{span.begin + scope.begin, span.end + scope.begin};
    };
    match.target = shifted(inner->target);
    for (const auto& [name, span] : inner->groups)
      match.groups.emplace(name, shifted(span)); // a capture of the same name wins
  }
  return match;
}

bool starts_before(const Match& a, const Match& b) {
  if (a.whole.begin != b.whole.begin)
    return a.whole.begin < b.whole.begin;
  if (a.target.begin != b.target.begin)
    return a.target.begin < b.target.begin;
  if (a.whole.end != b.whole.end)
    return a.whole.end < b.whole.end;
  return a.target.end < b.target.end;
}

} // namespace

FindResult SyntaxAnchor::find(std::string_view text) const {
  const State& state = this->state();
  FindResult result;
  const std::string source = blanked_source(state.language, text, state.options);
  const TreePtr tree = parse(state.language, source);
  if (!tree) {
    result.parse_degraded = true;
    return result;
  }
  const TSNode root = ts_tree_root_node(tree.get());

  std::unique_ptr<TSQueryCursor, QueryCursorDeleter> cursor(ts_query_cursor_new());
  ts_query_cursor_exec(cursor.get(), state.query.get(), root);
  TSQueryMatch query_match;
  while (ts_query_cursor_next_match(cursor.get(), &query_match)) {
    if (std::optional<Match> match = to_match(state, query_match, text))
      result.matches.push_back(std::move(*match));
  }
  std::sort(result.matches.begin(), result.matches.end(), starts_before);
  result.matches.erase(std::unique(result.matches.begin(), result.matches.end(),
                                   [](const Match& a, const Match& b) {
                                     return a.whole == b.whole && a.target == b.target;
                                   }),
                       result.matches.end());

  const std::vector<Span> errors = error_spans(root);
  if (errors.empty())
    return result;
  if (result.matches.empty()) {
    // An error can hide a match only where a match could be: around an occurrence of the name
    // the query requires. A macro call without its semicolon a thousand lines away (PyTorch's
    // native_ops.cpp) says nothing about the construct looked for.
    std::optional<std::size_t> at;
    if (state.located_by.empty()) {
      at = errors.front().begin;
    } else {
      const std::string& name = state.located_by;
      for (std::size_t pos = text.find(name); pos != std::string_view::npos && !at;
           pos = text.find(name, pos + 1))
        at = error_around(root, errors, Span{pos, pos + name.size()});
    }
    if (at) {
      result.parse_degraded = true;
      result.degraded_at = *at;
    }
    return result;
  }
  for (const Match& match : result.matches) {
    const std::optional<std::size_t> at = first_error_in(errors, match.whole);
    if (at && (!result.parse_degraded || *at < result.degraded_at)) {
      result.parse_degraded = true;
      result.degraded_at = *at;
    }
  }
  return result;
}

bool SyntaxAnchor::is_prepared() const { return m_deferred->compiled; }

const std::string& SyntaxAnchor::required_literal() const { return m_deferred->required_literal; }

// ----- the prefilter literal from the query's text -----

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
    if (std::any_of(m_text.begin(), m_text.end(), [](char c) {
          return c == '\0' || static_cast<unsigned char>(c) >= 0x80;
        }))
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
      value += escaped == 'n' ? '\n' : escaped == 'r' ? '\r' : escaped == 't' ? '\t'
               : escaped == '0' ? '\0' : escaped;
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
    if (next() == '[') {
      ++m_at;
      skip_space();
      bool first = true;
      for (;;) {
        Required branch;
        if (!pattern(branch))
          return false;
        if (m_done_by_parent) {
          if (next() != ']' || first)
            return false;
          ++m_at;
          m_done_by_parent = false;
          break;
        }
        if (first) {
          required = std::move(branch);
        } else {
          for (auto& [capture, is_required] : required)
            is_required = is_required && branch.count(capture) && branch[capture];
          for (const auto& [capture, is_required] : branch)
            required.emplace(capture, false);
        }
        first = false;
      }
    } else if (next() == '(') {
      ++m_at;
      skip_space();
      if (next() == '(' || next() == '"' || next() == '[') {
        if (!children(required, Negations::no))
          return false;
      } else if (next() == '#') {
        ++m_at;
        return predicate(); // no suffixes: tree-sitter returns straight away
      } else if (at_identifier_start()) {
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
        if (!children(required, Negations::yes))
          return false;
      } else {
        return false; // '(.' and the like
      }
    } else if (next() == '_') {
      ++m_at;
      skip_space();
    } else if (next() == '"') {
      if (!string_literal())
        return false;
    } else if (at_identifier_start()) {
      identifier(); // a field name
      skip_space();
      if (next() != ':')
        return false;
      ++m_at;
      skip_space();
      Required field;
      if (!pattern(field) || m_done_by_parent)
        return false;
      add_all(required, field);
    } else {
      return false;
    }
    skip_space();

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

namespace {

bool is_identifier_kind(std::string_view kind) {
  static constexpr std::string_view k_kinds[] = {
      "identifier",           "field_identifier",     "type_identifier",
      "namespace_identifier", "statement_identifier",
  };
  return std::find(std::begin(k_kinds), std::end(k_kinds), kind) != std::end(k_kinds);
}

// Nodes whose text is not code: nothing inside them is a use of an identifier.
bool is_opaque_kind(std::string_view kind) {
  static constexpr std::string_view k_kinds[] = {
      "comment", "string_literal",      "raw_string_literal", "char_literal",
      "string",  "concatenated_string", "system_lib_string",
  };
  return std::find(std::begin(k_kinds), std::end(k_kinds), kind) != std::end(k_kinds);
}

} // namespace

std::vector<Span> find_identifier_uses(Language language, std::string_view text,
                                       std::string_view name, const CompileOptions& options) {
  std::vector<Span> uses;
  if (name.empty())
    return uses;
  const std::string source = blanked_source(language, text, options);
  const TreePtr tree = parse(language, source);
  if (!tree)
    return uses;
  walk(ts_tree_root_node(tree.get()), [&](TSNode node) {
    const std::string_view kind = ts_node_type(node);
    if (is_opaque_kind(kind))
      return false;
    if (ts_node_is_named(node) && is_identifier_kind(kind)) {
      const Span span = span_of(node);
      if (text.substr(span.begin, span.size()) == name)
        uses.push_back(span);
    }
    return true;
  });
  return uses;
}

} // namespace tp::anchor
