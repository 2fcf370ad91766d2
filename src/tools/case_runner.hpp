#pragma once
// Runs a catalog's own test cases (patchsets/cases/<id>/<case>/): before -> expected outcome and
// after; after -> already-applied; and an apply -> revert round trip on disk.
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "base/result.hpp"
#include "catalog/case.hpp"
#include "catalog/catalog.hpp"

namespace tp::tools {

// The catalog's cases (catalog::load_cases), their outcomes named as the engine names them.
std::vector<catalog::Case> load_cases(const catalog::Catalog& catalog);

struct CaseResult {
  std::string patchset;
  std::string name;
  enum class Status { passed, failed, skipped } status = Status::passed;
  std::vector<std::string> failures; // what did not hold, one line each
  std::string skip_reason;
  // The bytes the patchset produced from before/, for --update: path -> bytes.
  std::map<std::string, std::string> produced_after;
};

struct CaseRunOptions {
  std::vector<std::string> only; // patchset ids; empty = all
  std::filesystem::path scratch; // a folder for the round trips (created, then removed)
};

// Runs every case of the selected patchsets. Case problems (a case.toml that does not load, a
// case of an unknown patchset) are failed cases, never silent.
std::vector<CaseResult> run_cases(const catalog::Catalog& catalog, const CaseRunOptions& options);

// The patchsets (of `only`, or all) that have no case at all.
std::vector<std::string> patchsets_without_cases(const catalog::Catalog& catalog);

// test --update: writes the after/ files `result`'s patchset produced into the case's folder under
// `catalog_dir`, for a reviewer to read; a skipped case is left alone. Returns the files written.
Result<std::vector<std::filesystem::path>>
write_produced_after(const CaseResult& result, const std::filesystem::path& catalog_dir);

} // namespace tp::tools
