#pragma once
// Reading a revision straight from git's object database: resolve revisions and tags, list a
// commit's files recursively (submodules too, where the gitlink's commit is present in the
// submodule's repository under .git/modules/…), and read one blob by path. No checkout: the
// work tree is never looked at or touched. No libgit2 type leaks out.
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "base/result.hpp"
#include "repo/repository.hpp"

namespace tp::repo {

namespace fs = std::filesystem;

struct RevisionInfo {
  std::string name;              // as given ("v2.0.1", "HEAD~3", a hex id)
  std::string commit;            // the commit's full hex id
  std::vector<std::string> tags; // tags (lightweight or annotated) that point at the commit
};

struct TreeFile {
  std::string path;       // from the root, '/'-separated
  std::string repository; // "" for the superproject, else the submodule path holding it
};

struct MissingSubmodule {
  std::string path;   // the gitlink's path
  std::string commit; // the commit it records
  std::string why;    // "no repository under .git/modules/NAME", "commit … is not present"
};

class RevisionTree;

// A repository opened for reading objects only.
class ObjectStore {
public:
  // Opens the repository containing `start` (searched upward, as git does; bare ones too).
  static Result<ObjectStore> open(const fs::path& start);

  Result<RevisionInfo> resolve(const std::string& revision) const;
  // Every tag name, sorted.
  Result<std::vector<std::string>> tag_names() const;
  // The nearest tag reachable from `commit` whose name matches `glob` (git describe --tags
  // --match), or nullopt when there is none.
  Result<std::optional<std::string>> nearest_tag(const std::string& commit,
                                                 const std::string& glob) const;
  // The files of `commit`'s tree that `keep` keeps (all when it is empty), submodules included
  // where their objects are present.
  Result<RevisionTree> tree(const std::string& commit, const PathFilter& keep = {}) const;

  ObjectStore(ObjectStore&&) noexcept;
  ObjectStore& operator=(ObjectStore&&) noexcept;
  ~ObjectStore();

  struct Handle;

private:
  explicit ObjectStore(std::shared_ptr<Handle> handle);
  std::shared_ptr<Handle> m_handle;
};

class RevisionTree {
public:
  const std::vector<TreeFile>& files() const { return m_files; } // sorted by path
  const std::vector<MissingSubmodule>& missing_submodules() const { return m_missing; }
  // The blob at `path`, or nullopt when the tree has no file there. Thread-safe.
  Result<std::optional<std::string>> read(const std::string& path) const;

  struct Blob {
    std::size_t repository; // index into m_repositories
    std::string oid;        // raw 20 (or 32) bytes
  };
  RevisionTree(std::vector<std::shared_ptr<ObjectStore::Handle>> repositories,
               std::vector<TreeFile> files, std::map<std::string, Blob> blobs,
               std::vector<MissingSubmodule> missing);
  RevisionTree(RevisionTree&&) noexcept;
  RevisionTree& operator=(RevisionTree&&) noexcept;
  ~RevisionTree();

private:
  std::vector<std::shared_ptr<ObjectStore::Handle>> m_repositories; // [0] is the superproject
  std::vector<TreeFile> m_files;
  std::map<std::string, Blob> m_blobs;
  std::vector<MissingSubmodule> m_missing;
  std::unique_ptr<std::mutex> m_mutex; // libgit2 repositories are not shared across threads
};

} // namespace tp::repo
