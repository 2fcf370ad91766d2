#include <doctest/doctest.h>

#include "text/text.hpp"

using namespace tp::text;

TEST_SUITE("text::NormalizedText") {
  TEST_CASE("analyse: endings, BOM, binary and final newline") {
    auto info = analyse("\xEF\xBB\xBF"
                        "a\r\nb\r\nc\n");
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
      NormalizedText t("\xEF\xBB\xBF"
                       "x\r\ny");
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

TEST_SUITE("text::contains_ascii_case_insensitive") {

  TEST_CASE("finds the needle in any ASCII case, anywhere, and only there") {
    using tp::text::contains_ascii_case_insensitive;
    CHECK(contains_ascii_case_insensitive("CMAKE_MINIMUM_REQUIRED(VERSION 3.5)",
                                          "cmake_minimum_required"));
    CHECK(contains_ascii_case_insensitive("project(x)\nCmake_Minimum_Required(",
                                          "cmake_minimum_required"));
    CHECK(contains_ascii_case_insensitive("x cmake_policy", "CMAKE_POLICY")); // at the very end
    CHECK(contains_ascii_case_insensitive("abc", ""));
    CHECK_FALSE(contains_ascii_case_insensitive("cmake_minimum_require", "cmake_minimum_required"));
    CHECK_FALSE(contains_ascii_case_insensitive("", "a"));
    CHECK_FALSE(
        contains_ascii_case_insensitive("cmake-minimum-required", "cmake_minimum_required"));
    // A shift table that forgot the other case of a needle byte would jump over this match.
    CHECK(contains_ascii_case_insensitive("aaaaAAbAAB", "AAB"));
    CHECK(contains_ascii_case_insensitive("xxabababaBAC", "ababac"));
    // Only ASCII letters fold: '@' is not '`', and bytes above 0x7F are compared as they are.
    CHECK_FALSE(contains_ascii_case_insensitive("a@b", "a`b"));
    CHECK_FALSE(contains_ascii_case_insensitive("\xC3\x80", "\xC3\xA0"));
    CHECK(contains_ascii_case_insensitive("x\xC3\x80Y", "\xC3\x80y"));
  }

  TEST_CASE("agrees with a plain lowered search on every window of a long text") {
    using tp::text::contains_ascii_case_insensitive;
    std::string text;
    for (int i = 0; i < 2000; ++i)
      text += static_cast<char>("aAbB_c"[(i * 7 + i / 3) % 6]);
    std::string lowered = text;
    for (char& c : lowered)
      c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    for (std::size_t length : {1u, 2u, 3u, 5u, 8u}) {
      for (std::size_t at = 0; at + length <= 200; at += 7) {
        std::string needle = text.substr(at, length);
        std::string mixed = needle;
        for (std::size_t i = 0; i < mixed.size(); i += 2)
          mixed[i] = static_cast<char>(mixed[i] >= 'a' && mixed[i] <= 'z' ? mixed[i] - 'a' + 'A'
                                                                          : mixed[i]);
        CAPTURE(mixed);
        CHECK(contains_ascii_case_insensitive(text, mixed));
      }
      std::string absent(length, 'z');
      CHECK(contains_ascii_case_insensitive(text, absent) ==
            (lowered.find(absent) != std::string::npos));
    }
  }

} // TEST_SUITE
