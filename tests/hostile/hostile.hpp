#pragma once
// Support for the hostile-input suite: catalogs written from TOML strings, and a hash of every
// entry of a tree (files, symlinks, folders; .git folders left out) for "byte-identical" checks
// that also work for a 200 MB file.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "e2e/checkout.hpp"

namespace tp::hostile {

namespace fs = std::filesystem;
using e2e::Output;
using e2e::TempDir;

// Writes `<dir>/<name>/catalog.toml` (version 1.0.0) and every `file -> TOML` of `patchsets`;
// returns the catalog folder.
fs::path write_catalog(const TempDir& dir, const std::map<std::string, std::string>& patchsets,
                       const std::string& name = "catalog");

struct RegexEdit {
  std::string files = "[\"version.txt\"]"; // a TOML array
  std::string pattern;                     // RE2, written as a TOML literal string
  std::string action = "kind = \"replace\"\ntext = \"patched\"";
  std::string matches = "1"; // TOML value: 1, "any", ">=2"
  std::string applied = "NEVER-APPLIED-MARKER";
};

// A patchset `id` (versions ">=1.0") with one regex edit named "e".
std::string regex_patchset(const std::string& id, const RegexEdit& edit);

// Every entry below `root` except .git folders: "file <size> <fnv1a64> <x|->" for files,
// "link -> <target>" for symlinks, "dir" for folders. Files are hashed in chunks.
using TreeHashes = std::map<std::string, std::string>;
TreeHashes tree_hashes(const fs::path& root);
// The entries that differ, one per line ("" when none), for readable failures.
std::string differences(const TreeHashes& before, const TreeHashes& after);

// torchpatch in process: `-C checkout --catalog catalog args…`.
Output run(const fs::path& checkout, const fs::path& catalog, const std::vector<std::string>& args);

bool contains(const std::string& haystack, const std::string& needle);

} // namespace tp::hostile
