#pragma once
// lint: every problem of a catalog folder at once, as Diagnostics (file:line:col with a caret).
// The loader's own diagnostics (TOML, unknown keys, types, regex and query compile errors,
// version specifiers, duplicate ids) come first, then what only a whole-catalog view can tell:
// edits no will-apply case exercises, edits of different patchsets that a case file shows touching
// the same bytes, missing references or error messages, TODO markers left by `torchpatch new`,
// and broken cases.
#include <cstddef>
#include <string>

#include "base/diagnostic.hpp"
#include "catalog/catalog.hpp"

namespace tp::tools {

struct LintReport {
  Diagnostics diagnostics;   // in file order within each check; empty when the catalog is clean
  std::size_t patchsets = 0; // patchsets that loaded
  std::size_t gates = 0;     // gates that loaded
  std::size_t cases = 0;     // cases found under cases/
  std::size_t edits = 0;     // edits of the loaded patchsets
};

// Lints the catalog made of `files` (a folder read by read_catalog_folder, or the embedded one).
// Plans each will-apply case in memory, and each case tree (before/ and after/) with the whole
// catalog at the case's version and facts, to find edits of different patchsets that touch the
// same bytes; never writes. Never fails: problems are diagnostics.
LintReport lint_catalog(catalog::CatalogFiles files, std::string origin);

} // namespace tp::tools
