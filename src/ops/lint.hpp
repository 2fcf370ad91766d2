#pragma once
// lint: every problem of a catalog folder at once, as Diagnostics (file:line:col with a caret).
// The loader's own diagnostics (TOML, unknown keys, types, regex and query compile errors,
// version specifiers, duplicate ids) come first, then what only a whole-catalog view can tell:
// edits no will-apply case exercises, patchsets whose edits can select the same file, missing
// references or error messages, TODO markers left by `torchpatch new`, and broken cases.
#include <cstddef>
#include <string>

#include "base/diagnostic.hpp"
#include "catalog/catalog.hpp"

namespace tp::ops {

struct LintReport {
  Diagnostics diagnostics;      // in file order within each check; empty when the catalog is clean
  std::size_t patchsets = 0;    // patchsets that loaded
  std::size_t gates = 0;        // gates that loaded
  std::size_t cases = 0;        // cases found under cases/
  std::size_t edits = 0;        // edits of the loaded patchsets
};

// Lints the catalog made of `files` (a folder read by read_catalog_folder, or the embedded one).
// Plans each will-apply case in memory; never writes. Never fails: problems are diagnostics.
LintReport lint_catalog(catalog::CatalogFiles files, std::string origin);

// Whether two `files` entries (exact paths or globs, see catalog/glob.hpp) can select a common
// path. Exposed for testing.
bool file_patterns_intersect(std::string_view a, std::string_view b);

} // namespace tp::ops
