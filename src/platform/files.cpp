// Portable parts of the platform layer; OS calls go through platform/os.hpp.
#include "platform/files.hpp"

#include <algorithm>
#include <mutex>
#include <optional>
#include <system_error>
#include <thread>
#include <unordered_set>
#include <vector>

#include "platform/os.hpp"

namespace tp::platform {

namespace {

// Like ccache's AtomicFile: owns a temporary until commit(); the destructor closes and removes
// it, so no failure path can publish a half-written file or leave litter behind.
class TempFile {
public:
  explicit TempFile(os::CreatedTemp temp) : m_temp(std::move(temp)) {}
  ~TempFile() {
    if (m_open) {
      (void)os::close(m_temp.file, m_temp.path);
    }
    if (!m_committed) {
      std::error_code ignored;
      fs::remove(m_temp.path, ignored);
    }
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;

  const fs::path& path() const { return m_temp.path; }
  os::NativeFile file() const { return m_temp.file; }

  Result<void> close() {
    m_open = false;
    return os::close(m_temp.file, m_temp.path);
  }
  // The temporary has been renamed over its target: nothing left to discard.
  void commit() { m_committed = true; }

private:
  os::CreatedTemp m_temp;
  bool m_open = true;
  bool m_committed = false;
};

std::vector<std::string> split_components(std::string_view path) {
  std::vector<std::string> parts;
  std::string current;
  for (char c : path) {
    if (c == '/' || c == '\\') {
      parts.push_back(current);
      current.clear();
    } else {
      current += c;
    }
  }
  parts.push_back(current);
  return parts;
}

bool is_drive_letter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// True when `path` is `root` or below it. Both must be canonical (weakly).
bool is_within(const fs::path& root, const fs::path& path) {
  auto r = root.begin();
  auto p = path.begin();
  for (; r != root.end(); ++r, ++p) {
    if (r->empty()) { // a trailing separator in root
      continue;
    }
    if (p == path.end() || *r != *p) {
      return false;
    }
  }
  return true;
}

Unexpected<Error> refuse(std::string_view relative, const std::string& why) {
  return fail("refusing path '" + std::string(relative) + "': " + why);
}

} // namespace

std::string display_path(const fs::path& path) {
  const std::u8string utf8 = path.generic_u8string();
  return std::string(utf8.begin(), utf8.end());
}

fs::path path_from_utf8(std::string_view utf8) {
  return fs::path(std::u8string(utf8.begin(), utf8.end()));
}

std::string path_to_utf8(const fs::path& path) {
  const std::u8string utf8 = path.u8string();
  return std::string(utf8.begin(), utf8.end());
}

Result<std::string> read_file(const fs::path& path) {
  return os::read_all(path);
}

Result<void> write_file_atomic(const fs::path& target_path, std::string_view bytes,
                               Durability durability) {
  std::error_code ec;
  fs::path target = target_path;
  if (fs::is_symlink(fs::symlink_status(target, ec))) {
    target = fs::canonical(target_path, ec);
    if (ec) {
      return fail("writing " + display_path(target_path) + ": resolving symlink: " + ec.message());
    }
  }
  const std::string what = "writing " + display_path(target);

  auto created = os::create_temp_beside(target);
  if (!created) {
    return with_context(created, what);
  }
  TempFile temp(std::move(*created));

  if (auto r = os::write_all(temp.file(), bytes, temp.path()); !r) {
    return with_context(r, what);
  }
  if (durability == Durability::flush) {
    if (auto r = os::flush(temp.file(), temp.path()); !r) {
      return with_context(r, what);
    }
  }
  if (auto r = temp.close(); !r) {
    return with_context(r, what);
  }

  const fs::file_status existing = fs::status(target, ec);
  const fs::perms mode = fs::exists(existing) ? existing.permissions()
                                              : fs::perms::owner_read | fs::perms::owner_write |
                                                    fs::perms::group_read | fs::perms::others_read;
  fs::permissions(temp.path(), mode & fs::perms::mask, fs::perm_options::replace, ec);
  if (ec) {
    return fail(what + ": setting the mode of " + display_path(temp.path()) + ": " + ec.message());
  }

  if (auto r = os::replace(temp.path(), target); !r) {
    return with_context(r, what);
  }
  temp.commit();

  if (durability == Durability::flush) {
    const fs::path parent = target.has_parent_path() ? target.parent_path() : fs::path(".");
    if (auto r = sync_directory(parent); !r) {
      return with_context(r, what);
    }
  }
  return {};
}

void remove_stale_temporaries(const fs::path& target_path) {
  std::error_code ec;
  fs::path target = target_path;
  if (fs::is_symlink(fs::symlink_status(target, ec))) {
    target = fs::canonical(target_path, ec);
    if (ec) {
      return;
    }
  }
  const fs::path parent = target.has_parent_path() ? target.parent_path() : fs::path(".");
  const std::u8string name = target.filename().u8string();
  const std::u8string prefix = u8"." + name + u8".torchpatch-";
  constexpr std::size_t k_suffix = 6; // XXXXXX, as create_temp_beside makes it
  std::vector<fs::path> stale;
  for (fs::directory_iterator it(parent, ec), end; !ec && it != end; it.increment(ec)) {
    const std::u8string entry = it->path().filename().u8string();
    if (entry.size() == prefix.size() + k_suffix && entry.starts_with(prefix) &&
        it->is_regular_file(ec) && !it->is_symlink(ec)) {
      stale.push_back(it->path());
    }
  }
  for (const fs::path& path : stale) {
    fs::remove(path, ec);
  }
}

namespace {

// The components of `relative` once '.' and '..' are resolved; refused when it is absolute,
// climbs out, names the root itself, or holds Windows' drive or stream syntax.
Result<std::vector<std::string>> components_inside(std::string_view relative) {
  if (relative.empty()) {
    return refuse(relative, "the path is empty");
  }
  const bool leading_separator = relative[0] == '/' || relative[0] == '\\';
  if (relative.size() >= 2 && leading_separator && (relative[1] == '/' || relative[1] == '\\')) {
    return refuse(relative, "a UNC or network path (\\\\server\\share) is not inside the checkout");
  }
  if (leading_separator) {
    return refuse(relative, "an absolute path is not inside the checkout");
  }
  if (relative.size() >= 2 && is_drive_letter(relative[0]) && relative[1] == ':') {
    return refuse(relative, "a drive-letter path (C:\\ or C:) is not inside the checkout");
  }
  std::vector<std::string> kept;
  for (const std::string& part : split_components(relative)) {
    if (part.empty() || part == ".") {
      continue;
    }
    if (part == "..") {
      if (kept.empty()) {
        return refuse(relative, "'..' climbs out of the checkout root");
      }
      kept.pop_back();
      continue;
    }
    // On Windows "a/C:b" would restart at a drive and "a:b" names an alternate data stream.
    if (part.find(':') != std::string::npos) {
      return refuse(relative, "component '" + part + "' contains ':' (drive or stream syntax)");
    }
    kept.push_back(part);
  }
  if (kept.empty()) {
    return refuse(relative, "it names the checkout root itself, not a file in it");
  }
  return kept;
}

// Refuses `relative` when the symlink `link` on its way points outside `root_canonical`.
Result<void> check_link(const fs::path& link, std::string_view relative,
                        const fs::path& root_canonical) {
  std::error_code ec;
  fs::path link_target = fs::read_symlink(link, ec);
  if (ec) {
    return refuse(relative, "cannot read symlink " + display_path(link) + ": " + ec.message());
  }
  if (link_target.is_relative()) {
    link_target = link.parent_path() / link_target;
  }
  const fs::path resolved = fs::weakly_canonical(link_target, ec);
  if (ec || !is_within(root_canonical, resolved)) {
    return refuse(relative, "symlink " + display_path(link) + " points outside the checkout (to " +
                                display_path(link_target) + ")");
  }
  return {};
}

// Folders (from the root, '/'-joined) already seen not to be symlinks, shared between threads;
// without a set, nothing is remembered.
struct PlainFolders {
  std::mutex* mutex;
  std::unordered_set<std::string>* folders;

  bool contain(const std::string& folder) const {
    std::lock_guard<std::mutex> lock(*mutex);
    return folders->count(folder) != 0;
  }
  void add(const std::string& folder) const {
    std::lock_guard<std::mutex> lock(*mutex);
    folders->insert(folder);
  }
};

// resolve_inside's work; `plain` remembers the folders seen not to be symlinks, when it has a
// set.
Result<fs::path> resolve_under(const fs::path& root, std::string_view relative,
                               const PlainFolders& plain) {
  TP_TRY_ASSIGN(const std::vector<std::string> kept, components_inside(relative));
  // Without '..' and with no component a symlink, root/kept is inside the root by construction;
  // only a symlink on the way asks where things really are. Checking every existing component,
  // not only the final path, matters: a dangling link is invisible to weakly_canonical but a
  // write through it would still land outside.
  std::error_code ec;
  std::optional<fs::path> root_canonical;
  fs::path result = root;
  std::string folder; // kept[0..i] joined, for the cache
  for (std::size_t i = 0; i < kept.size(); ++i) {
    const std::string& part = kept[i];
    result /= fs::path(std::u8string(part.begin(), part.end()));
    const bool cached = i + 1 < kept.size() && plain.folders; // a folder on the way
    if (cached) {
      folder += (i ? "/" : "") + part;
      if (plain.contain(folder)) {
        continue;
      }
    }
    const fs::file_status status = fs::symlink_status(result, ec);
    if (!fs::is_symlink(status)) {
      if (cached && fs::is_directory(status)) {
        plain.add(folder);
      }
      continue;
    }
    if (!root_canonical) {
      root_canonical = fs::weakly_canonical(root, ec);
      if (ec) {
        return fail("resolving checkout root " + display_path(root) + ": " + ec.message());
      }
    }
    TP_TRY(check_link(result, relative, *root_canonical));
  }
  if (root_canonical) {
    const fs::path resolved = fs::weakly_canonical(result, ec);
    if (ec || !is_within(*root_canonical, resolved)) {
      return refuse(relative,
                    "it resolves outside the checkout (to " + display_path(resolved) + ")");
    }
  }
  return result;
}

} // namespace

Result<fs::path> resolve_inside(const fs::path& root, std::string_view relative) {
  return resolve_under(root, relative, PlainFolders{nullptr, nullptr});
}

InsideResolver::InsideResolver(fs::path root) : m_root(std::move(root)) {}

Result<fs::path> InsideResolver::resolve(std::string_view relative) const {
  return resolve_under(m_root, relative, PlainFolders{&m_mutex, &m_plain_folders});
}

namespace {

// Only plain components may go to the kernel: '.', '..', empty components, backslashes and
// drive or stream syntax are resolve_inside's to refuse or normalise.
bool is_plain_relative(std::string_view relative) {
  if (relative.empty() || relative.front() == '/' || relative.back() == '/') {
    return false;
  }
  if (relative.find_first_of("\\:") != std::string_view::npos ||
      relative.find("//") != std::string_view::npos) {
    return false;
  }
  std::size_t start = 0;
  while (start <= relative.size()) {
    const std::size_t slash = std::min(relative.find('/', start), relative.size());
    const std::string_view part = relative.substr(start, slash - start);
    if (part == "." || part == "..") {
      return false;
    }
    start = slash + 1;
  }
  return true;
}

} // namespace

TreeReader::TreeReader(fs::path root)
    : m_root(root), m_resolver(root), m_root_folder(os::open_folder_for_beneath(root).value) {}

TreeReader::~TreeReader() {
  os::close_folder({m_root_folder});
}

Result<TreeReader::File> TreeReader::read(std::string_view relative) const {
  if (m_root_folder >= 0 && is_plain_relative(relative)) {
    auto beneath = os::read_beneath({m_root_folder}, relative);
    if (beneath.status == os::BeneathRead::Status::ok) {
      return File{Status::ok, std::move(beneath.bytes)};
    }
    if (beneath.status == os::BeneathRead::Status::not_a_file) {
      return File{Status::not_a_file, {}};
    }
  }
  return read_portably(relative);
}

Result<TreeReader::File> TreeReader::read_portably(std::string_view relative) const {
  TP_TRY_ASSIGN(const fs::path resolved, m_resolver.resolve(relative));
  std::error_code ec;
  auto status = fs::symlink_status(resolved, ec);
  if (ec || !fs::exists(status)) {
    return File{Status::missing, {}};
  }
  if (fs::is_symlink(status)) {
    status = fs::status(resolved, ec); // the resolver has checked where it points
  }
  if (!fs::is_regular_file(status)) {
    return File{Status::not_a_file, {}};
  }
  TP_TRY_ASSIGN(std::string bytes, read_file(resolved));
  return File{Status::ok, std::move(bytes)};
}

FileLock::FileLock(std::unique_ptr<Handle> handle) : m_handle(std::move(handle)) {}
FileLock::~FileLock() = default;

Result<std::unique_ptr<FileLock>> FileLock::acquire(const fs::path& lock_file,
                                                    std::chrono::milliseconds wait) {
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + wait;
  for (;;) {
    auto handle = os::try_lock(lock_file);
    if (!handle) {
      return with_context(handle, "locking " + display_path(lock_file));
    }
    if (*handle) {
      return std::make_unique<FileLock>(std::move(*handle));
    }
    const auto now = Clock::now();
    if (now >= deadline) {
      return fail("another torchpatch is running: " + display_path(lock_file) +
                  " is still locked after waiting " + std::to_string(wait.count()) + " ms");
    }
    std::this_thread::sleep_for(
        std::min<Clock::duration>(std::chrono::milliseconds(50), deadline - now));
  }
}

} // namespace tp::platform
