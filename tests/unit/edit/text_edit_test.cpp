#include <doctest/doctest.h>

#include "edit/text_edit.hpp"

using tp::edit::TextEdit;

TEST_SUITE("edit::TextEdit") {
  TEST_CASE(
      "overlaps: touching ranges do not conflict; shared bytes and shared insertion points do") {
    CHECK_FALSE(tp::edit::overlaps({0, 3, "", "a"}, {3, 5, "", "b"}));
    CHECK(tp::edit::overlaps({0, 4, "", "a"}, {3, 5, "", "b"}));
    CHECK(tp::edit::overlaps({2, 2, "x", "a"}, {2, 2, "y", "b"}));
    CHECK(tp::edit::overlaps({2, 2, "x", "a"}, {1, 3, "", "b"}));
    CHECK_FALSE(tp::edit::overlaps({3, 3, "x", "a"}, {1, 3, "", "b"}));
  }

  TEST_CASE("find_overlaps: names each overlapping pair once") {
    std::vector<TextEdit> edits{
        {10, 20, "", "a"}, {0, 5, "", "b"}, {15, 16, "", "c"}, {5, 10, "", "d"}};
    auto pairs = tp::edit::find_overlaps(edits);
    REQUIRE(pairs.size() == 1);
    CHECK(pairs[0] == std::pair<std::size_t, std::size_t>{0, 2});
  }

  TEST_CASE("apply_edits: applies in offset order whatever the input order") {
    auto out = tp::edit::apply_edits("hello world", {{6, 11, "there", "b"}, {0, 5, "HELLO", "a"}});
    REQUIRE(out.has_value());
    CHECK(*out == "HELLO there");
  }

  TEST_CASE("apply_edits: overlapping edits are an error naming both owners") {
    auto out = tp::edit::apply_edits("abcdef", {{0, 3, "", "p/one"}, {2, 4, "", "q/two"}});
    REQUIRE_FALSE(out.has_value());
    CHECK(out.error().message() == "edits p/one and q/two overlap");
  }
}
