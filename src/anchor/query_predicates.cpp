#include "anchor/query_predicates.hpp"

#include <algorithm>
#include <cctype>
#include <iterator>

namespace tp::anchor {

namespace {

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

} // namespace

std::string_view capture_name(const TSQuery* query, uint32_t id) {
  uint32_t length = 0;
  const char* name = ts_query_capture_name_for_id(query, id, &length);
  return {name, length};
}

namespace {

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

} // namespace

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

namespace {
bool all_nodes(const std::vector<Span>& nodes, auto&& satisfies) {
  return std::all_of(nodes.begin(), nodes.end(), satisfies);
}
} // namespace

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

} // namespace tp::anchor
