#include <doctest/doctest.h>

#include "text/text.hpp"

using namespace tp::text;

TEST_SUITE("text::NormalizedText") {
  TEST_CASE("analyse: endings, BOM, binary and final newline") {
    auto info = analyse("\xEF\xBB\xBF" "a\r\nb\r\nc\n");
    CHECK(info.has_bom);
    CHECK(info.crlf_lines == 2);
    CHECK(info.lf_lines == 1);
    CHECK(info.dominant == Eol::crlf);
    CHECK(info.final_newline);
    CHECK(analyse(std::string("a\0b", 3)).binary);
    CHECK_FALSE(analyse("a\nb").final_newline);
  }

  TEST_CASE("NormalizedText: CRLF reads as LF and offsets map back to raw bytes") {
    SUBCASE("LF file: identity") {
      NormalizedText t("ab\ncd\n");
      CHECK(t.text() == "ab\ncd\n");
      CHECK(t.to_raw(3) == 3);
    }
    SUBCASE("CRLF file") {
      NormalizedText t("ab\r\ncd\r\n");
      CHECK(t.text() == "ab\ncd\n");
      CHECK(t.to_raw(2) == 2); // the '\n' maps to its '\r'
      CHECK(t.to_raw(3) == 4); // after the newline: after "\r\n"
      CHECK(t.to_raw(6) == 8);
    }
    SUBCASE("BOM: dropped from the text, skipped by offsets") {
      NormalizedText t("\xEF\xBB\xBF" "x\r\ny");
      CHECK(t.text() == "x\ny");
      CHECK(t.to_raw(0) == 3);
      CHECK(t.to_raw(2) == 6);
    }
    SUBCASE("a lone CR and invalid UTF-8 pass through unchanged") {
      NormalizedText t("a\rb\xff\n");
      CHECK(t.text() == "a\rb\xff\n");
      CHECK(t.to_raw(4) == 4);
    }
  }

  TEST_CASE("with_eol: newlines take the requested ending") {
    CHECK(with_eol("a\nb\n", Eol::crlf) == "a\r\nb\r\n");
    CHECK(with_eol("a\nb", Eol::lf) == "a\nb");
  }
}
