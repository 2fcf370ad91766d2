#include "platform/files.hpp"

#include <chrono>
#include <string>

#ifndef _WIN32
#include <sys/stat.h>
#endif

#include <doctest/doctest.h>

#include "platform/test_dir.hpp"

namespace fs = std::filesystem;
using tp::platform::Durability;
using tp::platform::FileLock;
using tp::platform::read_file;
using tp::platform::resolve_inside;
using tp::platform::write_file_atomic;

namespace {

// Names in `dir` that look like our temporaries.
int count_temporaries(const fs::path& dir) {
  int count = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().filename().string().find(".torchpatch-") != std::string::npos) {
      ++count;
    }
  }
  return count;
}

} // namespace

TEST_SUITE("platform::files") {

  TEST_CASE("read_file: returns every byte, NUL and CRLF included") {
    TP_TEST_DIR(dir);
    using namespace std::string_literals;
    const std::string bytes = "\xEF\xBB\xBF"
                              "a\r\nb\0c\n"s;
    REQUIRE(bytes.size() == 10);
    dir.write("f.bin", bytes);
    auto read = read_file(dir / "f.bin");
    REQUIRE(read);
    CHECK(*read == bytes);
  }

  TEST_CASE("read_file: a missing file is an error naming the path") {
    TP_TEST_DIR(dir);
    auto read = read_file(dir / "missing.txt");
    REQUIRE_FALSE(read);
    CHECK(read.error().message().find("missing.txt") != std::string::npos);
#ifdef _WIN32
    // FormatMessage's text for ERROR_FILE_NOT_FOUND: Windows says "The system cannot find the file
    // specified.", Wine "File not found.".
    const std::string& message = read.error().message();
    CHECK((message.find("cannot find the file") != std::string::npos ||
           message.find("File not found") != std::string::npos));
#else
    CHECK(read.error().message().find("No such file") != std::string::npos);
#endif
  }

  TEST_CASE("write_file_atomic: replaces the content and leaves no temporary") {
    TP_TEST_DIR(dir);
    dir.write("a.txt", "old\n");
    SUBCASE("flushed") {
      REQUIRE(write_file_atomic(dir / "a.txt", "new\r\n", Durability::flush));
    }
    SUBCASE("not flushed") {
      REQUIRE(write_file_atomic(dir / "a.txt", "new\r\n", Durability::no_flush));
    }
    CHECK(dir.read("a.txt") == "new\r\n");
    CHECK(count_temporaries(dir.path()) == 0);
  }

  TEST_CASE("write_file_atomic: creates a missing file") {
    TP_TEST_DIR(dir);
    REQUIRE(write_file_atomic(dir / "new.txt", "x"));
    CHECK(dir.read("new.txt") == "x");
  }

#ifndef _WIN32
  TEST_CASE("write_file_atomic: keeps the executable bit") {
    TP_TEST_DIR(dir);
    dir.write("run.sh", "#!/bin/sh\n");
    fs::permissions(dir / "run.sh", fs::perms(0755), fs::perm_options::replace);
    REQUIRE(write_file_atomic(dir / "run.sh", "#!/bin/sh\necho hi\n"));
    CHECK(fs::status(dir / "run.sh").permissions() == fs::perms(0755));
  }

  TEST_CASE("write_file_atomic: writes through a symlink and keeps the link") {
    TP_TEST_DIR(dir);
    dir.write("real.txt", "old");
    fs::create_symlink("real.txt", dir / "link.txt");
    REQUIRE(write_file_atomic(dir / "link.txt", "new"));
    CHECK(fs::is_symlink(fs::symlink_status(dir / "link.txt")));
    CHECK(dir.read("real.txt") == "new");
  }
#endif

  TEST_CASE("write_file_atomic: on failure the target is untouched and no temporary is left") {
    TP_TEST_DIR(dir);
    fs::create_directory(dir / "target");
    dir.write("target/inside.txt", "keep");
    auto written = write_file_atomic(dir / "target", "bytes");
    REQUIRE_FALSE(written);
    CHECK(written.error().message().find("target") != std::string::npos);
    CHECK(fs::is_directory(dir / "target"));
    CHECK(dir.read("target/inside.txt") == "keep");
    CHECK(count_temporaries(dir.path()) == 0);
  }

  TEST_CASE("write_file_atomic: a missing parent folder is an error, not a crash") {
    TP_TEST_DIR(dir);
    auto written = write_file_atomic(dir / "no/such/dir/f.txt", "bytes");
    REQUIRE_FALSE(written);
    CHECK(written.error().message().find("f.txt") != std::string::npos);
  }

  // resolve_inside and InsideResolver answer alike: every case runs three ways, the one-off
  // function, a fresh resolver, and one resolver asked twice (the second answer is the one checked,
  // so the folders it remembered are in play).
  class Resolvers {
  public:
    explicit Resolvers(fs::path root) : m_root(root), m_shared(std::move(root)) {}
    static constexpr int k_ways = 3;
    tp::Result<fs::path> resolve(int way, std::string_view relative) {
      switch (way) {
      case 0:
        return resolve_inside(m_root, relative);
      case 1:
        return tp::platform::InsideResolver(m_root).resolve(relative);
      default:
        (void)m_shared.resolve(relative);
        return m_shared.resolve(relative);
      }
    }

  private:
    fs::path m_root;
    tp::platform::InsideResolver m_shared;
  };

  TEST_CASE("resolve_inside: accepts normal paths and backslash separators") {
    TP_TEST_DIR(dir);
    dir.write("third_party/fmt/CMakeLists.txt", "x");
    Resolvers resolvers(dir.path());
    for (int way = 0; way < Resolvers::k_ways; ++way) {
      CAPTURE(way);
      auto forward = resolvers.resolve(way, "third_party/fmt/CMakeLists.txt");
      REQUIRE(forward);
      CHECK(*forward == dir / "third_party/fmt/CMakeLists.txt");
      auto backslash = resolvers.resolve(way, "third_party\\fmt\\CMakeLists.txt");
      REQUIRE(backslash);
      CHECK(*backslash == *forward);
      auto not_yet = resolvers.resolve(way, "new/dir/file.h");
      REQUIRE(not_yet);
      CHECK(*not_yet == dir / "new/dir/file.h");
      auto inner_dots = resolvers.resolve(way, "a/./b/../c.txt");
      REQUIRE(inner_dots);
      CHECK(*inner_dots == dir / "a/c.txt");
    }
  }

  TEST_CASE("resolve_inside: refuses paths that leave the root, naming the path and why") {
    TP_TEST_DIR(dir);
    struct Case {
      const char* path;
      const char* why;
    };
    const Case cases[] = {
        {"../outside.txt", "'..' climbs out"},
        {"a/../../outside.txt", "'..' climbs out"},
        {"..\\outside.txt", "'..' climbs out"},
        {"/etc/passwd", "absolute path"},
        {"\\etc\\passwd", "absolute path"},
        {"C:\\x", "drive-letter"},
        {"C:x", "drive-letter"},
        {"c:/x", "drive-letter"},
        {"\\\\srv\\x", "UNC"},
        {"//srv/x", "UNC"},
        {"a/b:stream", "contains ':'"},
        {"", "empty"},
        {"a/..", "checkout root itself"},
    };
    Resolvers resolvers(dir.path());
    for (int way = 0; way < Resolvers::k_ways; ++way) {
      for (const Case& c : cases) {
        CAPTURE(way);
        CAPTURE(c.path);
        auto resolved = resolvers.resolve(way, c.path);
        REQUIRE_FALSE(resolved);
        CHECK(resolved.error().message().find("refusing path '" + std::string(c.path) + "'") !=
              std::string::npos);
        CHECK(resolved.error().message().find(c.why) != std::string::npos);
      }
    }
  }

#ifndef _WIN32
  TEST_CASE("resolve_inside: refuses a symlink pointing outside the root") {
    TP_TEST_DIR(dir);
    fs::create_directories(dir / "root/sub");
    fs::create_directories(dir / "outside");
    fs::create_directory_symlink(dir / "outside", dir / "root/escape");
    fs::create_directory_symlink("../../outside", dir / "root/sub/relative-escape");
    fs::create_symlink(dir / "outside/nothing-here", dir / "root/dangling");
    fs::create_directory_symlink("sub", dir / "root/inside-link");

    Resolvers resolvers(dir / "root");
    for (int way = 0; way < Resolvers::k_ways; ++way) {
      CAPTURE(way);
      // "sub" is a plain folder: a resolver remembers it, and must still look at what is below it.
      CHECK(resolvers.resolve(way, "sub/file.txt"));
      for (const char* path : {"escape/file.txt", "sub/relative-escape/file.txt", "dangling"}) {
        CAPTURE(path);
        auto resolved = resolvers.resolve(way, path);
        REQUIRE_FALSE(resolved);
        CHECK(resolved.error().message().find("points outside") != std::string::npos);
      }
      CHECK(resolvers.resolve(way, "inside-link/file.txt"));
    }
  }
#endif

  TEST_CASE("FileLock: a second acquire fails after the wait, then succeeds once released") {
    TP_TEST_DIR(dir);
    const fs::path lock_file = dir / "lock";
    auto first = FileLock::acquire(lock_file, std::chrono::milliseconds(0));
    REQUIRE(first);

    const auto start = std::chrono::steady_clock::now();
    auto second = FileLock::acquire(lock_file, std::chrono::milliseconds(200));
    const auto waited = std::chrono::steady_clock::now() - start;
    REQUIRE_FALSE(second);
    CHECK(waited >= std::chrono::milliseconds(200));
    CHECK(second.error().message().find("another torchpatch is running") != std::string::npos);
    CHECK(second.error().message().find(tp::platform::display_path(lock_file)) !=
          std::string::npos);

    first->reset();
    auto third = FileLock::acquire(lock_file, std::chrono::milliseconds(0));
    CHECK(third);
  }

} // TEST_SUITE

TEST_SUITE("platform::TreeReader") {

  TEST_CASE("TreeReader: reads files below the root; missing, folders and the rest are said so") {
    TP_TEST_DIR(dir);
    dir.write("root/a/b/c.txt", std::string("one\r\ntwo\0three", 14));
    dir.write("root/empty.txt", "");
    fs::create_directories(dir / "root/folder");
    tp::platform::TreeReader reader(dir / "root");

    auto c = reader.read("a/b/c.txt");
    REQUIRE(c);
    CHECK(c->status == tp::platform::TreeReader::Status::ok);
    CHECK(c->bytes == std::string("one\r\ntwo\0three", 14));
    auto empty = reader.read("empty.txt");
    REQUIRE(empty);
    CHECK(empty->status == tp::platform::TreeReader::Status::ok);
    CHECK(empty->bytes.empty());
    auto backslash = reader.read("a\\b\\c.txt");
    REQUIRE(backslash);
    CHECK(backslash->bytes == c->bytes);
    auto missing = reader.read("a/none.txt");
    REQUIRE(missing);
    CHECK(missing->status == tp::platform::TreeReader::Status::missing);
    auto folder = reader.read("folder");
    REQUIRE(folder);
    CHECK(folder->status == tp::platform::TreeReader::Status::not_a_file);
    auto climbing = reader.read("a/../../outside.txt");
    REQUIRE_FALSE(climbing);
    CHECK(climbing.error().message().find("'..' climbs out") != std::string::npos);
  }

#ifndef _WIN32
  TEST_CASE("TreeReader: symlinks are followed only while they stay inside the root") {
    TP_TEST_DIR(dir);
    dir.write("root/real/file.txt", "inside\n");
    dir.write("outside/secret.txt", "secret\n");
    fs::create_symlink("real/file.txt", dir / "root/relative-link");
    fs::create_symlink(dir / "root/real/file.txt", dir / "root/absolute-link"); // inside, absolute
    fs::create_directory_symlink("real", dir / "root/folder-link");
    fs::create_symlink(dir / "outside/secret.txt", dir / "root/escape");
    fs::create_directory_symlink("../outside", dir / "root/escape-folder");
    tp::platform::TreeReader reader(dir / "root");

    for (const char* path : {"relative-link", "absolute-link", "folder-link/file.txt"}) {
      CAPTURE(path);
      auto read = reader.read(path);
      REQUIRE(read);
      CHECK(read->status == tp::platform::TreeReader::Status::ok);
      CHECK(read->bytes == "inside\n");
    }
    for (const char* path : {"escape", "escape-folder/secret.txt"}) {
      CAPTURE(path);
      auto read = reader.read(path);
      REQUIRE_FALSE(read);
      CHECK(read.error().message().find("points outside") != std::string::npos);
    }
  }

  TEST_CASE("TreeReader: a FIFO is not a file, and reading it does not wait for a writer") {
    TP_TEST_DIR(dir);
    fs::create_directories(dir / "root");
    REQUIRE(::mkfifo((dir / "root/pipe").c_str(), 0600) == 0);
    tp::platform::TreeReader reader(dir / "root");
    auto read = reader.read("pipe");
    REQUIRE(read);
    CHECK(read->status == tp::platform::TreeReader::Status::not_a_file);
  }
#endif

} // TEST_SUITE
