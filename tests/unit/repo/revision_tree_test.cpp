#include "repo/revision_tree.hpp"

#include <cstdlib>

#include <doctest/doctest.h>

#include "platform/test_dir.hpp"
#include "platform/test_git.hpp"

namespace {

using tp::test::git;

} // namespace

TEST_SUITE("repo::revision_tree") {

  TEST_CASE("ObjectStore::tree: lists and reads a revision's files, submodules included, without a "
            "checkout") {
    TP_TEST_DIR(dir);
    auto sub = dir / "sub", main = dir / "main";
    std::filesystem::create_directories(sub);
    std::filesystem::create_directories(main);
    git(sub, "init -q");
    dir.write("sub/deep/x.h", "sub one\n");
    git(sub, "add -A");
    git(sub, "commit -q -m one");
    git(main, "init -q");
    dir.write("main/a.txt", "one\r\n");
    git(main, "submodule add -q '" + sub.string() + "' ext/sub");
    git(main, "add -A");
    git(main, "commit -q -m one");
    git(main, "tag v1.0.0");
    dir.write("main/a.txt", "two\n");
    git(main, "commit -q -am two");
    // The work tree now differs from v1.0.0; reading v1.0.0 must not look at it.
    dir.write("main/a.txt", "dirty\n");

    auto store = tp::repo::ObjectStore::open(main);
    REQUIRE(store);
    auto info = store->resolve("v1.0.0");
    REQUIRE(info);
    CHECK(info->tags == std::vector<std::string>{"v1.0.0"});
    CHECK(info->commit.size() == 40);
    auto tree = store->tree(info->commit);
    REQUIRE_MESSAGE(tree, (tree ? std::string() : tree.error().message()));
    std::vector<std::string> paths;
    for (const auto& f : tree->files())
      paths.push_back(f.path + (f.repository.empty() ? "" : " @" + f.repository));
    CHECK(paths == std::vector<std::string>{".gitmodules", "a.txt", "ext/sub/deep/x.h @ext/sub"});
    CHECK(tree->missing_submodules().empty());
    auto a = tree->read("a.txt");
    REQUIRE(a);
    CHECK(**a == "one\r\n");
    auto x = tree->read("ext/sub/deep/x.h");
    REQUIRE(x);
    CHECK(**x == "sub one\n");
    auto none = tree->read("nope.txt");
    REQUIRE(none);
    CHECK_FALSE(none->has_value());
    CHECK(dir.read("main/a.txt") == "dirty\n");

    // A filter keeps what it wants; each repository's .gitmodules is kept all the same (it names
    // the submodules), and the submodule is still walked.
    auto headers = store->tree(info->commit, [](std::string_view path) {
      return path.size() > 2 && path.substr(path.size() - 2) == ".h";
    });
    REQUIRE(headers);
    std::vector<std::string> kept;
    for (const auto& f : headers->files())
      kept.push_back(f.path);
    CHECK(kept == std::vector<std::string>{".gitmodules", "ext/sub/deep/x.h"});
    auto filtered_out = headers->read("a.txt");
    REQUIRE(filtered_out);
    CHECK_FALSE(filtered_out->has_value());

    auto nearest = store->nearest_tag("HEAD", "v[0-9]*");
    REQUIRE(nearest);
    CHECK(*nearest == std::optional<std::string>("v1.0.0"));
    CHECK_FALSE(store->resolve("no-such-rev"));
  }

} // TEST_SUITE
