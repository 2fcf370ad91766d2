#pragma once
// The few OS primitives files.cpp builds on. Implemented once in platform_posix.cpp and once in
// platform_win32.cpp; nothing outside src/platform includes this header.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include "base/result.hpp"
#include "platform/files.hpp"

namespace tp::platform::os {

namespace fs = std::filesystem;

// An open native file: a POSIX descriptor or a Win32 HANDLE, stored as an integer.
struct NativeFile {
  std::intptr_t value = -1;
};

// A file newly and exclusively created beside `target`, named `.<name>.torchpatch-XXXXXX`,
// readable and writable by the owner only. The caller owns both the handle and the file.
struct CreatedTemp {
  NativeFile file;
  fs::path path;
};

// The whole file; errors name the path and the OS reason.
Result<std::string> read_all(const fs::path& path);

// A folder held open, for reads relative to it; invalid (value -1) where read_beneath has no
// kernel support or the folder cannot be opened.
NativeFile open_folder_for_beneath(const fs::path& folder);
void close_folder(NativeFile folder);

// Reads `relative` (plain '/'-separated components, no '.', '..' or empty ones) below `folder`,
// the kernel refusing any resolution that would leave it (Linux openat2 with RESOLVE_BENEATH).
// `ask_portable` whenever the answer needs the portable path: no kernel support, a file that is
// not there, or a resolution the kernel refused (leaving the folder, an absolute symlink), so
// that the portable path decides and words the error.
struct BeneathRead {
  enum class Status { ok, not_a_file, ask_portable };
  Status status = Status::ask_portable;
  std::string bytes;
};
BeneathRead read_beneath(NativeFile folder, std::string_view relative);

Result<CreatedTemp> create_temp_beside(const fs::path& target);
Result<void> write_all(NativeFile file, std::string_view bytes, const fs::path& path);
// Flushes the file's data to the device (fsync / FlushFileBuffers).
Result<void> flush(NativeFile file, const fs::path& path);
Result<void> close(NativeFile file, const fs::path& path);
// Renames `from` over `to`, replacing it atomically.
Result<void> replace(const fs::path& from, const fs::path& to);

// Opens (creating) `lock_file` and tries once to lock it exclusively without waiting. Returns a
// null pointer when someone else holds it.
Result<std::unique_ptr<FileLock::Handle>> try_lock(const fs::path& lock_file);

} // namespace tp::platform::os

namespace tp::platform {

// Released (unlocked and closed) by its destructor, defined beside try_lock.
struct FileLock::Handle {
  std::intptr_t native = -1;
  fs::path path;
  Handle(std::intptr_t native_handle, fs::path lock_path)
      : native(native_handle), path(std::move(lock_path)) {}
  ~Handle();
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
};

} // namespace tp::platform
