// closest_name: the did-you-mean of the catalog's unknown keys and the CLI's unknown commands and
// options.
#include <doctest/doctest.h>

#include <string_view>
#include <vector>

#include "base/suggestion.hpp"

using tp::closest_name;

TEST_SUITE("base::suggestion") {

  TEST_CASE("closest_name: a name one or two edits away is suggested") {
    const std::vector<std::string_view> commands{"apply", "revert", "status", "list"};
    CHECK(closest_name("aply", commands) == "apply"); // a deletion
    CHECK(closest_name("revrt", commands) == "revert");
    CHECK(closest_name("lsit", commands) == "list");       // a swap is two edits
    CHECK(closest_name("statuses", commands) == "status"); // two insertions
  }

  TEST_CASE("closest_name: three edits away is no suggestion") {
    const std::vector<std::string_view> options{"--format", "--color"};
    CHECK(closest_name("--fmt", options) == std::nullopt);
    CHECK(closest_name("frobnicate", options) == std::nullopt);
    CHECK(closest_name("anything", std::vector<std::string_view>{}) == std::nullopt);
  }

  TEST_CASE("closest_name: the nearest wins; on a tie, the first") {
    CHECK(closest_name("--dry", std::vector<std::string_view>{"--try", "--dry"}) == "--dry");
    CHECK(closest_name("cat", std::vector<std::string_view>{"bat", "hat"}) == "bat");
  }

} // TEST_SUITE
