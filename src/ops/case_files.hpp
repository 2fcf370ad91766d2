#pragma once
// A catalog's test cases as files: cases/<id>/<case>/{case.toml, before/…, after/…}, grouped by
// case. Shared by the case runner (torchpatch test) and lint.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"

namespace tp::ops {

struct CaseFiles {
  std::string patchset;                      // <id>
  std::string name;                          // <case>
  std::string toml_path;                     // "cases/<id>/<case>/case.toml", for diagnostics
  std::optional<std::string> case_toml;      // its bytes, when the case has one
  std::map<std::string, std::string> before; // path from the checkout root -> bytes
  std::map<std::string, std::string> after;
};

// Every case in `files`, ordered by patchset id, then case name.
std::vector<CaseFiles> collect_case_files(const catalog::CatalogFiles& files);

} // namespace tp::ops
