#pragma once
// Where a plan reads files from: a checkout's work tree (listing files from the git indexes), or
// an in-memory tree (patchset cases, tests). A matrix over revisions adds a git-objects source.
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "base/result.hpp"
#include "repo/repository.hpp"

namespace tp::ops {

namespace fs = std::filesystem;

struct ReadResult {
  enum class Status { ok, missing, not_a_file };
  Status status = Status::ok;
  std::string bytes;
};

class TreeSource {
public:
  virtual ~TreeSource() = default;
  // Every file a glob may select, '/'-separated from the root.
  virtual Result<const std::vector<std::string>*> files() = 0;
  // One file's bytes. Thread-safe.
  virtual Result<ReadResult> read(const std::string& path) const = 0;
  // "" for the superproject, else the submodule path that holds `path`.
  virtual std::string repository_of(const std::string& path) const = 0;
  // The uninitialised submodule that would hold `path`, if any.
  virtual std::optional<std::string> uninitialised_submodule_of(const std::string& path) const = 0;
  // True when `path` is exactly as its repository committed it, so that an edit found already
  // made there was made upstream (or in the checkout's own history), not by hand or by torchpatch.
  // Sources without history say false.
  virtual bool is_committed_as_is(const std::string& path) const {
    (void)path;
    return false;
  }
};

// A checkout on disk. Files are listed from the superproject's and submodules' indexes; where
// there is no repository, from a walk that skips .git and build folders.
class WorkTreeSource final : public TreeSource {
public:
  // `repository` may be null (a plain folder with --torch-version).
  WorkTreeSource(fs::path root, const repo::Repository* repository);
  Result<const std::vector<std::string>*> files() override;
  Result<ReadResult> read(const std::string& path) const override;
  std::string repository_of(const std::string& path) const override;
  std::optional<std::string> uninitialised_submodule_of(const std::string& path) const override;
  bool is_committed_as_is(const std::string& path) const override;

private:
  Result<void> load_listing();
  fs::path m_root;
  const repo::Repository* m_repository;
  bool m_listed = false;
  std::vector<std::string> m_files;
  std::vector<repo::Submodule> m_submodules; // longest paths first
};

// A tree held in memory: path -> bytes.
class MemoryTreeSource final : public TreeSource {
public:
  explicit MemoryTreeSource(std::map<std::string, std::string> files);
  Result<const std::vector<std::string>*> files() override;
  Result<ReadResult> read(const std::string& path) const override;
  std::string repository_of(const std::string&) const override { return ""; }
  std::optional<std::string> uninitialised_submodule_of(const std::string&) const override {
    return std::nullopt;
  }

private:
  std::map<std::string, std::string> m_contents;
  std::vector<std::string> m_paths;
};

} // namespace tp::ops
