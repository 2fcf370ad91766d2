#pragma once
// The catalog model: patchsets with their edits, loaded from TOML files (a folder on disk or the
// copy embedded in the binary), validated, with every anchor compiled once.
#include <cstddef>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "anchor/anchor.hpp"
#include "base/diagnostic.hpp"
#include "base/result.hpp"
#include "catalog/version.hpp"

namespace tp::catalog {

enum class ActionKind {
  replace,
  remove,
  insert_before,
  insert_after,
  rename,
  raise_cmake_minimum,
  ensure_include,
};

std::string_view to_string(ActionKind kind);

struct ActionSpec {
  ActionKind kind = ActionKind::replace;
  std::string text;                      // replace / insert-*: template with ${name} references
  std::string to;                        // rename
  std::optional<Version> floor;          // raise-cmake-minimum
  std::string header;                    // ensure-include: "<cstdint>" or "\"name.h\""
  std::vector<std::string> satisfied_by; // ensure-include: includes that count as it
};

// How many anchor matches an edit expects in each file.
struct MatchCount {
  enum class Kind { exactly, any, at_least };
  Kind kind = Kind::exactly;
  std::size_t n = 1;
  bool allows(std::size_t count) const;
  std::string describe() const; // "exactly 1", "any number", "at least 2"
};

struct SourceRef {
  std::string file; // the patchset file, relative to the catalog folder
  LineCol where;
};

struct Edit {
  std::string name;
  std::vector<std::string> files; // exact paths or globs, '/'-separated, relative to the root
  MatchCount matches;
  ActionSpec action;
  // Always set, except for ensure-include, where it is optional (the include's place is then
  // found by anchor::scan_includes).
  std::optional<anchor::CompiledAnchor> anchor;
  std::optional<anchor::CompiledAnchor> applied;
  std::optional<anchor::CompiledAnchor> upstream_fixed;
  SourceRef source;
};

// One fact a patchset or gate depends on. Listed facts (platform, compiler) accept one of
// `values`; versioned facts (python, cmake, compiler_version, cuda) take a specifier.
struct Condition {
  std::vector<std::string> values;
  std::optional<VersionSpecifier> versions;
};
using Conditions = std::map<std::string, Condition>; // fact -> what it must be

// The facts that conditions, cases and --fact may name, in the order messages list them. A new
// fact is one line here, and its detection in engine/ (facts.cpp, facts_*.cpp).
enum class FactKind { listed, versioned }; // one of `values` / a version specifier
struct FactName {
  std::string_view name;
  FactKind kind;
};
inline constexpr FactName k_facts[] = {
    {"platform", FactKind::listed},
    {"compiler", FactKind::listed},
    {"python", FactKind::versioned},
    {"cmake", FactKind::versioned},
    {"compiler_version", FactKind::versioned},
    {"cuda", FactKind::versioned},
    {"cuda_arch_min", FactKind::versioned},
    {"cuda_arch_max", FactKind::versioned},
    {"cudnn", FactKind::versioned},
    {"nvcc_host_compiler", FactKind::listed},
    {"msvc", FactKind::versioned},
    {"windows_sdk", FactKind::listed},
    {"msvc_env", FactKind::listed},
};
std::vector<std::string_view> fact_names();
std::string fact_names_text(); // "platform, compiler, python, …"
bool is_listed_fact(std::string_view name);
bool is_versioned_fact(std::string_view name);

struct Patchset {
  std::string id;
  std::string title;
  VersionSpecifier versions;
  std::string why;
  std::vector<std::string> errors; // verbatim messages users see
  std::vector<std::string> references;
  Conditions conditions;
  std::vector<Edit> edits;
  SourceRef source;
};

// A known incompatibility no patch fixes (`kind = "gate"`): reported, never applied.
struct Gate {
  std::string id;
  std::string title;
  VersionSpecifier versions;        // the PyTorch releases it concerns
  std::optional<Version> lifted_in; // the first release that lifts it
  std::string why;
  std::vector<std::string> errors;
  std::vector<std::string> references;
  Conditions conditions; // all must hold for the gate to block
  SourceRef source;
};

// The files of a catalog folder, relative path ('/'-separated) -> bytes.
using CatalogFiles = std::map<std::string, std::string>;

struct Catalog {
  std::string version;                    // the catalog's semantic version
  std::vector<std::string> export_macros; // blanked before C/C++ parsing
  std::vector<Patchset> patchsets;        // sorted by id
  std::vector<Gate> gates;                // sorted by id; ids unique across both
  std::string origin;                     // "embedded" or the folder it was read from
  CatalogFiles files;                     // everything in the folder (cases included)

  const Patchset* find(std::string_view id) const;
  const Gate* find_gate(std::string_view id) const;
};

struct LoadResult {
  Catalog catalog;         // what loaded; patchsets with problems are left out
  Diagnostics diagnostics; // every problem found, in file order
};

// Loads a catalog from its files. Never stops at the first problem. Every anchor is compiled,
// and every problem reported, unless `query_compilation` defers syntax queries to their first
// use (anchor::QueryCompilation).
LoadResult
load_catalog(CatalogFiles files, std::string origin,
             anchor::QueryCompilation query_compilation = anchor::QueryCompilation::at_load);

// The catalog embedded in this binary, its syntax queries compiled on first use (the build
// checks that they compile). From `image` (catalog_image.hpp, which the build writes from the
// same files) when it reads, so that no TOML is parsed; from the embedded TOML files otherwise.
LoadResult load_embedded_catalog(std::string_view image = {});

// The embedded catalog's version (load_embedded_catalog().catalog.version), reading only its
// catalog.toml: empty when that has none.
std::string embedded_catalog_version();

// Reads every file below `dir` (fails only on I/O errors; content problems are diagnostics).
Result<CatalogFiles> read_catalog_folder(const std::filesystem::path& dir);

} // namespace tp::catalog
