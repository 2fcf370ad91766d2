#include "engine/tree_source.hpp"

#include <algorithm>
#include <utility>

#include "platform/files.hpp"

namespace tp::engine {

namespace {

bool is_under(const std::string& path, const std::string& folder) {
  return path.size() > folder.size() && path.compare(0, folder.size(), folder) == 0 &&
         path[folder.size()] == '/';
}

// Folders a walk never enters: version control and typical build output.
bool skip_folder(const std::string& name) {
  return name == ".git" || name == "build" || name == "node_modules" || name == ".hg" ||
         name == "__pycache__";
}

} // namespace

ListingPrefetch::ListingPrefetch(const fs::path& directory) {
  std::promise<Found> promise;
  m_found = promise.get_future();
  m_thread = std::thread(
      [promise = std::move(promise), keep = m_keep.get_future().share(), directory]() mutable {
        auto repository = repo::Repository::discover(directory);
        if (!repository) {
          promise.set_value({{}, Result<repo::IndexListing>(repo::IndexListing{})});
          return;
        }
        promise.set_value({repository->root(), repository->list_index(keep)});
        // `repository` (and libgit2's parsed index) is freed here, while the plan goes on.
      });
}

ListingPrefetch::~ListingPrefetch() {
  if (!m_keep_given) // nobody took the listing (the catalog failed to load, say): keep nothing
    m_keep.set_value([](std::string_view) { return false; });
  if (m_thread.joinable())
    m_thread.join();
}

std::optional<Result<repo::IndexListing>> ListingPrefetch::take(const fs::path& root,
                                                                repo::PathFilter keep) {
  if (!m_found.valid())
    return std::nullopt;
  m_keep.set_value(std::move(keep));
  m_keep_given = true;
  Found found = m_found.get();
  if (found.root.empty() || found.root != root)
    return std::nullopt;
  return std::move(found.listing);
}

WorkTreeSource::WorkTreeSource(fs::path root, const repo::Repository* repository,
                               ListingPrefetch* prefetch)
    : m_root(std::move(root)), m_reader(m_root), m_repository(repository), m_prefetch(prefetch) {}

Result<void> WorkTreeSource::load_listing(const repo::PathFilter& keep) {
  m_files.clear();
  m_submodules.clear();
  if (m_repository) {
    std::optional<Result<repo::IndexListing>> prefetched;
    if (m_prefetch)
      prefetched = std::exchange(m_prefetch, nullptr)->take(m_root, keep);
    TP_TRY_ASSIGN(repo::IndexListing listing,
                  prefetched ? std::move(*prefetched) : m_repository->list_index(keep));
    m_files = std::move(listing.files);
    m_submodules = std::move(listing.submodules);
    std::sort(m_submodules.begin(), m_submodules.end(),
              [](const auto& a, const auto& b) { return a.path.size() > b.path.size(); });
    return {};
  }
  std::error_code ec;
  fs::recursive_directory_iterator it(m_root, fs::directory_options::skip_permission_denied, ec),
      end;
  for (; !ec && it != end; it.increment(ec)) {
    if (it->is_directory(ec) && !it->is_symlink(ec)) {
      if (skip_folder(platform::path_to_utf8(it->path().filename())))
        it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file(ec)) {
      std::string path = platform::display_path(fs::relative(it->path(), m_root, ec));
      if (!keep || keep(path))
        m_files.push_back(std::move(path));
    }
  }
  if (ec)
    return fail("listing " + platform::path_to_utf8(m_root) + ": " + ec.message());
  std::sort(m_files.begin(), m_files.end());
  return {};
}

Result<const std::vector<std::string>*> WorkTreeSource::files(const repo::PathFilter& keep) {
  TP_TRY(load_listing(keep));
  return &m_files;
}

Result<ReadResult> WorkTreeSource::read(const std::string& path) const {
  TP_TRY_ASSIGN(platform::TreeReader::File file, m_reader.read(path));
  switch (file.status) {
  case platform::TreeReader::Status::ok:
    return ReadResult{ReadResult::Status::ok, std::move(file.bytes)};
  case platform::TreeReader::Status::missing:
    return ReadResult{ReadResult::Status::missing, {}};
  case platform::TreeReader::Status::not_a_file:
    break;
  }
  return ReadResult{ReadResult::Status::not_a_file, {}};
}

std::string WorkTreeSource::repository_of(const std::string& path) const {
  for (const auto& s : m_submodules)
    if (s.initialised && is_under(path, s.path))
      return s.path;
  return "";
}

std::optional<std::string>
WorkTreeSource::uninitialised_submodule_of(const std::string& path) const {
  for (const auto& s : m_submodules)
    if (is_under(path, s.path))
      return s.initialised ? std::nullopt : std::optional<std::string>(s.path);
  return std::nullopt;
}

bool WorkTreeSource::is_committed_as_is(const std::string& path, std::string_view bytes) const {
  // The repository that committed it: the innermost initialised submodule holding it, if any.
  return m_repository && m_repository->is_committed(path, repository_of(path), bytes);
}

MemoryTreeSource::MemoryTreeSource(std::map<std::string, std::string> files, Committed committed)
    : m_contents(std::move(files)), m_committed(committed) {}

Result<const std::vector<std::string>*> MemoryTreeSource::files(const repo::PathFilter& keep) {
  m_kept.clear();
  for (const auto& [path, bytes] : m_contents)
    if (!keep || keep(path))
      m_kept.push_back(path);
  return &m_kept;
}

Result<ReadResult> MemoryTreeSource::read(const std::string& path) const {
  auto it = m_contents.find(path);
  if (it == m_contents.end())
    return ReadResult{ReadResult::Status::missing, {}};
  return ReadResult{ReadResult::Status::ok, it->second};
}

} // namespace tp::engine
