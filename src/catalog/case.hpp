#pragma once
// A catalog's test cases: cases/<id>/<case>/ holds case.toml (what the case expects), before/
// (the files as found in a checkout) and after/ (for will-apply: the files as patched). The
// format is in docs/patchsets.md ("Cases"); `torchpatch test` runs cases, `lint` checks them.
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/diagnostic.hpp"
#include "catalog/catalog.hpp"
#include "catalog/version.hpp"

namespace tp::catalog {

struct Case {
  std::string patchset;  // <id>
  std::string name;      // <case>
  std::string toml_path; // "cases/<id>/<case>/case.toml", for diagnostics
  // case.toml's problems (its TOML, unknown keys, types, values); a case with any is not run.
  Diagnostics problems;
  // What case.toml says; meaningful when `problems` is empty.
  std::optional<std::string> skip; // skip = "reason": reported as skipped, not run
  std::string outcome;             // what before/ plans to, named as the engine names outcomes
  Version version;                 // the PyTorch version the case pretends to be
  // committed = "yes": before/ holds the files exactly as their repository committed them (a
  // release that carries upstream's fix), so a patched form found there is upstream-fixed.
  bool committed = false;
  std::map<std::string, std::string> facts;  // fact.KEY = "VALUE", over the defaults
  std::map<std::string, std::string> before; // path from the checkout root -> bytes
  std::map<std::string, std::string> after;

  // Loaded without problems and not skipped: outcome and version are set.
  bool runnable() const { return problems.empty() && !skip; }
};

// Whether `name` names an outcome. Outcomes belong to the engine, which sits above the catalog,
// so whoever loads cases hands the engine's parser in.
using IsOutcome = std::function<bool(std::string_view name)>;

// Every case in a catalog's `files`, ordered by patchset id, then case name, each with its
// case.toml read (a missing or broken one is in the case's `problems`). Facts default to
// platform = "windows": the catalog's patches are for Windows builds.
//
// Not part of load_catalog: every `apply` loads the embedded catalog, and only `test` and
// `lint` need the cases (a TOML parse per case, and copies of every before/ and after/ file),
// so those two ask for them.
std::vector<Case> load_cases(const CatalogFiles& files, const IsOutcome& is_outcome);

} // namespace tp::catalog
