#include <doctest/doctest.h>

#include "base/diagnostic.hpp"

using tp::Diagnostic;

TEST_SUITE("base::Diagnostic") {
  TEST_CASE("line_col_at: counts lines and byte columns from 1") {
    CHECK(tp::line_col_at("ab\ncd", 0).line == 1);
    CHECK(tp::line_col_at("ab\ncd", 4).line == 2);
    CHECK(tp::line_col_at("ab\ncd", 4).column == 2);
    CHECK(tp::line_col_at("ab\ncd", 99).column == 3); // clamped to the end
  }

  TEST_CASE("render: file:line:col, the line and a caret under the column") {
    auto d = Diagnostic::at("patchsets/x.toml", "id = \"x\"\nversions = \">=1.x\"\n", 21,
                            "expected a version");
    CHECK(d.render() == "patchsets/x.toml:2:13: error: expected a version\n"
                        "  versions = \">=1.x\"\n"
                        "              ^\n");
  }

  TEST_CASE("render: a CRLF line is shown without its CR; tabs keep the caret aligned") {
    auto d = Diagnostic::at("f", "\tkey = 1\r\n", 3, "bad");
    CHECK(d.render() == "f:1:4: error: bad\n  \tkey = 1\n  \t  ^\n");
  }
}
