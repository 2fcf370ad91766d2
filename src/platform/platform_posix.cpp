// POSIX implementation of platform/os.hpp: the only file that calls open, fsync, flock, isatty.
#include "platform/os.hpp"

#include <cerrno>
#include <cstdlib>
#include <string>
#include <system_error>
#include <vector>

#include <fcntl.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__linux__)
#include <linux/openat2.h>
#endif

namespace tp::platform::os {

namespace {

Unexpected<Error> os_failure(const std::string& what, const fs::path& path, int error_number) {
  return fail(what + " " + display_path(path) + ": " +
              std::generic_category().message(error_number));
}

int close_retrying(int fd) {
  // POSIX leaves the descriptor state unspecified after EINTR; Linux closes it regardless, so
  // retrying could close someone else's descriptor. Close once.
  return ::close(fd);
}

} // namespace

namespace {

// Reads the open `fd` to its end into a buffer sized by fstat (one byte more, so that the read
// that finds the end is the second); a file that grows meanwhile is still read whole. Returns the
// errno of a failed read, 0 on success.
int read_to_end(int fd, const struct stat& st, std::string& bytes) {
  const bool sized = S_ISREG(st.st_mode) && st.st_size >= 0;
  bytes.assign(sized ? static_cast<std::size_t>(st.st_size) + 1 : 64 * 1024, '\0');
  std::size_t size = 0;
  for (;;) {
    if (size == bytes.size()) {
      bytes.resize(bytes.size() * 2);
    }
    const ssize_t n = ::read(fd, bytes.data() + size, bytes.size() - size);
    if (n < 0) {
      if (errno == EINTR) {
        continue;
      }
      return errno;
    }
    if (n == 0) {
      break;
    }
    size += static_cast<std::size_t>(n);
  }
  bytes.resize(size);
  return 0;
}

} // namespace

Result<std::string> read_all(const fs::path& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    return os_failure("reading", path, errno);
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    st.st_mode = 0;
  }
  std::string bytes;
  const int error_number = read_to_end(fd, st, bytes);
  close_retrying(fd);
  if (error_number != 0) {
    return os_failure("reading", path, error_number);
  }
  return bytes;
}

NativeFile open_folder_for_beneath(const fs::path& folder) {
#if defined(__linux__) && defined(SYS_openat2)
  return {::open(folder.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC)};
#else
  (void)folder;
  return {};
#endif
}

void close_folder(NativeFile folder) {
  if (folder.value >= 0) {
    close_retrying(static_cast<int>(folder.value));
  }
}

BeneathRead read_beneath(NativeFile folder, std::string_view relative) {
  BeneathRead out;
#if defined(__linux__) && defined(SYS_openat2)
  if (folder.value < 0) {
    return out;
  }
  struct open_how how {};
  // O_NONBLOCK: opening a FIFO must not wait for a writer; fstat below turns it away.
  how.flags = O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK;
  how.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS;
  const std::string path(relative);
  const long fd =
      ::syscall(SYS_openat2, static_cast<int>(folder.value), path.c_str(), &how, sizeof how);
  if (fd < 0) {
    return out; // ENOSYS, EPERM (a seccomp filter), EXDEV, ENOENT, ...: the portable path says
  }
  struct stat st {};
  if (::fstat(static_cast<int>(fd), &st) != 0) {
    close_retrying(static_cast<int>(fd));
    return out;
  }
  if (!S_ISREG(st.st_mode)) {
    close_retrying(static_cast<int>(fd));
    out.status = BeneathRead::Status::not_a_file;
    return out;
  }
  const int error_number = read_to_end(static_cast<int>(fd), st, out.bytes);
  close_retrying(static_cast<int>(fd));
  out.status = error_number == 0 ? BeneathRead::Status::ok : BeneathRead::Status::ask_portable;
  if (error_number != 0) {
    out.bytes.clear();
  }
#else
  (void)folder;
  (void)relative;
#endif
  return out;
}

Result<CreatedTemp> create_temp_beside(const fs::path& target) {
  const fs::path parent = target.has_parent_path() ? target.parent_path() : fs::path(".");
  const std::string pattern =
      (parent / ("." + target.filename().string() + ".torchpatch-XXXXXX")).string();
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  const int fd = ::mkstemp(name.data());
  if (fd < 0) {
    return os_failure("creating a temporary file beside", target, errno);
  }
  ::fcntl(fd, F_SETFD, FD_CLOEXEC);
  return CreatedTemp{NativeFile{fd}, fs::path(name.data())};
}

Result<void> write_all(NativeFile file, std::string_view bytes, const fs::path& path) {
  const int fd = static_cast<int>(file.value);
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0) {
      if (errno == EINTR) {
        continue;
      }
      return os_failure("writing", path, errno);
    }
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return {};
}

Result<void> flush(NativeFile file, const fs::path& path) {
  if (::fsync(static_cast<int>(file.value)) != 0) {
    return os_failure("flushing", path, errno);
  }
  return {};
}

Result<void> close(NativeFile file, const fs::path& path) {
  if (close_retrying(static_cast<int>(file.value)) != 0) {
    return os_failure("closing", path, errno);
  }
  return {};
}

Result<void> replace(const fs::path& from, const fs::path& to) {
  if (::rename(from.c_str(), to.c_str()) != 0) {
    return os_failure("renaming " + display_path(from) + " over", to, errno);
  }
  return {};
}

Result<std::unique_ptr<FileLock::Handle>> try_lock(const fs::path& lock_file) {
  const int fd = ::open(lock_file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) {
    return os_failure("opening lock file", lock_file, errno);
  }
  // flock locks belong to the open file description, so a second acquire in the same process
  // (through another open) contends exactly like another process would.
  while (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    const int error_number = errno;
    if (error_number == EINTR) {
      continue;
    }
    close_retrying(fd);
    if (error_number == EWOULDBLOCK) {
      return std::unique_ptr<FileLock::Handle>();
    }
    return os_failure("locking", lock_file, error_number);
  }
  return std::make_unique<FileLock::Handle>(fd, lock_file);
}

} // namespace tp::platform::os

namespace tp::platform {

FileLock::Handle::~Handle() {
  if (native >= 0) {
    ::flock(static_cast<int>(native), LOCK_UN);
    ::close(static_cast<int>(native));
  }
}

Result<void> sync_directory(const fs::path& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) {
    return fail("opening directory " + display_path(dir) +
                " to flush it: " + std::generic_category().message(errno));
  }
  int result = ::fsync(fd);
  const int error_number = errno;
  ::close(fd);
  // Some file systems cannot fsync a directory; that is no worse than having no such call.
  if (result != 0 && error_number != EINVAL && error_number != ENOTSUP) {
    return fail("flushing directory " + display_path(dir) + ": " +
                std::generic_category().message(error_number));
  }
  return {};
}

void use_binary_standard_streams() {}

void tune_allocator_for_short_run() {
#if defined(__GLIBC__)
  // Grow a heap 8 MB at a time and give memory back only past 64 MB free: the process lives a
  // fraction of a second, and peak RSS stays under issue #16's 64 MB (54 MB on the bench tree).
  mallopt(M_TOP_PAD, 8 << 20);
  mallopt(M_TRIM_THRESHOLD, 64 << 20);
#endif
}

std::vector<std::string> utf8_arguments(int argc, char** argv) {
  return std::vector<std::string>(argv, argv + argc);
}

bool stdout_is_terminal() {
  return ::isatty(STDOUT_FILENO) == 1;
}

std::optional<std::string> environment_variable(const char* name) {
  const char* value = std::getenv(name);
  if (value == nullptr) {
    return std::nullopt;
  }
  return std::string(value);
}

} // namespace tp::platform
