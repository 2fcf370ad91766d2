#pragma once
// libgit2 behind a small value API: find the checkout, read its tags, describe, list the files of
// the superproject's and every initialised submodule's index. No libgit2 type leaks out.
#include <filesystem>
#include <functional>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.hpp"

namespace tp::repo {

namespace fs = std::filesystem;

struct Submodule {
  std::string path; // from the checkout root, '/'-separated (nested ones too)
  bool initialised = false;
};

// The files of the superproject's and every initialised submodule's index that a PathFilter
// keeps, and every gitlink met on the way (initialised or not), in the order of one walk of the
// indexes.
struct IndexListing {
  std::vector<std::string> files; // from the checkout root, '/'-separated
  std::vector<Submodule> submodules;
};

// Which files a listing keeps: asked with each path from the checkout root ('/'-separated), from
// several threads at once. An empty filter keeps every file. Only kept paths become strings: a
// checkout's index holds 100,000 paths or more, and a plan wants the few its globs select.
using PathFilter = std::function<bool(std::string_view path)>;

class Repository {
public:
  // Finds the repository containing `start` (searching upward, as git does). Fails with
  // "not inside a git checkout" when there is none, or when it is a bare repository.
  static Result<Repository> discover(const fs::path& start);

  const fs::path& root() const { return m_root; }       // the work tree
  const fs::path& git_dir() const { return m_git_dir; } // the superproject's .git folder

  // The names of tags (lightweight or annotated) that point at HEAD's commit.
  Result<std::vector<std::string>> tags_at_head() const;
  // The nearest tag reachable from HEAD whose name matches `glob` (git describe --tags --match),
  // or nullopt when there is none.
  Result<std::optional<std::string>> nearest_tag(const std::string& glob) const;
  // Every file `keep` keeps in the superproject's index and, recursively, in each initialised
  // submodule's, and the submodules (gitlinks) met on the way, from one walk of the indexes. The
  // filter is waited for only once the index has been read, so it may come from work done
  // meanwhile (see engine::ListingPrefetch).
  Result<IndexListing> list_index(std::shared_future<PathFilter> keep) const;
  Result<IndexListing> list_index(PathFilter keep = {}) const;
  // True when `bytes`, the work-tree file `path` (from the root), are HEAD's blob at `path` in
  // the repository that holds it (`holder`: the initialised submodule's path from the root, ""
  // for this repository), byte for byte or with line ends written CRLF (a checkout with
  // core.autocrlf or eol=crlf). Neither the index nor the file is read. False when HEAD has no
  // such blob or `holder` does not hold `path`. Safe to call from several threads.
  bool is_committed(const std::string& path, const std::string& holder,
                    std::string_view bytes) const;

  Repository(Repository&&) noexcept;
  Repository& operator=(Repository&&) noexcept;
  ~Repository();

private:
  struct Handle;
  Repository(std::unique_ptr<Handle> handle, fs::path root, fs::path git_dir);
  std::unique_ptr<Handle> m_handle;
  fs::path m_root;
  fs::path m_git_dir;
};

} // namespace tp::repo
