#include <doctest/doctest.h>

#include "catalog/glob.hpp"

using namespace tp::catalog;

TEST_SUITE("catalog::glob") {
  TEST_CASE("glob_match: ** spans any number of folders, including none") {
    CHECK(glob_match("**/CMakeLists.txt", "CMakeLists.txt"));
    CHECK(glob_match("**/CMakeLists.txt", "third_party/ideep/mkl-dnn/third_party/oneDNN/CMakeLists.txt"));
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

  TEST_CASE("glob_fixed_prefix: the folders before the first wildcard") {
    CHECK(glob_fixed_prefix("third_party/**/CMakeLists.txt") == "third_party");
    CHECK(glob_fixed_prefix("**/CMakeLists.txt") == "");
    CHECK(glob_fixed_prefix("tools/build_pytorch_libs.py") == "tools");
    CHECK(is_glob("**/x"));
    CHECK_FALSE(is_glob("tools/x.py"));
  }
}
