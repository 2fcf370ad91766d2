#include <doctest/doctest.h>

#include "edit/unified_diff.hpp"

using tp::edit::render_unified_diff;

TEST_SUITE("edit::unified_diff") {
  TEST_CASE("render_unified_diff: equal bytes give no diff") {
    CHECK(render_unified_diff("f", "a\n", "a\n").empty());
  }

  TEST_CASE("render_unified_diff: one changed line with three lines of context") {
    std::string a = "1\n2\n3\n4\n5\n6\n7\n8\n", b = "1\n2\n3\n4\nFIVE\n6\n7\n8\n";
    CHECK(render_unified_diff("x/f.txt", a, b) == "diff --git a/x/f.txt b/x/f.txt\n"
                                                  "--- a/x/f.txt\n"
                                                  "+++ b/x/f.txt\n"
                                                  "@@ -2,7 +2,7 @@\n"
                                                  " 2\n 3\n 4\n-5\n+FIVE\n 6\n 7\n 8\n");
  }

  TEST_CASE("render_unified_diff: distant changes make separate hunks") {
    std::string a, b;
    for (int i = 1; i <= 20; ++i) {
      a += std::to_string(i) + "\n";
      b += (i == 2 || i == 18 ? "x" : std::to_string(i)) + "\n";
    }
    auto d = render_unified_diff("f", a, b);
    CHECK(d.find("@@ -1,5 +1,5 @@\n") != std::string::npos);
    CHECK(d.find("@@ -15,6 +15,6 @@\n") != std::string::npos);
  }

  TEST_CASE("render_unified_diff: a missing final newline is marked") {
    CHECK(render_unified_diff("f", "a\nb", "a\nc") ==
          "diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of "
          "file\n+c\n"
          "\\ No newline at end of file\n");
  }

  TEST_CASE("render_unified_diff: a file created from nothing names line 0") {
    CHECK(render_unified_diff("f", "", "a\n") ==
          "diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -0,0 +1 @@\n+a\n");
  }

  TEST_CASE("render_unified_diff: CRLF lines keep their CR; insertions at the top") {
    CHECK(render_unified_diff("f", "a\r\n", "new\r\na\r\n") ==
          "diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1 +1,2 @@\n+new\r\n a\r\n");
  }
}
