#include "engine/tree_source.hpp"

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include <doctest/doctest.h>

#include "platform/test_dir.hpp"
#include "platform/test_git.hpp"

using tp::test::git;

TEST_SUITE("engine::tree_source") {

  TEST_CASE(
      "ListingPrefetch: the listing of the repository holding the folder, for that root only") {
    TP_TEST_DIR(dir);
    std::filesystem::create_directories(dir / "repo" / "src");
    git(dir / "repo", "init -q");
    dir.write("repo/src/a.cpp", "a\n");
    dir.write("repo/CMakeLists.txt", "b\n");
    git(dir / "repo", "add -A");
    git(dir / "repo", "commit -q -m one");
    auto repository = tp::repo::Repository::discover(dir / "repo");
    REQUIRE(repository);

    const tp::repo::PathFilter cpp_only = [](std::string_view path) {
      return path.size() > 4 && path.substr(path.size() - 4) == ".cpp";
    };
    SUBCASE("started from a subfolder, taken for the work tree's root") {
      tp::engine::ListingPrefetch prefetch(dir / "repo" / "src");
      auto taken = prefetch.take(repository->root(), {});
      REQUIRE(taken);
      REQUIRE(*taken);
      CHECK((*taken)->files == std::vector<std::string>{"CMakeLists.txt", "src/a.cpp"});
      CHECK_FALSE(prefetch.take(repository->root(), {})); // once only
    }
    SUBCASE("the filter given when it is taken decides what is kept") {
      tp::engine::ListingPrefetch prefetch(dir / "repo");
      auto taken = prefetch.take(repository->root(), cpp_only);
      REQUIRE(taken);
      REQUIRE(*taken);
      CHECK((*taken)->files == std::vector<std::string>{"src/a.cpp"});
    }
    SUBCASE("another root gets nothing") {
      tp::engine::ListingPrefetch prefetch(dir / "repo");
      CHECK_FALSE(prefetch.take(dir.path(), {}));
    }
    SUBCASE("never taken: the destructor ends the listing instead of waiting for a filter") {
      tp::engine::ListingPrefetch prefetch(dir / "repo");
    }
    SUBCASE("a WorkTreeSource given the prefetch lists what it would list itself") {
      tp::engine::ListingPrefetch prefetch(dir / "repo");
      tp::engine::WorkTreeSource with(repository->root(), &*repository, &prefetch);
      tp::engine::WorkTreeSource without(repository->root(), &*repository);
      auto a = with.files(cpp_only);
      auto b = without.files(cpp_only);
      REQUIRE(a);
      REQUIRE(b);
      CHECK(**a == std::vector<std::string>{"src/a.cpp"});
      CHECK(**a == **b);
      auto again = with.files({}); // a second listing reads the index afresh
      REQUIRE(again);
      CHECK(**again == std::vector<std::string>{"CMakeLists.txt", "src/a.cpp"});
    }
  }

  TEST_CASE("ListingPrefetch: a folder outside any repository has nothing prefetched") {
    TP_TEST_DIR(dir);
    tp::engine::ListingPrefetch prefetch(dir.path());
    CHECK_FALSE(prefetch.take(dir.path(), {}));
  }

} // TEST_SUITE
