#include "catalog/edit_loader.hpp"

#include <algorithm>
#include <cctype>

#include "anchor/include_scan.hpp"

namespace tp::catalog {

namespace {

// An anchor's spec as its table gives it, and the string a compile error's offset points into.
struct AnchorFields {
  anchor::AnchorSpec spec;
  const toml::node* pattern = nullptr; // pattern, query or arguments
};

void read_regex(TomlFile& file, const toml::table& table, const toml::node& node,
                const std::string& what, AnchorFields& out) {
  out.spec.kind = anchor::Kind::regex;
  file.check_keys(table, {"kind", "pattern", "target"}, what + " (regex)");
  out.pattern = table.get("pattern");
  out.spec.pattern = file.string_field(table, "pattern", Required::yes, node).value_or("");
  out.spec.target = file.string_field(table, "target", Required::no, node).value_or("");
}

// The language of a syntax or node anchor.
void read_language(TomlFile& file, const toml::table& table, const toml::node& node,
                   anchor::AnchorSpec& spec) {
  if (auto language = file.string_field(table, "language", Required::yes, node)) {
    if (auto parsed = anchor::parse_language(*language))
      spec.language = *parsed;
    else
      file.error_at(*table.get("language"),
                    "unknown language '" + *language + "'; expected c, cpp or python");
  }
}

// A syntax anchor (`query`) or a node anchor (`path`): the same keys but that one.
void read_tree_anchor(TomlFile& file, const toml::table& table, const toml::node& node,
                      const std::string& what, anchor::Kind kind, AnchorFields& out) {
  anchor::AnchorSpec& spec = out.spec;
  spec.kind = kind;
  const bool is_syntax = kind == anchor::Kind::syntax;
  const char* pattern_key = is_syntax ? "query" : "path";
  file.check_keys(table, {"kind", "language", pattern_key, "target", "within", "within_group"},
                  what + (is_syntax ? " (syntax)" : " (node)"));
  out.pattern = table.get(pattern_key);
  spec.pattern = file.string_field(table, pattern_key, Required::yes, node).value_or("");
  spec.target = file.string_field(table, "target", Required::no, node).value_or("");
  spec.within = file.string_field(table, "within", Required::no, node).value_or("");
  spec.within_group = file.string_field(table, "within_group", Required::no, node).value_or("");
  read_language(file, table, node, spec);
}

void read_cmake(TomlFile& file, const toml::table& table, const toml::node& node,
                const std::string& what, AnchorFields& out) {
  anchor::AnchorSpec& spec = out.spec;
  spec.kind = anchor::Kind::cmake;
  file.check_keys(table, {"kind", "commands", "arguments", "target"}, what + " (cmake)");
  spec.commands = file.string_list(table, "commands", Required::yes, node);
  out.pattern = table.get("arguments");
  spec.arguments = file.string_field(table, "arguments", Required::no, node).value_or("");
  spec.target = file.string_field(table, "target", Required::no, node).value_or("");
  if (spec.commands.empty())
    file.error_at(node, "a cmake anchor needs at least one command name in 'commands'");
}

// The anchor table at `node` (`what`: "anchor", "applied" or "upstream_fixed"), compiled.
std::optional<anchor::CompiledAnchor> anchor_table(TomlFile& file, const toml::node& node,
                                                   const std::string& what,
                                                   const anchor::CompileOptions& options) {
  const toml::table* table = node.as_table();
  if (!table) {
    file.error_at(node, what + " must be a table with 'kind', not " + type_name(node));
    return std::nullopt;
  }
  auto kind = file.string_field(*table, "kind", Required::yes, node);
  if (!kind)
    return std::nullopt;
  AnchorFields fields;
  if (*kind == "regex") {
    read_regex(file, *table, node, what, fields);
  } else if (*kind == "syntax") {
    read_tree_anchor(file, *table, node, what, anchor::Kind::syntax, fields);
  } else if (*kind == "node") {
    read_tree_anchor(file, *table, node, what, anchor::Kind::node, fields);
  } else if (*kind == "cmake") {
    read_cmake(file, *table, node, what, fields);
  } else {
    file.error_at(*table->get("kind"),
                  "unknown anchor kind '" + *kind + "'; expected regex, syntax, node or cmake");
    return std::nullopt;
  }
  auto compiled = anchor::CompiledAnchor::compile(fields.spec, options);
  if (auto* error = std::get_if<anchor::CompileError>(&compiled)) {
    const toml::node* at = error->in_within ? table->get("within") : fields.pattern;
    file.error_at_offset(at ? file.string_content_offset(*at) + error->offset
                            : file.offset_of(node.source().begin),
                         error->message);
    return std::nullopt;
  }
  return std::get<anchor::CompiledAnchor>(std::move(compiled));
}

// ">=N" with N a number of up to six digits.
std::optional<std::size_t> at_least_count(std::string_view v) {
  if (v.substr(0, 2) != ">=" || v.size() <= 2)
    return std::nullopt;
  std::string digits(v.substr(2));
  while (!digits.empty() && digits.front() == ' ')
    digits.erase(0, 1);
  if (digits.empty() || !std::all_of(digits.begin(), digits.end(), ::isdigit) || digits.size() >= 7)
    return std::nullopt;
  return std::stoul(digits);
}

// `matches`: an integer of at least 1, "any" or ">=N"; exactly 1 when absent.
std::optional<MatchCount> match_count(TomlFile& file, const toml::table& table) {
  MatchCount count;
  const toml::node* node = table.get("matches");
  if (!node)
    return count;
  if (auto n = node->as_integer()) {
    if (n->get() < 1) {
      file.error_at(*node, "'matches' must be at least 1 (use \"any\" for zero or more)");
      return std::nullopt;
    }
    count.n = static_cast<std::size_t>(n->get());
    return count;
  }
  if (auto s = node->as_string()) {
    if (s->get() == "any") {
      count.kind = MatchCount::Kind::any;
      return count;
    }
    if (auto n = at_least_count(s->get())) {
      count.kind = MatchCount::Kind::at_least;
      count.n = *n;
      return count;
    }
  }
  file.error_at(*node, "'matches' must be an integer, \"any\" or \">=N\"");
  return std::nullopt;
}

// An ensure-include header ("<cstdint>", "\"name.h\""); a problem points into the string.
void check_include_name(TomlFile& file, const std::string& header, const toml::node& node) {
  std::string why;
  std::size_t at = 0;
  if (!anchor::is_include_name(header, &why, &at))
    file.error_at_offset(file.string_content_offset(node) + at,
                         "invalid include '" + header + "': " + why);
}

// The fields of each action kind, after its `kind` (the `spec` it fills already has its kind);
// false when one has a problem (reported).
bool read_text(TomlFile& file, const toml::table& table, const toml::node& node,
               const std::string& kind, ActionSpec& spec) {
  file.check_keys(table, {"kind", "text"}, "action (" + kind + ")");
  auto text = file.string_field(table, "text", Required::yes, node);
  spec.text = text.value_or("");
  return text.has_value();
}

bool read_rename(TomlFile& file, const toml::table& table, const toml::node& node,
                 ActionSpec& spec) {
  file.check_keys(table, {"kind", "to"}, "action (rename)");
  auto to = file.string_field(table, "to", Required::yes, node);
  spec.to = to.value_or("");
  return to.has_value();
}

bool read_raise_cmake_minimum(TomlFile& file, const toml::table& table, const toml::node& node,
                              ActionSpec& spec) {
  file.check_keys(table, {"kind", "floor"}, "action (raise-cmake-minimum)");
  auto floor = file.string_field(table, "floor", Required::yes, node);
  if (!floor)
    return false;
  spec.floor = parse_version(*floor);
  if (!spec.floor)
    file.error_at(*table.get("floor"), "'floor' must be a version such as \"3.5\"");
  return spec.floor.has_value();
}

bool read_ensure_include(TomlFile& file, const toml::table& table, const toml::node& node,
                         ActionSpec& spec) {
  file.check_keys(table, {"kind", "header", "satisfied_by"}, "action (ensure-include)");
  auto header = file.string_field(table, "header", Required::yes, node);
  if (!header)
    return false;
  const std::size_t before = file.errors();
  check_include_name(file, *header, *table.get("header"));
  spec.header = *header;
  spec.satisfied_by = file.string_list(table, "satisfied_by", Required::no, node);
  if (const toml::node* list = table.get("satisfied_by"); list && list->as_array()) {
    for (const toml::node& item : *list->as_array())
      if (item.is_string())
        check_include_name(file, file.restored(item.as_string()->get()), item);
  } else if (list && list->is_string()) {
    check_include_name(file, spec.satisfied_by.front(), *list);
  }
  return file.errors() == before;
}

// The [edits.action] table at `node`.
std::optional<ActionSpec> action_table(TomlFile& file, const toml::node& node) {
  const toml::table* table = node.as_table();
  if (!table) {
    file.error_at(node, "'action' must be a table with 'kind', not " + type_name(node));
    return std::nullopt;
  }
  auto kind = file.string_field(*table, "kind", Required::yes, node);
  if (!kind)
    return std::nullopt;
  ActionSpec spec;
  bool read = true;
  if (*kind == "replace" || *kind == "insert-before" || *kind == "insert-after") {
    spec.kind = *kind == "replace"         ? ActionKind::replace
                : *kind == "insert-before" ? ActionKind::insert_before
                                           : ActionKind::insert_after;
    read = read_text(file, *table, node, *kind, spec);
  } else if (*kind == "delete") {
    spec.kind = ActionKind::remove;
    file.check_keys(*table, {"kind"}, "action (delete)");
  } else if (*kind == "rename") {
    spec.kind = ActionKind::rename;
    read = read_rename(file, *table, node, spec);
  } else if (*kind == "raise-cmake-minimum") {
    spec.kind = ActionKind::raise_cmake_minimum;
    read = read_raise_cmake_minimum(file, *table, node, spec);
  } else if (*kind == "ensure-include") {
    spec.kind = ActionKind::ensure_include;
    read = read_ensure_include(file, *table, node, spec);
  } else {
    file.error_at(*table->get("kind"), "unknown action kind '" + *kind +
                                           "'; expected replace, delete, insert-before, "
                                           "insert-after, rename, raise-cmake-minimum or "
                                           "ensure-include");
    return std::nullopt;
  }
  return read ? std::optional<ActionSpec>(std::move(spec)) : std::nullopt;
}

// Patchset paths are relative, '/'-separated and stay inside the checkout.
void check_path(TomlFile& file, const std::string& path, const toml::node& node) {
  auto bad = [&](const std::string& why) {
    file.error_at(node, "file path '" + path + "' " + why);
  };
  if (path.empty())
    return bad("is empty");
  if (path.front() == '/' || path.front() == '\\' || (path.size() > 1 && path[1] == ':'))
    return bad("must be relative to the checkout root");
  if (path.find('\\') != std::string::npos)
    return bad("must use '/' as separator");
  std::string_view rest = path;
  while (!rest.empty()) {
    auto slash = rest.find('/');
    auto component = rest.substr(0, slash);
    if (component == ".." || component == ".")
      return bad("must not contain '.' or '..' components");
    rest = slash == std::string_view::npos ? std::string_view() : rest.substr(slash + 1);
  }
}

// Whether the TOML asks for ensure-include. Asked of the TOML rather than of the action read, so
// that a bad header does not also report a missing anchor.
bool asks_ensure_include(const toml::node* action_node) {
  const toml::table* action = action_node ? action_node->as_table() : nullptr;
  const toml::node* kind = action ? action->get("kind") : nullptr;
  return kind &&
         kind->value<std::string_view>() == std::optional<std::string_view>("ensure-include");
}

// The action, and the anchors an edit's action needs. ensure-include finds its own place (after
// the file's last system include) and knows the patched form itself (the include is there):
// anchor and applied are optional for it. Returns the compiled anchor, if the edit has one.
std::optional<anchor::CompiledAnchor>
read_action_and_anchors(TomlFile& file, const toml::table& table, const toml::node& node,
                        const std::string& patchset_id, const anchor::CompileOptions& options,
                        Edit& e) {
  const toml::node* anchor_node = table.get("anchor");
  const toml::node* action_node = table.get("action");
  if (!action_node)
    file.error_at(node, "edit '" + e.name + "' of " + patchset_id + " has no [edits.action]");
  else if (auto a = action_table(file, *action_node))
    e.action = *a;
  const bool ensure_include = asks_ensure_include(action_node);
  if (!anchor_node && !ensure_include)
    file.error_at(node, "edit '" + e.name + "' of " + patchset_id + " has no [edits.anchor]");
  std::optional<anchor::CompiledAnchor> compiled;
  if (anchor_node)
    compiled = anchor_table(file, *anchor_node, "anchor", options);
  if (const toml::node* applied = table.get("applied"))
    e.applied = anchor_table(file, *applied, "applied", options);
  else if (action_node && e.action.kind != ActionKind::raise_cmake_minimum && !ensure_include)
    file.error_at(node, "edit '" + e.name +
                            "' has no [edits.applied] anchor: without it an already "
                            "patched file is reported as anchor-missing");
  if (const toml::node* fixed = table.get("upstream_fixed"))
    e.upstream_fixed = anchor_table(file, *fixed, "upstream_fixed", options);
  return compiled;
}

} // namespace

std::optional<Edit> load_edit(TomlFile& file, const toml::node& node,
                              const std::string& patchset_id,
                              const anchor::CompileOptions& options) {
  const toml::table* table = node.as_table();
  if (!table) {
    file.error_at(node, "each [[edits]] entry must be a table");
    return std::nullopt;
  }
  const std::size_t before = file.errors();
  file.check_keys(*table,
                  {"name", "files", "matches", "anchor", "action", "applied", "upstream_fixed"},
                  "[[edits]]");
  Edit e{.name = file.string_field(*table, "name", Required::yes, node).value_or(""),
         .files = file.string_list(*table, "files", Required::yes, node),
         .matches = {},
         .action = {},
         .anchor = std::nullopt,
         .applied = std::nullopt,
         .upstream_fixed = std::nullopt,
         .source = {file.path(), line_col_at(file.text(), file.offset_of(node.source().begin))}};
  for (const auto& f : e.files)
    check_path(file, f, *table->get("files"));
  if (auto count = match_count(file, *table))
    e.matches = *count;
  auto compiled = read_action_and_anchors(file, *table, node, patchset_id, options, e);
  if (file.errors() != before || (table->get("anchor") && !compiled))
    return std::nullopt;
  e.anchor = std::move(compiled);
  if (e.action.kind == ActionKind::raise_cmake_minimum &&
      e.anchor->spec().kind != anchor::Kind::cmake)
    file.error_at(*table->get("action"), "raise-cmake-minimum needs a cmake anchor");
  return file.errors() == before ? std::optional<Edit>(std::move(e)) : std::nullopt;
}

} // namespace tp::catalog
