// Win32 implementation of platform/os.hpp: the only file that calls CreateFileW, FlushFileBuffers,
// MoveFileExW, LockFileEx and _isatty. Paths go to the wide-character APIs (fs::path::c_str() is
// wchar_t here), so non-ASCII checkouts work regardless of the ANSI code page.
#include "platform/os.hpp"

#include <algorithm>
#include <cstdio>
#include <random>
#include <string>
#include <system_error>
#include <vector>

#ifndef NOMINMAX
#define NOMINMAX
#endif
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>

#include <fcntl.h>
#include <io.h>
#include <shellapi.h>

namespace tp::platform::os {

namespace {

Unexpected<Error> os_failure(const std::string& what, const fs::path& path, DWORD error_number) {
  return fail(what + " " + display_path(path) + ": " +
              std::system_category().message(static_cast<int>(error_number)));
}

HANDLE to_handle(NativeFile file) {
  return reinterpret_cast<HANDLE>(file.value);
}

std::wstring random_suffix() {
  static const wchar_t k_alphabet[] =
      L"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  static thread_local std::mt19937 generator{std::random_device{}()};
  std::uniform_int_distribution<int> pick(0, static_cast<int>(std::size(k_alphabet)) - 2);
  std::wstring suffix;
  for (int i = 0; i < 6; ++i) {
    suffix += k_alphabet[pick(generator)];
  }
  return suffix;
}

} // namespace

Result<std::string> read_all(const fs::path& path) {
  HANDLE h = ::CreateFileW(path.c_str(), GENERIC_READ,
                           FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                           OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr);
  if (h == INVALID_HANDLE_VALUE) {
    return os_failure("reading", path, ::GetLastError());
  }
  std::string bytes;
  std::vector<char> buffer(64 * 1024);
  for (;;) {
    DWORD n = 0;
    if (!::ReadFile(h, buffer.data(), static_cast<DWORD>(buffer.size()), &n, nullptr)) {
      const DWORD error_number = ::GetLastError();
      ::CloseHandle(h);
      return os_failure("reading", path, error_number);
    }
    if (n == 0) {
      break;
    }
    bytes.append(buffer.data(), n);
  }
  ::CloseHandle(h);
  return bytes;
}

// No kernel-checked resolution here: every read takes the portable path (InsideResolver).
NativeFile open_folder_for_beneath(const fs::path&) {
  return {};
}
void close_folder(NativeFile) {}
BeneathRead read_beneath(NativeFile, std::string_view) {
  return {};
}

Result<CreatedTemp> create_temp_beside(const fs::path& target) {
  const fs::path parent = target.has_parent_path() ? target.parent_path() : fs::path(L".");
  DWORD last_error = ERROR_FILE_EXISTS;
  for (int attempt = 0; attempt < 100; ++attempt) {
    const fs::path candidate =
        parent / (L"." + target.filename().wstring() + L".torchpatch-" + random_suffix());
    HANDLE h = ::CreateFileW(candidate.c_str(), GENERIC_WRITE, 0, nullptr, CREATE_NEW,
                             FILE_ATTRIBUTE_NORMAL, nullptr);
    if (h != INVALID_HANDLE_VALUE) {
      return CreatedTemp{NativeFile{reinterpret_cast<std::intptr_t>(h)}, candidate};
    }
    last_error = ::GetLastError();
    if (last_error != ERROR_FILE_EXISTS && last_error != ERROR_ALREADY_EXISTS) {
      break;
    }
  }
  return os_failure("creating a temporary file beside", target, last_error);
}

Result<void> write_all(NativeFile file, std::string_view bytes, const fs::path& path) {
  while (!bytes.empty()) {
    const DWORD chunk = static_cast<DWORD>(std::min<std::size_t>(bytes.size(), 1u << 30));
    DWORD written = 0;
    if (!::WriteFile(to_handle(file), bytes.data(), chunk, &written, nullptr)) {
      return os_failure("writing", path, ::GetLastError());
    }
    bytes.remove_prefix(written);
  }
  return {};
}

Result<void> flush(NativeFile file, const fs::path& path) {
  if (!::FlushFileBuffers(to_handle(file))) {
    return os_failure("flushing", path, ::GetLastError());
  }
  return {};
}

Result<void> close(NativeFile file, const fs::path& path) {
  if (!::CloseHandle(to_handle(file))) {
    return os_failure("closing", path, ::GetLastError());
  }
  return {};
}

Result<void> replace(const fs::path& from, const fs::path& to) {
  // Windows refuses to rename over a read-only file (ERROR_ACCESS_DENIED), where POSIX renames
  // over it as over any other: the attribute is lifted for the rename (the temporary already
  // carries the target's mode, read-only included) and put back if the rename fails.
  const DWORD attributes = ::GetFileAttributesW(to.c_str());
  const bool read_only =
      attributes != INVALID_FILE_ATTRIBUTES && (attributes & FILE_ATTRIBUTE_READONLY) != 0;
  if (read_only && !::SetFileAttributesW(to.c_str(), attributes & ~FILE_ATTRIBUTE_READONLY)) {
    return os_failure("making writable", to, ::GetLastError());
  }
  // WRITE_THROUGH returns only once the rename is on disk, which is what sync_directory gives
  // on POSIX.
  if (!::MoveFileExW(from.c_str(), to.c_str(),
                     MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH)) {
    const DWORD error_number = ::GetLastError();
    if (read_only) {
      ::SetFileAttributesW(to.c_str(), attributes);
    }
    return os_failure("renaming " + display_path(from) + " over", to, error_number);
  }
  return {};
}

Result<std::unique_ptr<FileLock::Handle>> try_lock(const fs::path& lock_file) {
  HANDLE h = ::CreateFileW(lock_file.c_str(), GENERIC_READ | GENERIC_WRITE,
                           FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                           OPEN_ALWAYS, FILE_ATTRIBUTE_NORMAL, nullptr);
  if (h == INVALID_HANDLE_VALUE) {
    return os_failure("opening lock file", lock_file, ::GetLastError());
  }
  OVERLAPPED overlapped{};
  if (!::LockFileEx(h, LOCKFILE_EXCLUSIVE_LOCK | LOCKFILE_FAIL_IMMEDIATELY, 0, MAXDWORD, MAXDWORD,
                    &overlapped)) {
    const DWORD error_number = ::GetLastError();
    ::CloseHandle(h);
    if (error_number == ERROR_LOCK_VIOLATION || error_number == ERROR_IO_PENDING) {
      return std::unique_ptr<FileLock::Handle>();
    }
    return os_failure("locking", lock_file, error_number);
  }
  return std::make_unique<FileLock::Handle>(reinterpret_cast<std::intptr_t>(h), lock_file);
}

} // namespace tp::platform::os

namespace tp::platform {

namespace {

std::string utf8(std::wstring_view wide) {
  if (wide.empty()) {
    return {};
  }
  const int size = ::WideCharToMultiByte(CP_UTF8, 0, wide.data(), static_cast<int>(wide.size()),
                                         nullptr, 0, nullptr, nullptr);
  std::string bytes(static_cast<std::size_t>(size), '\0');
  ::WideCharToMultiByte(CP_UTF8, 0, wide.data(), static_cast<int>(wide.size()), bytes.data(), size,
                        nullptr, nullptr);
  return bytes;
}

} // namespace

FileLock::Handle::~Handle() {
  HANDLE h = reinterpret_cast<HANDLE>(native);
  if (h != INVALID_HANDLE_VALUE && h != nullptr) {
    OVERLAPPED overlapped{};
    ::UnlockFileEx(h, 0, MAXDWORD, MAXDWORD, &overlapped);
    ::CloseHandle(h);
  }
}

// Directories cannot be flushed through the Win32 API; MoveFileExW's WRITE_THROUGH already made
// the rename durable.
Result<void> sync_directory(const fs::path&) {
  return {};
}

void tune_allocator_for_short_run() {}

void use_binary_standard_streams() {
  std::fflush(stdout);
  std::fflush(stderr);
  ::_setmode(::_fileno(stdout), _O_BINARY);
  ::_setmode(::_fileno(stderr), _O_BINARY);
}

std::vector<std::string> utf8_arguments(int argc, char** argv) {
  int count = 0;
  wchar_t** wide = ::CommandLineToArgvW(::GetCommandLineW(), &count);
  if (wide == nullptr) {
    return std::vector<std::string>(argv, argv + argc);
  }
  std::vector<std::string> arguments;
  for (int i = 0; i < count; ++i) {
    arguments.push_back(utf8(wide[i]));
  }
  ::LocalFree(wide);
  return arguments;
}

bool stdout_is_terminal() {
  return ::_isatty(::_fileno(stdout)) != 0;
}

std::optional<std::string> environment_variable(const char* name) {
  // The environment is UTF-16 on Windows; the CRT's narrow getenv/_dupenv_s answer in the ANSI
  // code page (and mingw-w64's msvcrt.dll import library has no _dupenv_s at all).
  const std::wstring wide_name(name, name + std::char_traits<char>::length(name));
  std::wstring value(64, L'\0');
  for (;;) {
    ::SetLastError(ERROR_SUCCESS);
    const DWORD length = ::GetEnvironmentVariableW(wide_name.c_str(), value.data(),
                                                   static_cast<DWORD>(value.size()));
    if (length == 0 && ::GetLastError() == ERROR_ENVVAR_NOT_FOUND) {
      return std::nullopt;
    }
    if (length < value.size()) {
      value.resize(length);
      break;
    }
    value.resize(length); // too small: `length` counts the terminating NUL
  }
  return utf8(value);
}

} // namespace tp::platform
