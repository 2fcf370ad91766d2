#pragma once
// Where a plan reads files from: a checkout's work tree (listing files from the git indexes), or
// an in-memory tree (patchset cases, tests). A matrix over revisions adds a git-objects source.
#include <filesystem>
#include <future>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "base/result.hpp"
#include "platform/files.hpp"
#include "repo/repository.hpp"

namespace tp::engine {

namespace fs = std::filesystem;

struct ReadResult {
  enum class Status { ok, missing, not_a_file };
  Status status = Status::ok;
  std::string bytes;
};

class TreeSource {
public:
  virtual ~TreeSource() = default;
  // Every file that `keep` keeps (all when it is empty), '/'-separated from the root. Asked once
  // per plan, with the plan's globs.
  virtual Result<const std::vector<std::string>*> files(const repo::PathFilter& keep) = 0;
  // One file's bytes. Thread-safe.
  virtual Result<ReadResult> read(const std::string& path) const = 0;
  // "" for the superproject, else the submodule path that holds `path`.
  virtual std::string repository_of(const std::string& path) const = 0;
  // The uninitialised submodule that would hold `path`, if any.
  virtual std::optional<std::string> uninitialised_submodule_of(const std::string& path) const = 0;
  // True when `bytes`, read from `path`, are exactly what its repository committed (line ends
  // aside), so that an edit found already made there was made upstream (or in the checkout's own
  // history), not by hand or by torchpatch. Sources without history say false.
  virtual bool is_committed_as_is(const std::string& path, std::string_view bytes) const {
    (void)path;
    (void)bytes;
    return false;
  }
};

// Reading a large index is the longest single step of a plan (libgit2 parses and checksums
// every entry), and it depends on nothing but the repository. A prefetch starts it on its own
// thread, with its own libgit2 handle, before the catalog is loaded, so that the two overlap;
// the plan's path filter, known once the catalog is loaded, is handed over when the listing
// is taken, and the index read waits for it only if it finishes first. The thread also frees
// libgit2's copy of the index after handing the listing over. Joined on destruction.
class ListingPrefetch {
public:
  // Starts listing the index of the repository holding `directory`. Never fails: a folder that
  // is no repository simply has nothing prefetched.
  explicit ListingPrefetch(const fs::path& directory);
  ~ListingPrefetch();
  ListingPrefetch(const ListingPrefetch&) = delete;
  ListingPrefetch& operator=(const ListingPrefetch&) = delete;

  // The files `keep` keeps, if the repository found has work tree `root` (waits for them);
  // nullopt when nothing was prefetched for that root. Once only.
  std::optional<Result<repo::IndexListing>> take(const fs::path& root, repo::PathFilter keep);

private:
  struct Found {
    fs::path root; // empty: no repository
    Result<repo::IndexListing> listing;
  };
  std::promise<repo::PathFilter> m_keep;
  bool m_keep_given = false;
  std::future<Found> m_found;
  std::thread m_thread;
};

// A checkout on disk. Files are listed from the superproject's and submodules' indexes; where
// there is no repository, from a walk that skips .git and build folders.
class WorkTreeSource final : public TreeSource {
public:
  // `repository` may be null (a plain folder with --torch-version). `prefetch`, when given, may
  // already hold the listing of the indexes.
  WorkTreeSource(fs::path root, const repo::Repository* repository,
                 ListingPrefetch* prefetch = nullptr);
  Result<const std::vector<std::string>*> files(const repo::PathFilter& keep) override;
  Result<ReadResult> read(const std::string& path) const override;
  std::string repository_of(const std::string& path) const override;
  std::optional<std::string> uninitialised_submodule_of(const std::string& path) const override;
  bool is_committed_as_is(const std::string& path, std::string_view bytes) const override;

private:
  Result<void> load_listing(const repo::PathFilter& keep);
  fs::path m_root;
  platform::TreeReader m_reader;
  const repo::Repository* m_repository;
  ListingPrefetch* m_prefetch; // used by the first listing only
  std::vector<std::string> m_files;
  std::vector<repo::Submodule> m_submodules; // longest paths first
};

// Whether a MemoryTreeSource stands for files exactly as a repository committed them.
enum class Committed { no, yes };

// A tree held in memory: path -> bytes.
class MemoryTreeSource final : public TreeSource {
public:
  explicit MemoryTreeSource(std::map<std::string, std::string> files,
                            Committed committed = Committed::no);
  Result<const std::vector<std::string>*> files(const repo::PathFilter& keep) override;
  Result<ReadResult> read(const std::string& path) const override;
  std::string repository_of(const std::string&) const override { return ""; }
  std::optional<std::string> uninitialised_submodule_of(const std::string&) const override {
    return std::nullopt;
  }
  bool is_committed_as_is(const std::string& path, std::string_view) const override {
    return m_committed == Committed::yes && m_contents.count(path) != 0;
  }

private:
  std::map<std::string, std::string> m_contents;
  Committed m_committed = Committed::no;
  std::vector<std::string> m_kept;
};

} // namespace tp::engine
