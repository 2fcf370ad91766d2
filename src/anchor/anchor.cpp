#include "anchor/anchor.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>

#include "anchor/node_anchor.hpp"
#include "anchor/parse_tree.hpp"
#include "anchor/regex_anchor.hpp"
#include "anchor/shared_analysis.hpp"
#include "anchor/syntax_anchor.hpp"
#include "anchor/words.hpp"

namespace tp::anchor {

namespace {

char to_lower_ascii(char c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

std::string to_lower_ascii(std::string_view text) {
  std::string lower(text);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](char c) { return to_lower_ascii(c); });
  return lower;
}

bool is_cmake_identifier(std::string_view name) {
  if (name.empty() || (name[0] >= '0' && name[0] <= '9'))
    return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  });
}

// An invocation's arguments as one string (each argument's own text, joined by single spaces),
// with the offset of each argument in it, so that offsets in the string map back to the file.
struct JoinedArguments {
  std::string text;
  std::vector<std::size_t> starts; // starts[i]: where argument i begins in `text`

  JoinedArguments(std::string_view file, const CmakeInvocation& invocation) {
    for (const CmakeArgument& argument : invocation.arguments) {
      if (!starts.empty())
        text += ' ';
      starts.push_back(text.size());
      text += file.substr(argument.span.begin, argument.span.size());
    }
  }

  // The file offset of `at` (an offset into `text`); a separator maps to the next argument.
  std::size_t file_offset(const CmakeInvocation& invocation, std::size_t at) const {
    for (std::size_t i = 0; i < starts.size(); ++i) {
      const Span& span = invocation.arguments[i].span;
      if (at >= starts[i] && at <= starts[i] + span.size())
        return span.begin + (at - starts[i]);
    }
    return invocation.arguments.empty() ? invocation.name_span.end
                                        : invocation.arguments.back().span.end;
  }
};

// The wrapper that makes `arguments` match the whole list (its length is subtracted from RE2's
// error offsets).
constexpr std::string_view k_arguments_prefix = "^(?:";
constexpr std::string_view k_arguments_suffix = ")$";

// cmake anchors need no engine of their own: the lexer finds invocations, this filters them.
struct CmakeAnchor {
  std::vector<std::string> lower_commands;
  bool target_is_name = false;
  std::optional<RegexAnchor> arguments; // matched against JoinedArguments::text, whole
  bool target_is_group = false;         // target names a group of `arguments`

  FindResult find(std::string_view text) const { return find_in(lex_cmake(text), text); }

  // The matches among `lexed`, the invocations of `text`.
  FindResult find_in(const CmakeLexResult& lexed, std::string_view text) const {
    FindResult result;
    for (const CmakeInvocation& invocation : lexed.invocations) {
      const std::string lower = to_lower_ascii(invocation.name);
      if (std::find(lower_commands.begin(), lower_commands.end(), lower) == lower_commands.end())
        continue;
      Match match;
      match.whole = invocation.whole;
      match.target = target_is_name ? invocation.name_span : invocation.whole;
      if (arguments) {
        const JoinedArguments joined(text, invocation);
        const std::optional<Match> found = arguments->find_first(joined.text);
        if (!found)
          continue;
        for (const auto& [group, span] : found->groups)
          match.groups.emplace(group, Span{joined.file_offset(invocation, span.begin),
                                           joined.file_offset(invocation, span.end)});
        if (target_is_group)
          match.target = Span{joined.file_offset(invocation, found->target.begin),
                              joined.file_offset(invocation, found->target.end)};
      }
      match.groups.insert_or_assign("name", invocation.name_span);
      match.invocation = invocation;
      result.matches.push_back(std::move(match));
    }
    return result;
  }
};

} // namespace

struct CompiledAnchor::Impl {
  AnchorSpec spec;
  std::variant<RegexAnchor, SyntaxAnchor, NodeAnchor, CmakeAnchor> engine;
  std::string prefilter;
  bool prefilter_case_insensitive = false;
  std::vector<std::string> export_macros; // syntax and node: blanked before parsing
};

std::optional<Language> parse_language(std::string_view name) {
  if (name == "c")
    return Language::c;
  if (name == "cpp")
    return Language::cpp;
  if (name == "python")
    return Language::python;
  return std::nullopt;
}

namespace {

std::variant<CompiledAnchor, CompileError> compile_regex(const AnchorSpec& spec,
                                                         const CompileOptions& options) {
  if (spec.pattern.empty())
    return CompileError{"empty regex pattern", 0};
  auto compiled = options.query_compilation == QueryCompilation::on_first_use
                      ? std::variant<RegexAnchor, CompileError>(
                            RegexAnchor::deferred(spec.pattern, spec.target, Multiline::yes))
                      : RegexAnchor::compile(spec.pattern, spec.target, Multiline::yes);
  if (auto* error = std::get_if<CompileError>(&compiled))
    return std::move(*error);
  auto& regex = std::get<RegexAnchor>(compiled);
  std::string literal = regex.required_literal();
  return CompiledAnchor(std::make_shared<const CompiledAnchor::Impl>(
      CompiledAnchor::Impl{spec, std::move(regex), std::move(literal), false, {}}));
}

// A syntax or node anchor: `Engine` compiled, its required literal the case-sensitive prefilter.
template <class Engine>
std::variant<CompiledAnchor, CompileError> compile_tree_anchor(const AnchorSpec& spec,
                                                               const CompileOptions& options) {
  auto compiled = Engine::compile(spec, options);
  if (auto* error = std::get_if<CompileError>(&compiled))
    return std::move(*error);
  auto& engine = std::get<Engine>(compiled);
  std::string literal = engine.required_literal();
  return CompiledAnchor(std::make_shared<const CompiledAnchor::Impl>(CompiledAnchor::Impl{
      spec, std::move(engine), std::move(literal), false, options.export_macros}));
}

std::variant<CompiledAnchor, CompileError> compile_cmake(const AnchorSpec& spec) {
  if (spec.commands.empty())
    return CompileError{"a cmake anchor needs at least one command in `commands`", 0};
  CmakeAnchor cmake;
  for (const std::string& command : spec.commands) {
    if (!is_cmake_identifier(command))
      return CompileError{"'" + command + "' is not a CMake command name", 0};
    cmake.lower_commands.push_back(to_lower_ascii(command));
  }
  const bool target_is_name = spec.target == "name";
  if (!spec.arguments.empty()) {
    const std::string wrapped =
        std::string(k_arguments_prefix) + spec.arguments + std::string(k_arguments_suffix);
    auto compiled = RegexAnchor::compile(wrapped, target_is_name ? "" : spec.target, Multiline::no);
    if (auto* error = std::get_if<CompileError>(&compiled)) {
      error->offset =
          error->offset > k_arguments_prefix.size()
              ? std::min(error->offset - k_arguments_prefix.size(), spec.arguments.size())
              : 0;
      return std::move(*error);
    }
    cmake.arguments = std::get<RegexAnchor>(std::move(compiled));
    cmake.target_is_group = !spec.target.empty() && !target_is_name;
  }
  if (target_is_name)
    cmake.target_is_name = true;
  else if (!spec.target.empty() && !cmake.target_is_group)
    return CompileError{"a cmake anchor's target is the whole invocation, \"name\" or a group of "
                        "`arguments`, not '" +
                            spec.target + "'",
                        0};
  std::string literal = cmake.lower_commands.size() == 1 ? cmake.lower_commands[0] : "";
  return CompiledAnchor(std::make_shared<const CompiledAnchor::Impl>(
      CompiledAnchor::Impl{spec, std::move(cmake), std::move(literal), true, {}}));
}

} // namespace

std::variant<CompiledAnchor, CompileError> CompiledAnchor::compile(const AnchorSpec& spec,
                                                                   const CompileOptions& options) {
  switch (spec.kind) {
  case Kind::regex:
    return compile_regex(spec, options);
  case Kind::syntax:
    return compile_tree_anchor<SyntaxAnchor>(spec, options);
  case Kind::node:
    return compile_tree_anchor<NodeAnchor>(spec, options);
  case Kind::cmake:
    return compile_cmake(spec);
  }
  return CompileError{"unknown anchor kind", 0};
}

void CompiledAnchor::prepare() const {
  if (const auto* syntax = std::get_if<SyntaxAnchor>(&m_impl->engine))
    syntax->prepare();
}

void CompiledAnchor::prepare(const SharedAnalysis& shared) const {
  prepare();
  if (!searches_parse_tree(m_impl->spec.kind))
    return;
  CompileOptions options;
  options.export_macros = m_impl->export_macros;
  (void)shared.cache().parsed(m_impl->spec.language, shared.text(), options);
}

bool CompiledAnchor::is_prepared() const {
  const auto* syntax = std::get_if<SyntaxAnchor>(&m_impl->engine);
  return !syntax || syntax->is_prepared();
}

FindResult CompiledAnchor::find(const SharedAnalysis& shared) const {
  return std::visit(
      [&](const auto& engine) {
        using Engine = std::decay_t<decltype(engine)>;
        if constexpr (std::is_same_v<Engine, RegexAnchor>)
          return FindResult{engine.find_all(shared.text()), false, 0};
        else if constexpr (std::is_same_v<Engine, CmakeAnchor>)
          return engine.find_in(shared.cache().cmake(shared.text()), shared.text());
        else
          return engine.find(shared);
      },
      m_impl->engine);
}

FindResult CompiledAnchor::find(std::string_view text) const {
  return std::visit(
      [&](const auto& engine) {
        using Engine = std::decay_t<decltype(engine)>;
        if constexpr (std::is_same_v<Engine, RegexAnchor>)
          return FindResult{engine.find_all(text), false, 0};
        else
          return engine.find(text);
      },
      m_impl->engine);
}

const std::string& CompiledAnchor::prefilter_literal() const {
  return m_impl->prefilter;
}

bool CompiledAnchor::prefilter_is_case_insensitive() const {
  return m_impl->prefilter_case_insensitive;
}

const AnchorSpec& CompiledAnchor::spec() const {
  return m_impl->spec;
}

std::vector<Span> find_word_occurrences(std::string_view text, std::string_view name) {
  std::vector<Span> spans;
  for_each_word(text, name, [&](Span span) { spans.push_back(span); });
  return spans;
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
