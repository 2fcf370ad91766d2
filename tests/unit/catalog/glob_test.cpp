#include <doctest/doctest.h>

#include "catalog/glob.hpp"

#include <string_view>
#include <vector>

using namespace tp::catalog;

TEST_SUITE("catalog::glob") {
  TEST_CASE("glob_match: ** spans any number of folders, including none") {
    CHECK(glob_match("**/CMakeLists.txt", "CMakeLists.txt"));
    CHECK(glob_match("**/CMakeLists.txt",
                     "third_party/ideep/mkl-dnn/third_party/oneDNN/CMakeLists.txt"));
    CHECK(glob_match("third_party/**/CMakeLists.txt", "third_party/fmt/CMakeLists.txt"));
    CHECK_FALSE(glob_match("third_party/**/CMakeLists.txt", "CMakeLists.txt"));
    CHECK_FALSE(glob_match("**/CMakeLists.txt", "third_party/CMakeLists.txt.in"));
  }

  TEST_CASE("glob_match: * and ? stay within one component") {
    CHECK(glob_match("**/*.cmake", "cmake/Modules/FindX.cmake"));
    CHECK(glob_match("**/*.cmake.in", "a/b/Config.cmake.in"));
    CHECK_FALSE(glob_match("*.cmake", "cmake/FindX.cmake"));
    CHECK(glob_match("v?.txt", "v1.txt"));
    CHECK_FALSE(glob_match("v?.txt", "v10.txt"));
  }

  TEST_CASE("is_glob: a wildcard anywhere") {
    CHECK(is_glob("**/x"));
    CHECK_FALSE(is_glob("tools/x.py"));
  }

  TEST_CASE(
      "GlobSet: every pattern that matches, in the order added; last components checked first") {
    GlobSet set;
    set.add("**/CMakeLists.txt", 0);
    set.add("**/*.cmake", 1);
    set.add("tools/build_pytorch_libs.py", 2); // a plain path matches only itself
    set.add("cmake/Find*.cmake", 3);           // a wildcard inside the last component
    set.add("third_party/**", 4);              // a last component that says nothing
    set.add("**/CMakeLists.txt", 5);           // the same pattern twice: both tags
    auto tags = [&](std::string_view path) {
      std::vector<std::size_t> out;
      set.each_match(path, [&](std::size_t tag) { out.push_back(tag); });
      CHECK(set.matches_any(path) == !out.empty());
      return out;
    };
    CHECK(tags("CMakeLists.txt") == std::vector<std::size_t>{0, 5});
    CHECK(tags("third_party/fmt/CMakeLists.txt") == std::vector<std::size_t>{0, 4, 5});
    CHECK(tags("cmake/FindCUDA.cmake") == std::vector<std::size_t>{1, 3});
    CHECK(tags("cmake/Modules/FindCUDA.cmake") == std::vector<std::size_t>{1});
    CHECK(tags("tools/build_pytorch_libs.py") == std::vector<std::size_t>{2});
    CHECK(tags("x/tools/build_pytorch_libs.py").empty());
    CHECK(tags("a/CMakeLists.txt.in").empty());
    CHECK(tags("a/x.cmake.in").empty());
    CHECK(tags("third_party") == std::vector<std::size_t>{4}); // ** spans no folder too
    CHECK(GlobSet().empty());
    CHECK_FALSE(set.empty());
  }
}
