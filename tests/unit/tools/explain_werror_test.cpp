// `explain` on real output of a unit that only the optimiser refuses (tests/logs/gcc16-*.log: the
// sweep's --codegen run of every -Werror unit, and the linked 1.13.1 libtorch with its C++ tests;
// GCC 16 at -O3 with the build's own flags).
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "explained_log.hpp"

using tp::test::explained_ids;

TEST_SUITE("tools::explain -Werror logs") {
  TEST_CASE("1.13.1's oneDNN Graph dnnl_shape_infer.cpp: -Warray-bounds under the forced -Werror") {
    CHECK(explained_ids("gcc16-1.13.1-onednn-graph-array-bounds.log") ==
          std::vector<std::string>{"onednn-graph-no-forced-werror"});
  }

  TEST_CASE("1.13.1's cpu_rng_test.cpp: GCC 16's -Wnonnull made an error by -Werror=format") {
    CHECK(explained_ids("gcc16-1.13.1-cpu-rng-test-nonnull.log") ==
          std::vector<std::string>{"werror-format-nonnull"});
  }
}
