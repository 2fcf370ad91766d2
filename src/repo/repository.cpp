#include "repo/repository.hpp"

#include "platform/files.hpp"
#include "repo/git_handles.hpp"

#include <algorithm>
#include <atomic>
#include <future>
#include <iterator>
#include <map>
#include <mutex>
#include <optional>
#include <string_view>
#include <thread>

namespace tp::repo {

namespace {

using namespace detail;

std::string strip_trailing_slash(std::string s) {
  while (s.size() > 1 && (s.back() == '/' || s.back() == '\\'))
    s.pop_back();
  return s;
}

// One submodule's part of a listing: its files and the submodules nested in it.
struct SubmoduleListing {
  bool initialised = false;
  std::vector<std::string> files;
  std::vector<Submodule> submodules;
  std::optional<Error> error;
};

// Listings of the superproject's submodules read ahead, on another thread, while its own
// index is parsed; by path from the checkout root.
class EarlySubmodules {
public:
  explicit EarlySubmodules(std::future<std::map<std::string, SubmoduleListing>> pending)
      : m_pending(std::move(pending)) {}
  // The listing read ahead for `path`, waiting for the reading to end; null if none was.
  SubmoduleListing* find(const std::string& path) {
    if (m_pending.valid())
      m_ready = m_pending.get();
    auto it = m_ready.find(path);
    return it == m_ready.end() ? nullptr : &it->second;
  }
  void wait() const {
    if (m_pending.valid())
      m_pending.wait();
  }

private:
  std::future<std::map<std::string, SubmoduleListing>> m_pending;
  std::map<std::string, SubmoduleListing> m_ready;
};

Result<void> collect_index(git_repository* repo, const std::string& prefix,
                           const std::shared_future<PathFilter>& keep,
                           std::vector<std::string>& out, std::vector<Submodule>* submodules,
                           int depth, EarlySubmodules* early = nullptr);

// Opens the submodule checked out at `workdir` + `path` and lists it (recursively).
SubmoduleListing list_submodule(const std::string& workdir, const std::string& path,
                                const std::string& prefix,
                                const std::shared_future<PathFilter>& keep, int depth) {
  SubmoduleListing listing;
  RepoPtr sub;
  const std::string at = workdir + path;
  if (git_repository_open_ext(sub.out(), at.c_str(), GIT_REPOSITORY_OPEN_NO_SEARCH, nullptr) < 0) {
    git_error_clear(); // an uninitialised submodule: its files are simply not there
    return listing;
  }
  listing.initialised = true;
  if (auto r = collect_index(sub.ptr, prefix + path + "/", keep, listing.files, &listing.submodules,
                             depth + 1);
      !r)
    listing.error = r.error();
  return listing;
}

// The paths .gitmodules gives its submodules; empty when it has none or cannot be read (the
// index decides in any case).
std::vector<std::string> paths_in_gitmodules(const std::string& workdir) {
  std::vector<std::string> paths;
  ConfigPtr config;
  const std::string file = workdir + ".gitmodules";
  if (git_config_open_ondisk(config.out(), file.c_str()) < 0) {
    git_error_clear();
    return paths;
  }
  git_config_foreach_match(
      config.ptr, "^submodule\\..*\\.path$",
      [](const git_config_entry* entry, void* payload) {
        const std::string_view path = entry->value;
        // Only plain relative paths: the index's gitlinks (which libgit2 validates) decide
        // anyway, and nothing outside the work tree is worth opening.
        if (!path.empty() && path.front() != '/' && path.find("..") == std::string_view::npos)
          static_cast<std::vector<std::string>*>(payload)->emplace_back(path);
        return 0;
      },
      &paths);
  git_error_clear();
  return paths;
}

Result<void> collect_index(git_repository* repo, const std::string& prefix,
                           const std::shared_future<PathFilter>& keep,
                           std::vector<std::string>& out, std::vector<Submodule>* submodules,
                           int depth, EarlySubmodules* early) {
  if (depth > 16)
    return fail("submodules nested more than 16 deep under " + prefix);
  IndexPtr index;
  if (git_repository_index(index.out(), repo) < 0)
    return unexpected(
        libgit2_error("reading the index of " + (prefix.empty() ? "the checkout" : prefix)));
  const std::size_t count = git_index_entrycount(index.ptr);
  const PathFilter& kept = keep.get();
  const std::string workdir = git_repository_workdir(repo);
  std::string path = prefix; // reused: only kept paths are copied
  for (std::size_t i = 0; i < count; ++i) {
    const git_index_entry* entry = git_index_get_byindex(index.ptr, i);
    if (!entry || GIT_INDEX_ENTRY_STAGE(entry) != 0)
      continue;
    path.resize(prefix.size());
    path += entry->path;
    if (entry->mode == GIT_FILEMODE_COMMIT) {
      SubmoduleListing read_here;
      SubmoduleListing* listing = early ? early->find(entry->path) : nullptr;
      if (!listing) {
        read_here = list_submodule(workdir, entry->path, prefix, keep, depth);
        listing = &read_here;
      }
      if (submodules)
        submodules->push_back({path, listing->initialised});
      if (listing->error)
        return unexpected(*listing->error);
      std::move(listing->files.begin(), listing->files.end(), std::back_inserter(out));
      if (submodules)
        std::move(listing->submodules.begin(), listing->submodules.end(),
                  std::back_inserter(*submodules));
      continue;
    }
    if (!kept || kept(path))
      out.push_back(path);
  }
  return {};
}

} // namespace

struct Repository::Handle {
  RepoPtr repo;
  std::mutex mutex; // libgit2 objects are not to be used from two threads at once
  // For is_committed: each holding repository (by its path from the root, "" for this one),
  // opened once, and its HEAD tree (null when it cannot be read).
  struct CommittedTree {
    RepoPtr owned_repo; // a submodule's; the superproject's is `repo`
    git_repository* repo = nullptr;
    ObjectPtr head_tree;
  };
  std::map<std::string, CommittedTree> committed_trees;
};

Repository::Repository(std::unique_ptr<Handle> handle, fs::path root, fs::path git_dir)
    : m_handle(std::move(handle)), m_root(std::move(root)), m_git_dir(std::move(git_dir)) {}
Repository::Repository(Repository&&) noexcept = default;
Repository& Repository::operator=(Repository&&) noexcept = default;
Repository::~Repository() = default;

Result<Repository> Repository::discover(const fs::path& start) {
  ensure_libgit2();
  std::error_code ec;
  fs::path absolute = fs::absolute(start, ec);
  if (ec || !fs::exists(absolute, ec))
    return fail(platform::path_to_utf8(start) + ": no such folder");
  auto handle = std::make_unique<Handle>();
  if (git_repository_open_ext(handle->repo.out(), platform::path_to_utf8(absolute).c_str(), 0,
                              nullptr) < 0) {
    git_error_clear();
    return fail(platform::path_to_utf8(absolute) +
                " is not inside a git checkout (run torchpatch in a PyTorch "
                "clone, pass -C DIR, or give --torch-version)");
  }
  if (git_repository_is_bare(handle->repo.ptr))
    return fail(platform::path_to_utf8(absolute) +
                " is a bare git repository; torchpatch needs a checkout");
  // A submodule's work tree is a repository too, but the checkout is its superproject.
  fs::path root =
      platform::path_from_utf8(strip_trailing_slash(git_repository_workdir(handle->repo.ptr)));
  fs::path git_dir =
      platform::path_from_utf8(strip_trailing_slash(git_repository_commondir(handle->repo.ptr)));
  for (int guard = 0; guard < 16; ++guard) {
    RepoPtr parent;
    fs::path above = root.parent_path();
    if (above == root || git_repository_open_ext(
                             parent.out(), platform::path_to_utf8(above).c_str(), 0, nullptr) < 0) {
      git_error_clear();
      break;
    }
    fs::path parent_root = platform::path_from_utf8(strip_trailing_slash(
        git_repository_workdir(parent.ptr) ? git_repository_workdir(parent.ptr) : ""));
    git_submodule* sm = nullptr;
    std::string rel = platform::display_path(fs::relative(root, parent_root, ec));
    if (ec || git_submodule_lookup(&sm, parent.ptr, rel.c_str()) < 0) {
      git_error_clear();
      break;
    }
    git_submodule_free(sm);
    root = parent_root;
    git_dir = platform::path_from_utf8(strip_trailing_slash(git_repository_commondir(parent.ptr)));
    std::swap(handle->repo.ptr, parent.ptr);
  }
  return Repository(std::move(handle), root, git_dir);
}

Result<std::vector<std::string>> Repository::tags_at_head() const {
  git_oid head;
  if (git_reference_name_to_id(&head, m_handle->repo.ptr, "HEAD") < 0)
    return unexpected(libgit2_error("reading HEAD"));
  git_strarray names{};
  if (git_tag_list(&names, m_handle->repo.ptr) < 0)
    return unexpected(libgit2_error("listing tags"));
  std::vector<std::string> out;
  for (std::size_t i = 0; i < names.count; ++i) {
    std::string ref = std::string("refs/tags/") + names.strings[i];
    ObjectPtr target;
    if (git_revparse_single(target.out(), m_handle->repo.ptr, (ref + "^{commit}").c_str()) < 0) {
      git_error_clear();
      continue;
    }
    if (git_oid_equal(git_object_id(target.ptr), &head))
      out.emplace_back(names.strings[i]);
  }
  git_strarray_dispose(&names);
  return out;
}

Result<std::optional<std::string>> Repository::nearest_tag(const std::string& glob) const {
  ObjectPtr head;
  if (git_revparse_single(head.out(), m_handle->repo.ptr, "HEAD") < 0)
    return unexpected(libgit2_error("reading HEAD"));
  git_describe_options options = GIT_DESCRIBE_OPTIONS_INIT;
  options.describe_strategy = GIT_DESCRIBE_TAGS;
  options.pattern = glob.c_str();
  DescribePtr result;
  if (git_describe_commit(result.out(), head.ptr, &options) < 0) {
    git_error_clear(); // no matching tag is an answer, not an error
    return std::optional<std::string>();
  }
  git_describe_format_options format = GIT_DESCRIBE_FORMAT_OPTIONS_INIT;
  format.abbreviated_size = 0; // just the tag name
  git_buf buf = GIT_BUF_INIT;
  if (git_describe_format(&buf, result.ptr, &format) < 0)
    return unexpected(libgit2_error("formatting git describe"));
  std::string tag(buf.ptr, buf.size);
  git_buf_dispose(&buf);
  return std::optional<std::string>(tag);
}

namespace {

// True when `crlf` is `lf` with some of its "\n" written "\r\n" (a checkout with
// core.autocrlf or eol=crlf).
bool equal_but_for_crlf(std::string_view lf, std::string_view crlf) {
  std::size_t i = 0, j = 0;
  while (i < lf.size() && j < crlf.size()) {
    if (lf[i] == '\n' && crlf[j] == '\r' && j + 1 < crlf.size() && crlf[j + 1] == '\n')
      ++j;
    if (lf[i] != crlf[j])
      return false;
    ++i;
    ++j;
  }
  return i == lf.size() && j == crlf.size();
}

} // namespace

bool Repository::is_committed(const std::string& path, const std::string& holder,
                              std::string_view bytes) const {
  if (!holder.empty() &&
      (path.size() <= holder.size() + 1 || path.compare(0, holder.size(), holder) != 0 ||
       path[holder.size()] != '/'))
    return false;
  const std::string rest = holder.empty() ? path : path.substr(holder.size() + 1);
  std::lock_guard<std::mutex> lock(m_handle->mutex);
  // The holding repository and its HEAD tree, each opened once per Repository.
  auto [known, inserted] = m_handle->committed_trees.try_emplace(holder);
  Handle::CommittedTree& committed = known->second;
  if (inserted) {
    git_repository* repo = m_handle->repo.ptr;
    if (!holder.empty()) {
      if (git_repository_open(committed.owned_repo.out(),
                              platform::path_to_utf8(m_root / holder).c_str()) < 0) {
        git_error_clear();
        return false;
      }
      repo = committed.owned_repo.ptr;
    }
    if (git_revparse_single(committed.head_tree.out(), repo, "HEAD^{tree}") < 0) {
      git_error_clear();
      return false;
    }
    committed.repo = repo;
  }
  if (!committed.head_tree.ptr)
    return false;
  git_tree_entry* entry = nullptr;
  if (git_tree_entry_bypath(&entry, reinterpret_cast<const git_tree*>(committed.head_tree.ptr),
                            rest.c_str()) < 0) {
    git_error_clear();
    return false;
  }
  BlobPtr blob;
  const bool found = git_tree_entry_type(entry) == GIT_OBJECT_BLOB &&
                     git_blob_lookup(blob.out(), committed.repo, git_tree_entry_id(entry)) == 0;
  git_tree_entry_free(entry);
  if (!found) {
    git_error_clear();
    return false;
  }
  const std::string_view committed_bytes(static_cast<const char*>(git_blob_rawcontent(blob.ptr)),
                                         static_cast<std::size_t>(git_blob_rawsize(blob.ptr)));
  return committed_bytes == bytes || equal_but_for_crlf(committed_bytes, bytes);
}

Result<IndexListing> Repository::list_index(PathFilter keep) const {
  std::promise<PathFilter> ready;
  ready.set_value(std::move(keep));
  return list_index(ready.get_future().share());
}

Result<IndexListing> Repository::list_index(std::shared_future<PathFilter> keep) const {
  // The superproject's index is by far the largest, and parsing it is most of a listing's time.
  // The submodules .gitmodules names are read meanwhile on a second thread; the superproject's
  // gitlinks still decide what is listed, so the result is that of one walk in index order.
  const std::string workdir = git_repository_workdir(m_handle->repo.ptr);
  EarlySubmodules early(std::async(std::launch::async, [workdir, keep] {
    // A checkout with all its submodules has dozens of indexes: they are read by as many
    // threads as there are cores (at most four), each taking the next submodule in turn.
    const std::vector<std::string> paths = paths_in_gitmodules(workdir);
    std::vector<SubmoduleListing> read(paths.size());
    std::atomic<std::size_t> next{0};
    auto read_next = [&] {
      for (std::size_t i = next++; i < paths.size(); i = next++)
        read[i] = list_submodule(workdir, paths[i], "", keep, 0);
    };
    const unsigned threads = std::clamp(std::thread::hardware_concurrency(), 1u, 4u);
    std::vector<std::thread> helpers;
    for (unsigned t = 1; t < threads && t < paths.size(); ++t)
      helpers.emplace_back(read_next);
    read_next();
    for (auto& helper : helpers)
      helper.join();
    std::map<std::string, SubmoduleListing> listings;
    for (std::size_t i = 0; i < paths.size(); ++i)
      listings.emplace(paths[i], std::move(read[i])); // a path named twice: the first reading
    return listings;
  }));
  IndexListing listing;
  auto r =
      collect_index(m_handle->repo.ptr, "", keep, listing.files, &listing.submodules, 0, &early);
  early.wait();
  if (!r)
    return unexpected(r.error());
  return listing;
}

} // namespace tp::repo
