#pragma once
// Which PyTorch version a checkout (or a revision) holds, and the evidence that says so.
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "base/result.hpp"
#include "catalog/version.hpp"
#include "repo/repository.hpp"

namespace tp::engine {

namespace fs = std::filesystem;

struct ResolvedVersion {
  catalog::Version version;
  std::string source; // "--torch-version", "tag v2.0.1 at HEAD", "version.txt", "nearest tag …"
};

// What a commit says about its PyTorch version, for decide_version.
struct VersionEvidence {
  std::vector<std::string> tags;          // the tags that point at the commit
  std::string tag_where;                  // " at HEAD" for a checkout, "" for a revision
  std::optional<std::string> version_txt; // version.txt at the root, if there is one
  // The nearest tag matching v[0-9]* (git describe), asked only when needed; may be empty.
  std::function<Result<std::optional<std::string>>()> nearest_tag;
  std::string subject; // the checkout or revision, for the error message
  std::string hint;    // appended to the error message
};

// The order of evidence: a version tag at the commit (the highest if several); else version.txt,
// unless it holds a development value (2.0.0a0) and the nearest tag is of the same major.minor;
// else the nearest version tag. Non-version tags (ciflow/…) are ignored.
Result<ResolvedVersion> decide_version(const VersionEvidence& evidence);

// Decides the checkout's PyTorch version: --torch-version wins; else a version tag at HEAD;
// else version.txt at the root; else the nearest version tag (git describe). A pre-release value
// in version.txt (release branches keep e.g. 2.0.0a0) yields to a nearest tag of the same
// major.minor, which is more precise.
Result<ResolvedVersion> resolve_version(const std::optional<std::string>& override_version,
                                        const repo::Repository* repository, const fs::path& root);

} // namespace tp::engine
