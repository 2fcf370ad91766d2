#pragma once
// The one writer: applies a set of file changes as a single journaled transaction, reverts
// journaled patchsets, and reports drift. See docs/journal.md for the on-disk format.
// (Interface sketch; the implementer may refine it but keep its spirit.)
#include <filesystem>
#include <string>
#include <vector>

#include "base/result.hpp"

namespace tp::txn {

namespace fs = std::filesystem;

struct FileChange {
  std::string path;       // relative to the checkout root, '/'-separated
  std::string repository; // "" for the superproject, else the submodule's path from the root
  std::string before;     // the exact bytes on disk now
  std::string after;      // the exact bytes to write
};

struct PatchsetChange {
  std::string id;
  std::vector<FileChange> files;
  std::vector<std::string> skipped; // with --partial: "edit-name file: outcome: why", recorded
};

} // namespace tp::txn
