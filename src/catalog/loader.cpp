// Loads patchset and gate TOML files into the catalog model. Every problem becomes a Diagnostic
// with file:line:col; loading goes on after a problem so that lint shows them all at once. The
// reading of one TOML file is toml_file.cpp's, the [[edits]] entries edit_loader.cpp's.
#include "catalog/catalog.hpp"

#include <algorithm>
#include <set>

#include "catalog/case_toml.hpp"
#include "catalog/catalog_image.hpp"
#include "catalog/edit_loader.hpp"
#include "catalog/embedded_catalog.hpp"
#include "catalog/toml_file.hpp"
#include "platform/files.hpp"

namespace tp::catalog {

namespace {

// A version specifier field; a problem points into the string.
std::optional<VersionSpecifier> specifier_field(TomlFile& file, const toml::table& table,
                                                std::string_view key, Required required) {
  auto text = file.string_field(table, key, required, table);
  if (!text)
    return std::nullopt;
  std::string error;
  std::size_t error_offset = 0;
  if (auto spec = parse_specifier(*text, &error, &error_offset))
    return spec;
  file.error_at_offset(file.string_content_offset(*table.get(key)) + error_offset,
                       "invalid version specifier: " + error);
  return std::nullopt;
}

// [conditions]: listed facts take a string or an array of strings, versioned facts a
// specifier string.
Conditions conditions(TomlFile& file, const toml::table& table) {
  Conditions out;
  const toml::node* node = table.get("conditions");
  if (!node)
    return out;
  const toml::table* c = node->as_table();
  if (!c) {
    file.error_at(*node, "'conditions' must be a table");
    return out;
  }
  file.check_keys(*c, fact_names(), "[conditions]");
  for (auto&& [key, value] : *c) {
    const std::string fact = file.restored(key.str());
    if (is_listed_fact(fact)) {
      out[fact].values = file.string_list(*c, key.str(), Required::yes, *node);
    } else if (is_versioned_fact(fact)) {
      if (!value.is_string()) {
        file.error_at(value, "'" + fact +
                                 "' takes a version specifier string such as \">=3.12\", not " +
                                 type_name(value));
        continue;
      }
      if (auto spec = specifier_field(file, *c, key.str(), Required::yes))
        out[fact].versions = *spec;
    }
  }
  return out;
}

bool is_entry_id(std::string_view id) {
  return std::all_of(id.begin(), id.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
  });
}

// The fields patchsets and gates share.
template <typename Entry>
void common_fields(TomlFile& file, const toml::table& table, Entry& entry) {
  entry.source = {file.path(), {1, 1}};
  entry.id = file.string_field(table, "id", Required::yes, table).value_or("");
  if (!entry.id.empty() && !is_entry_id(entry.id))
    file.error_at(*table.get("id"), "'id' may hold only lower-case letters, digits and '-'");
  entry.title = file.string_field(table, "title", Required::yes, table).value_or("");
  entry.why = file.string_field(table, "why", Required::yes, table).value_or("");
  entry.errors = file.string_list(table, "errors", Required::no, table);
  entry.references = file.string_list(table, "references", Required::no, table);
  if (auto spec = specifier_field(file, table, "versions", Required::yes))
    entry.versions = *spec;
  entry.conditions = conditions(file, table);
}

// "patchset" (also when absent) or "gate"; nullopt (reported) for anything else.
std::optional<std::string> entry_kind(TomlFile& file, const toml::table& table) {
  auto kind = file.string_field(table, "kind", Required::no, table).value_or("patchset");
  if (kind == "patchset" || kind == "gate")
    return kind;
  file.error_at(*table.get("kind"), "unknown entry kind '" + kind + "'; expected patchset or gate");
  return std::nullopt;
}

std::optional<Gate> gate(TomlFile& file, const toml::table& table) {
  const std::size_t before = file.errors();
  file.check_keys(
      table,
      {"id", "kind", "title", "versions", "lifted_in", "why", "errors", "references", "conditions"},
      "a gate");
  Gate g;
  common_fields(file, table, g);
  if (auto lifted = file.string_field(table, "lifted_in", Required::no, table)) {
    g.lifted_in = parse_version(*lifted);
    if (!g.lifted_in)
      file.error_at(*table.get("lifted_in"), "'lifted_in' must be a version such as \"2.2\"");
  }
  if (file.errors() != before)
    return std::nullopt;
  return g;
}

// The patchset's [[edits]], each name once.
void read_edits(TomlFile& file, const toml::table& table, const anchor::CompileOptions& options,
                Patchset& p) {
  const toml::node* edits = table.get("edits");
  const toml::array* edit_array = edits ? edits->as_array() : nullptr;
  if (!edit_array || edit_array->empty()) {
    file.error_at(edits ? *edits : static_cast<const toml::node&>(table),
                  "a patchset needs at least one [[edits]] table");
    return;
  }
  std::set<std::string> names;
  for (const toml::node& node : *edit_array) {
    auto e = load_edit(file, node, p.id, options);
    if (!e)
      continue;
    if (!names.insert(e->name).second)
      file.error_at(node, "edit name '" + e->name + "' is used twice in " + p.id);
    p.edits.push_back(std::move(*e));
  }
}

std::optional<Patchset> patchset(TomlFile& file, const toml::table& table,
                                 const anchor::CompileOptions& options) {
  const std::size_t before = file.errors();
  file.check_keys(
      table,
      {"id", "kind", "title", "versions", "why", "errors", "references", "conditions", "edits"},
      "a patchset");
  Patchset p;
  common_fields(file, table, p);
  read_edits(file, table, options, p);
  if (file.errors() != before)
    return std::nullopt;
  return p;
}

bool is_patchset_file(const std::string& path) {
  return path.size() > 5 && path.substr(path.size() - 5) == ".toml" &&
         path.find('/') == std::string::npos && path != "catalog.toml";
}

// catalog.toml: the catalog's version and its export macros.
void read_catalog_toml(const CatalogFiles& files, LoadResult& result) {
  auto catalog_file = files.find("catalog.toml");
  if (catalog_file == files.end()) {
    result.diagnostics.push_back(
        {"catalog.toml", {1, 1}, "the catalog has no catalog.toml (with 'version')", ""});
    return;
  }
  TomlFile file("catalog.toml", catalog_file->second, result.diagnostics);
  auto table = file.parse();
  if (!table)
    return;
  file.check_keys(*table, {"version", "export_macros"}, "catalog.toml");
  result.catalog.version = file.string_field(*table, "version", Required::yes, *table).value_or("");
  if (!result.catalog.version.empty() && !parse_version(result.catalog.version))
    file.error_at(*table->get("version"), "'version' must be a semantic version like 1.2.0");
  result.catalog.export_macros = file.string_list(*table, "export_macros", Required::no, *table);
}

// Reads each patchset and gate file into `result`, an id used twice reported at its second file.
void read_entries(const CatalogFiles& files, const anchor::CompileOptions& options,
                  LoadResult& result) {
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
    TomlFile file(path, bytes, result.diagnostics);
    auto table = file.parse();
    if (!table)
      continue;
    auto kind = entry_kind(file, *table);
    if (kind == "gate") {
      if (auto g = gate(file, *table); g && unique_id(g->id, path, bytes, "gate"))
        result.catalog.gates.push_back(std::move(*g));
    } else if (kind) {
      if (auto p = patchset(file, *table, options); p && unique_id(p->id, path, bytes, "patchset"))
        result.catalog.patchsets.push_back(std::move(*p));
    }
  }
}

} // namespace

LoadResult load_catalog(CatalogFiles files, std::string origin,
                        anchor::QueryCompilation query_compilation) {
  LoadResult result;
  result.catalog.origin = std::move(origin);
  read_catalog_toml(files, result);
  anchor::CompileOptions options;
  options.query_compilation = query_compilation;
  if (query_compilation == anchor::QueryCompilation::on_first_use)
    options.query_pool = anchor::make_query_pool(); // one query per language (ARCHITECTURE.md)
  options.export_macros = result.catalog.export_macros;
  read_entries(files, options, result);
  std::sort(result.catalog.patchsets.begin(), result.catalog.patchsets.end(),
            [](const Patchset& a, const Patchset& b) { return a.id < b.id; });
  std::sort(result.catalog.gates.begin(), result.catalog.gates.end(),
            [](const Gate& a, const Gate& b) { return a.id < b.id; });
  result.catalog.files = std::move(files);
  return result;
}

LoadResult load_embedded_catalog(std::string_view image) {
  CatalogFiles files;
  for (const auto& f : embedded_catalog_files())
    files.emplace(std::string(f.path), std::string(f.bytes));
  // The build compiled every query of this catalog (src/check_embedded_catalog.cpp): a run
  // compiles only those its files reach.
  anchor::CompileOptions options;
  options.query_compilation = anchor::QueryCompilation::on_first_use;
  options.query_pool = anchor::make_query_pool();
  if (std::optional<Catalog> read = read_catalog_image(image, options)) {
    LoadResult result;
    result.catalog = std::move(*read);
    result.catalog.origin = "embedded";
    result.catalog.files = std::move(files);
    return result;
  }
  return load_catalog(std::move(files), "embedded", anchor::QueryCompilation::on_first_use);
}

std::string embedded_catalog_version() {
  // What load_embedded_catalog() puts in Catalog::version, from catalog.toml alone.
  for (const auto& f : embedded_catalog_files()) {
    if (f.path != "catalog.toml")
      continue;
    Diagnostics ignored;
    TomlFile file("catalog.toml", f.bytes, ignored);
    if (auto table = file.parse())
      return file.string_field(*table, "version", Required::yes, *table).value_or("");
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
  TomlFile file(path, text, out);
  auto root = file.parse();
  if (!root)
    return std::nullopt;
  StringFields fields;
  auto read = [&](const toml::table& from, const std::vector<std::string_view>& names,
                  const std::string& prefix) {
    for (std::string_view name : names)
      if (const toml::node* node = from.get(name); node && !(prefix.empty() && name == table))
        fields[prefix + std::string(name)] = {file.string_field(from, name, Required::no, from),
                                              file.string_content_offset(*node)};
  };
  file.check_keys(*root, keys, path.substr(path.rfind('/') + 1));
  read(*root, keys, "");
  if (const toml::node* node = root->get(table)) {
    if (const toml::table* nested = node->as_table()) {
      file.check_keys(*nested, table_keys, "[" + std::string(table) + "]");
      read(*nested, table_keys, std::string(table) + ".");
    } else {
      file.error_at(*node, "'" + std::string(table) + "' must be a table, not " + type_name(*node));
    }
  }
  return fields;
}

} // namespace tp::catalog
