// Repository::is_committed tells a fix upstream committed from the same text written since:
// the bytes read from the work tree against HEAD's blob of the repository that holds the file.
#include "repo/repository.hpp"

#include <filesystem>
#include <string>

#include <doctest/doctest.h>

#include "platform/test_dir.hpp"
#include "platform/test_git.hpp"

namespace {

namespace fs = std::filesystem;
using tp::test::git;

// Makes `dir` a repository (once) and commits everything in it.
void commit_all(const fs::path& dir, const char* message) {
  if (!fs::exists(dir / ".git"))
    git(dir, "init -q");
  git(dir, "add -A");
  git(dir, std::string("commit -q -m ") + message);
}

} // namespace

TEST_SUITE("repo::is_committed") {

  TEST_CASE(
      "HEAD's blob, byte for byte or with CRLF line ends, is committed; anything else is not") {
    TP_TEST_DIR(dir);
    dir.write("repo/a.h", "int a;\nint b;\n");
    dir.write("repo/crlf.h", "kept\r\nas is\r\n");
    commit_all(dir / "repo", "one");
    dir.write("repo/staged.h", "staged\n");
    git(dir / "repo", "add staged.h");

    auto repository = tp::repo::Repository::discover(dir / "repo");
    REQUIRE(repository);
    CHECK(repository->is_committed("a.h", "", "int a;\nint b;\n"));
    CHECK(repository->is_committed("a.h", "", "int a;\r\nint b;\r\n")); // core.autocrlf checkout
    CHECK(repository->is_committed("a.h", "", "int a;\r\nint b;\n"));
    CHECK_FALSE(repository->is_committed("a.h", "", "int a;\nint c;\n"));
    CHECK_FALSE(repository->is_committed("a.h", "", "int a;\nint b;\n\n"));
    CHECK_FALSE(repository->is_committed("a.h", "", "int a;\nint b;"));
    CHECK_FALSE(repository->is_committed("a.h", "", "int a;\rint b;\n"));
    // A blob committed with CRLF is not the same text with LF.
    CHECK(repository->is_committed("crlf.h", "", "kept\r\nas is\r\n"));
    CHECK_FALSE(repository->is_committed("crlf.h", "", "kept\nas is\n"));
    // In the index only, or nowhere: not committed.
    CHECK_FALSE(repository->is_committed("staged.h", "", "staged\n"));
    CHECK_FALSE(repository->is_committed("untracked.h", "", ""));
    CHECK_FALSE(repository->is_committed(".", "", ""));
  }

  TEST_CASE("a file in a submodule is judged by the submodule's HEAD, named as its holder") {
    TP_TEST_DIR(dir);
    dir.write("sub/s.c", "sub one\n");
    commit_all(dir / "sub", "one");
    dir.write("main/m.c", "main\n");
    commit_all(dir / "main", "one");
    git(dir / "main", "submodule add -q '" + (dir / "sub").string() + "' third_party/sub");
    git(dir / "main", "commit -q -m sub");
    // The submodule's work tree moves on without the superproject recording it.
    dir.write("main/third_party/sub/s.c", "sub two\n");
    git(dir / "main/third_party/sub", "commit -q -am two");

    auto repository = tp::repo::Repository::discover(dir / "main");
    REQUIRE(repository);
    CHECK(repository->is_committed("third_party/sub/s.c", "third_party/sub", "sub two\n"));
    CHECK_FALSE(repository->is_committed("third_party/sub/s.c", "third_party/sub", "sub one\n"));
    // The superproject holds no blob there, and a holder that does not hold the path holds nothing.
    CHECK_FALSE(repository->is_committed("third_party/sub/s.c", "", "sub two\n"));
    CHECK_FALSE(repository->is_committed("m.c", "third_party/sub", "main\n"));
    CHECK_FALSE(repository->is_committed("third_party/subx/s.c", "third_party/sub", "sub two\n"));
    CHECK(repository->is_committed("m.c", "", "main\n"));
  }
}
