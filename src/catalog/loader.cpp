// Loads patchset TOML files into the catalog model. Every problem becomes a Diagnostic with
// file:line:col; loading goes on after a problem so that lint shows them all at once.
#include "catalog/catalog.hpp"

#include <algorithm>
#include <set>

#include "anchor/include_scan.hpp"
#include "base/suggestion.hpp"
#include "base/utf8.hpp"
#include "catalog/case_toml.hpp"
#include "catalog/embedded_catalog.hpp"
#include "catalog/toml_shelter.hpp"
#include "platform/files.hpp"

// toml++ compiled into this translation unit without exceptions: parse errors come back as
// values, and the build does not depend on how the system's shared toml++ was configured.
#undef TOML_HEADER_ONLY
#undef TOML_SHARED_LIB
#define TOML_HEADER_ONLY 1
#define TOML_EXCEPTIONS 0
#include <toml++/toml.h>

namespace tp::catalog {

namespace {

// Parses one patchset (or catalog.toml) file, collecting diagnostics.
class FileLoader {
public:
  FileLoader(std::string path, std::string_view text, Diagnostics& out,
             const anchor::CompileOptions& options)
      : m_path(std::move(path)), m_text(text), m_out(out), m_options(options) {}

  std::optional<toml::table> parse() {
    const Shelter shelter = shelter_needed(m_text);
    if (shelter == Shelter::impossible) {
      error_at_offset(0, "this file mixes private-use characters U+E000..U+EBEA with characters "
                         "that toml++ 3.3 cannot read safely; remove the private-use ones");
      return std::nullopt;
    }
    m_sheltered = shelter == Shelter::needed;
    const std::string text = m_sheltered ? sheltered(m_text) : std::string();
    auto result = toml::parse(m_sheltered ? std::string_view(text) : m_text, m_path);
    if (!result) {
      const auto& e = result.error();
      error_at(e.source().begin, "invalid TOML: " + restored(e.description()));
      return std::nullopt;
    }
    return std::move(result).table();
  }

  // A string read from the parsed table, with sheltered code points given back (see parse()).
  std::string restored(std::string_view s) const {
    return m_sheltered ? unsheltered(s) : std::string(s);
  }

  void error_at(const toml::source_position& pos, std::string message) {
    error_at_offset(offset_of(pos), std::move(message));
  }
  void error_at(const toml::node& node, std::string message) {
    error_at(node.source().begin, std::move(message));
  }
  void error_at_offset(std::size_t offset, std::string message) {
    m_out.push_back(Diagnostic::at(m_path, m_text, offset, std::move(message)));
    ++m_errors;
  }
  std::size_t errors() const { return m_errors; }
  const std::string& path() const { return m_path; }

  std::size_t offset_of(const toml::source_position& pos) const {
    std::size_t line_start = offset_of_line(m_text, pos.line == 0 ? 1 : pos.line);
    // toml++ counts columns in code points; walk the line to find the byte offset.
    std::size_t offset = line_start;
    for (std::size_t col = 1; col < pos.column && offset < m_text.size() && m_text[offset] != '\n';
         ++col)
      offset = utf8::next_char_start(m_text, offset);
    return offset;
  }

  // Reports keys of `table` not in `allowed`, with a did-you-mean.
  void check_keys(const toml::table& table, const std::vector<std::string_view>& allowed,
                  std::string_view where) {
    for (auto&& [key, value] : table) {
      const std::string k = restored(key.str());
      if (std::find(allowed.begin(), allowed.end(), k) != allowed.end())
        continue;
      const std::string best = closest_name(k, {allowed.begin(), allowed.end()}).value_or("");
      std::string message = "unknown key '" + std::string(k) + "' in " + std::string(where);
      message += best.empty() ? std::string("; expected one of: ") + join(allowed)
                              : "; did you mean '" + best + "'?";
      error_at(key.source().begin, message);
    }
  }

  static std::string join(const std::vector<std::string_view>& names) {
    std::string out;
    for (auto n : names)
      out += (out.empty() ? "" : ", ") + std::string(n);
    return out;
  }

  // A required or optional string; reports a wrong type.
  std::optional<std::string> string_field(const toml::table& table, std::string_view key,
                                          bool required, const toml::node& owner) {
    const toml::node* node = table.get(key);
    if (!node) {
      if (required)
        error_at(owner, "missing key '" + std::string(key) + "' (a string)");
      return std::nullopt;
    }
    if (!node->is_string()) {
      error_at(*node, "'" + std::string(key) + "' must be a string, not " + type_name(*node));
      return std::nullopt;
    }
    return restored(node->as_string()->get());
  }

  std::vector<std::string> string_list(const toml::table& table, std::string_view key,
                                       bool required, const toml::node& owner) {
    std::vector<std::string> out;
    const toml::node* node = table.get(key);
    if (!node) {
      if (required)
        error_at(owner, "missing key '" + std::string(key) + "' (an array of strings)");
      return out;
    }
    if (node->is_string()) {
      out.push_back(restored(node->as_string()->get()));
      return out;
    }
    const toml::array* array = node->as_array();
    if (!array) {
      error_at(*node,
               "'" + std::string(key) + "' must be an array of strings, not " + type_name(*node));
      return out;
    }
    for (const toml::node& item : *array) {
      if (!item.is_string()) {
        error_at(item, "'" + std::string(key) + "' must hold only strings, not " + type_name(item));
        continue;
      }
      out.push_back(restored(item.as_string()->get()));
    }
    return out;
  }

  static std::string type_name(const toml::node& node) {
    switch (node.type()) {
    case toml::node_type::table:
      return "a table";
    case toml::node_type::array:
      return "an array";
    case toml::node_type::string:
      return "a string";
    case toml::node_type::integer:
      return "an integer";
    case toml::node_type::floating_point:
      return "a number";
    case toml::node_type::boolean:
      return "a boolean";
    default:
      return "a date or time";
    }
  }

  // The byte offset where the content of the string literal at `node` starts, so a compile error
  // at offset k in the string points at the right column of the file (exact for literal strings).
  std::size_t string_content_offset(const toml::node& node) const {
    std::size_t at = offset_of(node.source().begin);
    auto rest = m_text.substr(at);
    for (std::string_view delim : {"'''", "\"\"\"", "'", "\""}) {
      if (rest.substr(0, delim.size()) == delim) {
        at += delim.size();
        if (delim.size() == 3 && at < m_text.size() && m_text[at] == '\n')
          ++at; // TOML trims a newline right after the opening delimiter
        else if (delim.size() == 3 && m_text.substr(at, 2) == "\r\n")
          at += 2;
        return at;
      }
    }
    return at;
  }

  std::optional<anchor::CompiledAnchor> anchor_table(const toml::node& node,
                                                     std::string_view what) {
    const toml::table* table = node.as_table();
    if (!table) {
      error_at(node, std::string(what) + " must be a table with 'kind', not " + type_name(node));
      return std::nullopt;
    }
    auto kind = string_field(*table, "kind", true, node);
    if (!kind)
      return std::nullopt;
    anchor::AnchorSpec spec;
    const toml::node* pattern_node = nullptr;
    const toml::node* within_node = table->get("within");
    if (*kind == "regex") {
      spec.kind = anchor::Kind::regex;
      check_keys(*table, {"kind", "pattern", "target"}, std::string(what) + " (regex)");
      pattern_node = table->get("pattern");
      spec.pattern = string_field(*table, "pattern", true, node).value_or("");
      spec.target = string_field(*table, "target", false, node).value_or("");
    } else if (*kind == "syntax") {
      spec.kind = anchor::Kind::syntax;
      check_keys(*table, {"kind", "language", "query", "target", "within", "within_group"},
                 std::string(what) + " (syntax)");
      pattern_node = table->get("query");
      spec.pattern = string_field(*table, "query", true, node).value_or("");
      spec.target = string_field(*table, "target", false, node).value_or("");
      spec.within = string_field(*table, "within", false, node).value_or("");
      spec.within_group = string_field(*table, "within_group", false, node).value_or("");
      if (auto language = string_field(*table, "language", true, node)) {
        if (auto parsed = anchor::parse_language(*language))
          spec.language = *parsed;
        else
          error_at(*table->get("language"),
                   "unknown language '" + *language + "'; expected c, cpp or python");
      }
    } else if (*kind == "cmake") {
      spec.kind = anchor::Kind::cmake;
      check_keys(*table, {"kind", "commands", "arguments", "target"},
                 std::string(what) + " (cmake)");
      spec.commands = string_list(*table, "commands", true, node);
      pattern_node = table->get("arguments");
      spec.arguments = string_field(*table, "arguments", false, node).value_or("");
      spec.target = string_field(*table, "target", false, node).value_or("");
      if (spec.commands.empty())
        error_at(node, "a cmake anchor needs at least one command name in 'commands'");
    } else {
      error_at(*table->get("kind"),
               "unknown anchor kind '" + *kind + "'; expected regex, syntax or cmake");
      return std::nullopt;
    }
    auto compiled = anchor::CompiledAnchor::compile(spec, m_options);
    if (auto* error = std::get_if<anchor::CompileError>(&compiled)) {
      const toml::node* at = error->in_within ? within_node : pattern_node;
      std::size_t offset =
          at ? string_content_offset(*at) + error->offset : offset_of(node.source().begin);
      error_at_offset(offset, error->message);
      return std::nullopt;
    }
    return std::get<anchor::CompiledAnchor>(std::move(compiled));
  }

  std::optional<MatchCount> match_count(const toml::table& table) {
    MatchCount count;
    const toml::node* node = table.get("matches");
    if (!node)
      return count;
    if (auto n = node->as_integer()) {
      if (n->get() < 1) {
        error_at(*node, "'matches' must be at least 1 (use \"any\" for zero or more)");
        return std::nullopt;
      }
      count.n = static_cast<std::size_t>(n->get());
      return count;
    }
    if (auto s = node->as_string()) {
      std::string_view v = s->get();
      if (v == "any") {
        count.kind = MatchCount::Kind::any;
        return count;
      }
      if (v.substr(0, 2) == ">=" && v.size() > 2) {
        std::string digits(v.substr(2));
        while (!digits.empty() && digits.front() == ' ')
          digits.erase(0, 1);
        if (!digits.empty() && std::all_of(digits.begin(), digits.end(), ::isdigit) &&
            digits.size() < 7) {
          count.kind = MatchCount::Kind::at_least;
          count.n = std::stoul(digits);
          return count;
        }
      }
    }
    error_at(*node, "'matches' must be an integer, \"any\" or \">=N\"");
    return std::nullopt;
  }

  std::optional<ActionSpec> action(const toml::node& node) {
    const toml::table* table = node.as_table();
    if (!table) {
      error_at(node, "'action' must be a table with 'kind', not " + type_name(node));
      return std::nullopt;
    }
    auto kind = string_field(*table, "kind", true, node);
    if (!kind)
      return std::nullopt;
    ActionSpec spec;
    if (*kind == "replace" || *kind == "insert-before" || *kind == "insert-after") {
      spec.kind = *kind == "replace"         ? ActionKind::replace
                  : *kind == "insert-before" ? ActionKind::insert_before
                                             : ActionKind::insert_after;
      check_keys(*table, {"kind", "text"}, "action (" + *kind + ")");
      auto text = string_field(*table, "text", true, node);
      if (!text)
        return std::nullopt;
      spec.text = *text;
    } else if (*kind == "delete") {
      spec.kind = ActionKind::remove;
      check_keys(*table, {"kind"}, "action (delete)");
    } else if (*kind == "rename") {
      spec.kind = ActionKind::rename;
      check_keys(*table, {"kind", "to"}, "action (rename)");
      auto to = string_field(*table, "to", true, node);
      if (!to)
        return std::nullopt;
      spec.to = *to;
    } else if (*kind == "raise-cmake-minimum") {
      spec.kind = ActionKind::raise_cmake_minimum;
      check_keys(*table, {"kind", "floor"}, "action (raise-cmake-minimum)");
      auto floor = string_field(*table, "floor", true, node);
      if (!floor)
        return std::nullopt;
      spec.floor = parse_version(*floor);
      if (!spec.floor) {
        error_at(*table->get("floor"), "'floor' must be a version such as \"3.5\"");
        return std::nullopt;
      }
    } else if (*kind == "ensure-include") {
      spec.kind = ActionKind::ensure_include;
      check_keys(*table, {"kind", "header", "satisfied_by"}, "action (ensure-include)");
      auto header = string_field(*table, "header", true, node);
      if (!header)
        return std::nullopt;
      const std::size_t before = errors();
      check_include_name(*header, *table->get("header"));
      spec.header = *header;
      spec.satisfied_by = string_list(*table, "satisfied_by", false, node);
      if (const toml::node* list = table->get("satisfied_by"); list && list->as_array()) {
        for (const toml::node& item : *list->as_array())
          if (item.is_string())
            check_include_name(restored(item.as_string()->get()), item);
      } else if (list && list->is_string()) {
        check_include_name(spec.satisfied_by.front(), *list);
      }
      if (errors() != before)
        return std::nullopt;
    } else {
      error_at(*table->get("kind"), "unknown action kind '" + *kind +
                                        "'; expected replace, delete, insert-before, "
                                        "insert-after, rename, raise-cmake-minimum or "
                                        "ensure-include");
      return std::nullopt;
    }
    return spec;
  }

  // An ensure-include header ("<cstdint>", "\"name.h\""); a problem points into the string.
  void check_include_name(const std::string& header, const toml::node& node) {
    std::string why;
    std::size_t at = 0;
    if (!anchor::is_include_name(header, &why, &at))
      error_at_offset(string_content_offset(node) + at, "invalid include '" + header + "': " + why);
  }

  std::optional<Edit> edit(const toml::node& node, const std::string& patchset_id) {
    const toml::table* table = node.as_table();
    if (!table) {
      error_at(node, "each [[edits]] entry must be a table");
      return std::nullopt;
    }
    std::size_t before = errors();
    check_keys(*table,
               {"name", "files", "matches", "anchor", "action", "applied", "upstream_fixed"},
               "[[edits]]");
    Edit e{.name = string_field(*table, "name", true, node).value_or(""),
           .files = string_list(*table, "files", true, node),
           .matches = {},
           .action = {},
           .anchor = std::nullopt,
           .applied = std::nullopt,
           .upstream_fixed = std::nullopt,
           .source = {m_path, line_col_at(m_text, offset_of(node.source().begin))}};
    for (const auto& f : e.files)
      check_path(f, *table->get("files"));
    if (auto count = match_count(*table))
      e.matches = *count;
    const toml::node* anchor_node = table->get("anchor");
    const toml::node* action_node = table->get("action");
    if (!action_node)
      error_at(node, "edit '" + e.name + "' of " + patchset_id + " has no [edits.action]");
    if (action_node)
      if (auto a = action(*action_node))
        e.action = *a;
    // ensure-include finds its own place (after the file's last system include) and knows the
    // patched form itself (the include is there): anchor and applied are optional.
    // (Asked of the TOML, so that a bad header does not also report a missing anchor.)
    const toml::node* action_kind =
        action_node && action_node->as_table() ? action_node->as_table()->get("kind") : nullptr;
    const bool ensure_include =
        action_kind &&
        action_kind->value<std::string_view>() == std::optional<std::string_view>("ensure-include");
    if (!anchor_node && !ensure_include)
      error_at(node, "edit '" + e.name + "' of " + patchset_id + " has no [edits.anchor]");
    std::optional<anchor::CompiledAnchor> compiled;
    if (anchor_node)
      compiled = anchor_table(*anchor_node, "anchor");
    if (const toml::node* applied = table->get("applied"))
      e.applied = anchor_table(*applied, "applied");
    else if (action_node && e.action.kind != ActionKind::raise_cmake_minimum && !ensure_include)
      error_at(node, "edit '" + e.name +
                         "' has no [edits.applied] anchor: without it an already "
                         "patched file is reported as anchor-missing");
    if (const toml::node* fixed = table->get("upstream_fixed"))
      e.upstream_fixed = anchor_table(*fixed, "upstream_fixed");
    if (errors() != before || (anchor_node && !compiled))
      return std::nullopt;
    e.anchor = std::move(compiled);
    if (e.action.kind == ActionKind::raise_cmake_minimum &&
        e.anchor->spec().kind != anchor::Kind::cmake)
      error_at(*action_node, "raise-cmake-minimum needs a cmake anchor");
    return errors() == before ? std::optional<Edit>(std::move(e)) : std::nullopt;
  }

  // Patchset paths are relative, '/'-separated and stay inside the checkout.
  void check_path(const std::string& path, const toml::node& node) {
    auto bad = [&](const std::string& why) { error_at(node, "file path '" + path + "' " + why); };
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

  // A version specifier field; a problem points into the string.
  std::optional<VersionSpecifier> specifier_field(const toml::table& table, std::string_view key,
                                                  bool required) {
    auto text = string_field(table, key, required, table);
    if (!text)
      return std::nullopt;
    std::string error;
    std::size_t error_offset = 0;
    if (auto spec = parse_specifier(*text, &error, &error_offset))
      return spec;
    error_at_offset(string_content_offset(*table.get(key)) + error_offset,
                    "invalid version specifier: " + error);
    return std::nullopt;
  }

  // [conditions]: listed facts take a string or an array of strings, versioned facts a
  // specifier string.
  Conditions conditions(const toml::table& table) {
    Conditions out;
    const toml::node* node = table.get("conditions");
    if (!node)
      return out;
    const toml::table* c = node->as_table();
    if (!c) {
      error_at(*node, "'conditions' must be a table");
      return out;
    }
    check_keys(*c, fact_names(), "[conditions]");
    for (auto&& [key, value] : *c) {
      const std::string fact = restored(key.str());
      if (is_listed_fact(fact)) {
        out[fact].values = string_list(*c, key.str(), true, *node);
      } else if (is_versioned_fact(fact)) {
        if (!value.is_string()) {
          error_at(value, "'" + fact +
                              "' takes a version specifier string such as \">=3.12\", not " +
                              type_name(value));
          continue;
        }
        if (auto spec = specifier_field(*c, key.str(), true))
          out[fact].versions = *spec;
      }
    }
    return out;
  }

  // The fields patchsets and gates share.
  template <typename Entry> void common_fields(const toml::table& table, Entry& entry) {
    entry.source = {m_path, {1, 1}};
    entry.id = string_field(table, "id", true, table).value_or("");
    if (!entry.id.empty() && !std::all_of(entry.id.begin(), entry.id.end(), [](char c) {
          return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
        }))
      error_at(*table.get("id"), "'id' may hold only lower-case letters, digits and '-'");
    entry.title = string_field(table, "title", true, table).value_or("");
    entry.why = string_field(table, "why", true, table).value_or("");
    entry.errors = string_list(table, "errors", false, table);
    entry.references = string_list(table, "references", false, table);
    if (auto spec = specifier_field(table, "versions", true))
      entry.versions = *spec;
    entry.conditions = conditions(table);
  }

  // "patchset" (also when absent) or "gate"; nullopt (reported) for anything else.
  std::optional<std::string> entry_kind(const toml::table& table) {
    auto kind = string_field(table, "kind", false, table).value_or("patchset");
    if (kind == "patchset" || kind == "gate")
      return kind;
    error_at(*table.get("kind"), "unknown entry kind '" + kind + "'; expected patchset or gate");
    return std::nullopt;
  }

  std::optional<Gate> gate(const toml::table& table) {
    std::size_t before = errors();
    check_keys(table,
               {"id", "kind", "title", "versions", "lifted_in", "why", "errors", "references",
                "conditions"},
               "a gate");
    Gate g;
    common_fields(table, g);
    if (auto lifted = string_field(table, "lifted_in", false, table)) {
      g.lifted_in = parse_version(*lifted);
      if (!g.lifted_in)
        error_at(*table.get("lifted_in"), "'lifted_in' must be a version such as \"2.2\"");
    }
    if (errors() != before)
      return std::nullopt;
    return g;
  }

  std::optional<Patchset> patchset(const toml::table& t) {
    const toml::table* table = &t;
    std::size_t before = errors();
    check_keys(
        *table,
        {"id", "kind", "title", "versions", "why", "errors", "references", "conditions", "edits"},
        "a patchset");
    Patchset p;
    common_fields(*table, p);
    const toml::node* edits = table->get("edits");
    const toml::array* edit_array = edits ? edits->as_array() : nullptr;
    if (!edit_array || edit_array->empty()) {
      error_at(edits ? *edits : static_cast<const toml::node&>(*table),
               "a patchset needs at least one [[edits]] table");
    } else {
      std::set<std::string> names;
      for (const toml::node& node : *edit_array) {
        auto e = edit(node, p.id);
        if (!e)
          continue;
        if (!names.insert(e->name).second)
          error_at(node, "edit name '" + e->name + "' is used twice in " + p.id);
        p.edits.push_back(std::move(*e));
      }
    }
    if (errors() != before)
      return std::nullopt;
    return p;
  }

private:
  std::string m_path;
  std::string_view m_text;
  Diagnostics& m_out;
  const anchor::CompileOptions& m_options;
  std::size_t m_errors = 0;
  bool m_sheltered = false;
};

bool is_patchset_file(const std::string& path) {
  return path.size() > 5 && path.substr(path.size() - 5) == ".toml" &&
         path.find('/') == std::string::npos && path != "catalog.toml";
}

} // namespace

LoadResult load_catalog(CatalogFiles files, std::string origin,
                        anchor::QueryCompilation query_compilation) {
  LoadResult result;
  result.catalog.origin = std::move(origin);
  anchor::CompileOptions options;
  options.query_compilation = query_compilation;

  auto catalog_file = files.find("catalog.toml");
  if (catalog_file == files.end()) {
    result.diagnostics.push_back(
        {"catalog.toml", {1, 1}, "the catalog has no catalog.toml (with 'version')", ""});
  } else {
    FileLoader loader("catalog.toml", catalog_file->second, result.diagnostics, options);
    if (auto table = loader.parse()) {
      loader.check_keys(*table, {"version", "export_macros"}, "catalog.toml");
      result.catalog.version = loader.string_field(*table, "version", true, *table).value_or("");
      if (!result.catalog.version.empty() && !parse_version(result.catalog.version))
        loader.error_at(*table->get("version"), "'version' must be a semantic version like 1.2.0");
      result.catalog.export_macros = loader.string_list(*table, "export_macros", false, *table);
    }
  }
  options.export_macros = result.catalog.export_macros;

  std::map<std::string, std::string> first_file_of_id;
  auto unique_id = [&](const std::string& id, const std::string& path, const std::string& bytes,
                       const char* noun) {
    auto [it, inserted] = first_file_of_id.emplace(id, path);
    if (!inserted)
      result.diagnostics.push_back(
          Diagnostic::at(path, bytes, bytes.find("id"),
                         std::string(noun) + " id '" + id + "' is already used by " + it->second));
    return inserted;
  };
  for (const auto& [path, bytes] : files) {
    if (!is_patchset_file(path))
      continue;
    FileLoader loader(path, bytes, result.diagnostics, options);
    auto table = loader.parse();
    if (!table)
      continue;
    auto kind = loader.entry_kind(*table);
    if (kind == "gate") {
      if (auto g = loader.gate(*table); g && unique_id(g->id, path, bytes, "gate"))
        result.catalog.gates.push_back(std::move(*g));
    } else if (kind) {
      if (auto p = loader.patchset(*table); p && unique_id(p->id, path, bytes, "patchset"))
        result.catalog.patchsets.push_back(std::move(*p));
    }
  }
  std::sort(result.catalog.patchsets.begin(), result.catalog.patchsets.end(),
            [](const Patchset& a, const Patchset& b) { return a.id < b.id; });
  std::sort(result.catalog.gates.begin(), result.catalog.gates.end(),
            [](const Gate& a, const Gate& b) { return a.id < b.id; });
  result.catalog.files = std::move(files);
  return result;
}

LoadResult load_embedded_catalog() {
  CatalogFiles files;
  for (const auto& f : embedded_catalog_files())
    files.emplace(std::string(f.path), std::string(f.bytes));
  // The build compiled every query of this catalog (src/check_embedded_catalog.cpp): a run
  // compiles only those its files reach.
  return load_catalog(std::move(files), "embedded", anchor::QueryCompilation::on_first_use);
}

std::string embedded_catalog_version() {
  // What load_embedded_catalog() puts in Catalog::version, from catalog.toml alone.
  for (const auto& f : embedded_catalog_files()) {
    if (f.path != "catalog.toml")
      continue;
    Diagnostics ignored;
    const anchor::CompileOptions options;
    FileLoader loader("catalog.toml", f.bytes, ignored, options);
    if (auto table = loader.parse())
      return loader.string_field(*table, "version", true, *table).value_or("");
  }
  return "";
}

Result<CatalogFiles> read_catalog_folder(const std::filesystem::path& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    return fail("catalog folder " + platform::path_to_utf8(dir) +
                " does not exist or is not a folder");
  CatalogFiles files;
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (!it->is_regular_file(ec))
      continue;
    auto bytes = platform::read_file(it->path());
    if (!bytes)
      return with_context(bytes, "reading the catalog");
    files.emplace(platform::display_path(fs::relative(it->path(), dir, ec)), std::move(*bytes));
  }
  if (ec)
    return fail("reading catalog folder " + platform::path_to_utf8(dir) + ": " + ec.message());
  return files;
}

// case.toml's reader (catalog/case_toml.hpp), with the patchset files' diagnostics.
std::optional<StringFields> read_string_fields(const std::string& path, std::string_view text,
                                               const std::vector<std::string_view>& keys,
                                               std::string_view table,
                                               const std::vector<std::string_view>& table_keys,
                                               Diagnostics& out) {
  const anchor::CompileOptions no_anchors;
  FileLoader loader(path, text, out, no_anchors);
  auto root = loader.parse();
  if (!root)
    return std::nullopt;
  StringFields fields;
  auto read = [&](const toml::table& from, const std::vector<std::string_view>& names,
                  const std::string& prefix) {
    for (std::string_view name : names)
      if (const toml::node* node = from.get(name); node && !(prefix.empty() && name == table))
        fields[prefix + std::string(name)] = {loader.string_field(from, name, false, from),
                                              loader.string_content_offset(*node)};
  };
  loader.check_keys(*root, keys, path.substr(path.rfind('/') + 1));
  read(*root, keys, "");
  if (const toml::node* node = root->get(table)) {
    if (const toml::table* nested = node->as_table()) {
      loader.check_keys(*nested, table_keys, "[" + std::string(table) + "]");
      read(*nested, table_keys, std::string(table) + ".");
    } else {
      loader.error_at(*node, "'" + std::string(table) + "' must be a table, not " +
                                 FileLoader::type_name(*node));
    }
  }
  return fields;
}

} // namespace tp::catalog
