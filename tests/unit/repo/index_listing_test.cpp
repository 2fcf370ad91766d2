// Repository::list_index reads the submodules .gitmodules names on a second thread while the
// superproject's index is parsed. These cases pin that the superproject's gitlinks alone decide
// what is listed, in index order, exactly as one sequential walk would.
#include "repo/repository.hpp"

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include <doctest/doctest.h>

#include "platform/test_dir.hpp"
#include "platform/test_git.hpp"

namespace {

namespace fs = std::filesystem;
using tp::test::git;

// A repository at `dir` with `files` (path -> bytes) committed.
void make_repository(const tp::test::TestDir& root, const std::string& dir,
                     const std::vector<std::pair<std::string, std::string>>& files) {
  fs::create_directories(root / dir);
  git(root / dir, "init -q");
  for (const auto& [path, bytes] : files)
    root.write(dir + "/" + path, bytes);
  git(root / dir, "add -A");
  git(root / dir, "commit -q -m one");
}

} // namespace

TEST_SUITE("repo::list_index") {

  TEST_CASE("submodules: nested, uninitialised, missing from .gitmodules, and .gitmodules paths "
            "that are no gitlink") {
    TP_TEST_DIR(dir);
    make_repository(dir, "inner", {{"inner.h", "inner\n"}});
    make_repository(dir, "sub1", {{"s1.c", "one\n"}});
    git(dir / "sub1", "submodule add -q '" + (dir / "inner").string() + "' deps/inner");
    git(dir / "sub1", "commit -q -m inner");
    make_repository(dir, "sub2", {{"s2.c", "two\n"}});
    make_repository(dir, "sub3", {{"s3.c", "three\n"}});
    make_repository(dir, "main", {{"a.txt", "a\n"}, {"z/b.txt", "b\n"}});
    const fs::path main = dir / "main";
    for (const char* name : {"sub1", "sub2", "sub3"})
      git(main, "submodule add -q '" + (dir / name).string() + "' third_party/" + name);
    git(main, "submodule update -q --init --recursive");
    git(main, "commit -q -m submodules");
    // sub2: a gitlink whose work tree is empty.
    git(main, "submodule deinit -q -f third_party/sub2");
    // sub3: checked out, but .gitmodules no longer names it; it is read on the main walk.
    git(main, "config -f .gitmodules --remove-section submodule.third_party/sub3");
    // ghost: .gitmodules names it and a repository is there, but the index has no gitlink for it;
    // ../outside: a path that leaves the work tree is never opened.
    make_repository(dir, "main/ghost", {{"ghost.c", "boo\n"}});
    git(main, "config -f .gitmodules submodule.ghost.path ghost");
    git(main, "config -f .gitmodules submodule.outside.path ../outside");
    make_repository(dir, "outside", {{"out.c", "out\n"}});
    dir.write("main/.git/info/exclude", "ghost/\n");
    git(main, "commit -q -am gitmodules");

    auto repository = tp::repo::Repository::discover(main);
    REQUIRE(repository);
    auto listing = repository->list_index();
    REQUIRE_MESSAGE(listing, (listing ? std::string() : listing.error().message()));
    CHECK(listing->files ==
          std::vector<std::string>{".gitmodules", "a.txt", "third_party/sub1/.gitmodules",
                                   "third_party/sub1/deps/inner/inner.h", "third_party/sub1/s1.c",
                                   "third_party/sub3/s3.c", "z/b.txt"});
    std::vector<std::pair<std::string, bool>> submodules;
    for (const auto& s : listing->submodules)
      submodules.emplace_back(s.path, s.initialised);
    CHECK(submodules ==
          std::vector<std::pair<std::string, bool>>{{"third_party/sub1", true},
                                                    {"third_party/sub1/deps/inner", true},
                                                    {"third_party/sub2", false},
                                                    {"third_party/sub3", true}});

    // A filter keeps files, in submodules read ahead or on the main walk alike; gitlinks are all
    // still reported.
    auto c_files = repository->list_index([](std::string_view path) {
      return path.size() > 2 && path.substr(path.size() - 2) == ".c";
    });
    REQUIRE(c_files);
    CHECK(c_files->files ==
          std::vector<std::string>{"third_party/sub1/s1.c", "third_party/sub3/s3.c"});
    CHECK(c_files->submodules.size() == 4);
  }

  TEST_CASE("a .gitmodules that cannot be parsed changes nothing: the index decides") {
    TP_TEST_DIR(dir);
    make_repository(dir, "sub", {{"s.c", "s\n"}});
    make_repository(dir, "main", {{"a.txt", "a\n"}});
    git(dir / "main", "submodule add -q '" + (dir / "sub").string() + "' ext/sub");
    git(dir / "main", "commit -q -m sub");
    dir.write("main/.gitmodules", "[submodule \"broken\n\tpath = = =\n");

    auto repository = tp::repo::Repository::discover(dir / "main");
    REQUIRE(repository);
    auto listing = repository->list_index();
    REQUIRE_MESSAGE(listing, (listing ? std::string() : listing.error().message()));
    CHECK(listing->files == std::vector<std::string>{".gitmodules", "a.txt", "ext/sub/s.c"});
    REQUIRE(listing->submodules.size() == 1);
    CHECK(listing->submodules[0].path == "ext/sub");
    CHECK(listing->submodules[0].initialised);
  }

} // TEST_SUITE
