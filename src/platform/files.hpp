#pragma once
// The one OS interface: reading and atomically replacing files, file modes, staying inside the
// checkout root, and an exclusive lock. Portable parts live in files.cpp; the POSIX and Win32
// specifics in platform_posix.cpp / platform_win32.cpp behind the functions declared here.
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "base/result.hpp"

namespace tp::platform {

namespace fs = std::filesystem;

// `path` as UTF-8 with '/' separators, for messages (never throws, unlike path::string() on
// Windows).
std::string display_path(const fs::path& path);

// A UTF-8 string (an argument, a path from libgit2 or a journal) as a path, and a path as UTF-8
// with its native separators. Windows' own narrow-string conversions are not UTF-8 (MSVC uses the
// ANSI code page; mingw-w64's libstdc++ reads bytes as Latin-1 and writes UTF-8), so a non-ASCII
// path survives only through these.
fs::path path_from_utf8(std::string_view utf8);
std::string path_to_utf8(const fs::path& path);

// The whole file as bytes. Errors name the path and the OS reason.
Result<std::string> read_file(const fs::path& path);

enum class Durability { flush, no_flush };

// Replaces `target` with `bytes` atomically: writes a temporary file beside it, flushes it to
// disk (Durability::flush), gives it the target's permissions (when the target exists), and
// renames it over the target. On failure the target is untouched and the temporary removed.
// A new target gets mode 0644 (rw-r--r--). A symlinked target is written through: the file the
// link points to is replaced and the link kept. The temporary is `.<name>.torchpatch-XXXXXX`.
Result<void> write_file_atomic(const fs::path& target, std::string_view bytes,
                               Durability durability = Durability::flush);

// Removes the temporaries (`.<name>.torchpatch-XXXXXX`) write_file_atomic leaves beside `target`
// (or beside the file a symlinked `target` points to) when its process is killed between creating
// one and renaming it. Call only while holding the writers' lock, so that no live writer owns one.
// Errors are ignored: leftover litter is not a reason to fail.
void remove_stale_temporaries(const fs::path& target);

// Flushes a directory entry (so a rename survives power loss); a no-op where unsupported.
Result<void> sync_directory(const fs::path& dir);

// Resolves `relative` (a '/'-separated path from a patchset or journal, or user input with '\\')
// against `root` and refuses anything that would leave it: an absolute path, a drive letter or
// UNC prefix, a `..` component that climbs out, or an existing symlink (at any component) whose
// target lies outside `root`. The file itself need not exist. Returns the path to use.
Result<fs::path> resolve_inside(const fs::path& root, std::string_view relative);

// resolve_inside for many paths under one root (a plan reads a thousand files or more): the
// folders on the way that were seen to be plain folders, not symlinks, are remembered and not
// asked about again. Thread-safe. Meant for reading; a write resolves afresh.
class InsideResolver {
public:
  explicit InsideResolver(fs::path root);
  Result<fs::path> resolve(std::string_view relative) const;

private:
  fs::path m_root;
  mutable std::mutex m_mutex;
  mutable std::unordered_set<std::string> m_plain_folders; // '/'-joined, from the root
};

// Reads the files of one tree for a plan, never from outside its root. On Linux the kernel does
// the containment in the open itself (openat2 with RESOLVE_BENEATH: one system call instead of
// an lstat per folder, and no window between the check and the open); anything it refuses or
// cannot do, and every other platform, goes through InsideResolver. Thread-safe.
class TreeReader {
public:
  enum class Status { ok, missing, not_a_file };
  struct File {
    Status status = Status::ok;
    std::string bytes;
  };

  explicit TreeReader(fs::path root);
  ~TreeReader();
  TreeReader(const TreeReader&) = delete;
  TreeReader& operator=(const TreeReader&) = delete;

  // `relative` as for resolve_inside. An error for a path that leaves the root (the same words
  // as resolve_inside's) or a file that cannot be read.
  Result<File> read(std::string_view relative) const;

private:
  Result<File> read_portably(std::string_view relative) const;
  fs::path m_root;
  InsideResolver m_resolver;
  std::intptr_t m_root_folder = -1; // an os::NativeFile; -1 without kernel support
};

// An exclusive advisory lock on `lock_file` (created if needed), held until destruction. Waits up
// to `wait` for another holder, then fails with a message that names the holder's lock file.
class FileLock {
public:
  static Result<std::unique_ptr<FileLock>> acquire(const fs::path& lock_file,
                                                   std::chrono::milliseconds wait);
  ~FileLock();
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;

  struct Handle;
  explicit FileLock(std::unique_ptr<Handle> handle);

private:
  std::unique_ptr<Handle> m_handle;
};

// Makes standard output and standard error write exactly the bytes given. The Windows C runtime
// otherwise writes "\r\n" for every '\n' (text mode), so a diff redirected to a file would no
// longer apply to LF files. A no-op elsewhere.
void use_binary_standard_streams();

// Tells the memory allocator how a short run with a few worker threads uses it. glibc's
// defaults grow and trim each thread's heap a few pages at a time, and a run over thousands of
// files then spends about a tenth of its time in mprotect and page faults (bench/README.md).
// A no-op elsewhere.
void tune_allocator_for_short_run();

// The program's arguments as UTF-8. On Windows they are read from the UTF-16 command line
// (argv holds them in the ANSI code page, which cannot spell most non-ASCII paths); elsewhere
// they are argv as given.
std::vector<std::string> utf8_arguments(int argc, char** argv);

// True when standard output is a terminal (for color and progress lines).
bool stdout_is_terminal();

// The value of environment variable `name`, or std::nullopt when it is not set.
std::optional<std::string> environment_variable(const char* name);

} // namespace tp::platform
