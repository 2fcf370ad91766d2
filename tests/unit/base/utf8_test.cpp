// UTF-8 at the byte level (base/utf8.hpp): the strict length the JSON writer trusts, the lenient
// decoding the toml++ shelter maps code points with, and the character boundaries.
#include <doctest/doctest.h>

#include <string>
#include <string_view>

#include "base/utf8.hpp"

using namespace std::string_view_literals;
namespace utf8 = tp::utf8;

TEST_SUITE("base::utf8") {

  TEST_CASE("strict_sequence_length: well-formed sequences of one to four bytes") {
    CHECK(utf8::strict_sequence_length("a", 0) == 1);
    CHECK(utf8::strict_sequence_length("\0"sv, 0) == 1);
    CHECK(utf8::strict_sequence_length("\xC3\xA9", 0) == 2);         // é
    CHECK(utf8::strict_sequence_length("\xE2\x82\xAC", 0) == 3);     // €
    CHECK(utf8::strict_sequence_length("\xF0\x9F\x98\x80", 0) == 4); // U+1F600
    CHECK(utf8::strict_sequence_length("x\xC3\xA9", 1) == 2);
  }

  TEST_CASE("strict_sequence_length: 0 for what Unicode's table 3-7 refuses") {
    SUBCASE("overlong forms") {
      CHECK(utf8::strict_sequence_length("\xC0\x80", 0) == 0);
      CHECK(utf8::strict_sequence_length("\xC1\xBF", 0) == 0);
      CHECK(utf8::strict_sequence_length("\xE0\x80\x80", 0) == 0);
      CHECK(utf8::strict_sequence_length("\xF0\x80\x80\x80", 0) == 0);
    }
    SUBCASE("UTF-16 surrogates and code points past U+10FFFF") {
      CHECK(utf8::strict_sequence_length("\xED\xA0\x80", 0) == 0);
      CHECK(utf8::strict_sequence_length("\xF4\x90\x80\x80", 0) == 0);
      CHECK(utf8::strict_sequence_length("\xF5\x80\x80\x80", 0) == 0);
    }
    SUBCASE("a lone continuation byte, a bad continuation, a sequence cut short") {
      CHECK(utf8::strict_sequence_length("\x80", 0) == 0);
      CHECK(utf8::strict_sequence_length("\xE2\x28\xA1", 0) == 0);
      CHECK(utf8::strict_sequence_length("\xE2\x82\x28", 0) == 0);
      CHECK(utf8::strict_sequence_length("\xE2\x82", 0) == 0);
      CHECK(utf8::strict_sequence_length("\xFF", 0) == 0);
    }
  }

  TEST_CASE("decode_lenient: the code point and length of each sequence") {
    CHECK(utf8::decode_lenient("a", 0).code_point == 'a');
    CHECK(utf8::decode_lenient("a", 0).length == 1);
    CHECK(utf8::decode_lenient("\xC3\xA9", 0).code_point == 0xE9);
    CHECK(utf8::decode_lenient("\xE2\x82\xAC", 0).code_point == 0x20AC);
    CHECK(utf8::decode_lenient("\xF0\x9F\x98\x80", 0).code_point == 0x1F600);
    CHECK(utf8::decode_lenient("\xF0\x9F\x98\x80", 0).length == 4);
  }

  TEST_CASE("decode_lenient: reads what strict refuses, when the byte count is right") {
    // The difference between the two strengths, on the same bytes.
    for (std::string_view bytes : {"\xED\xA0\x80"sv, "\xC0\x80"sv, "\xE0\x80\x80"sv}) {
      CAPTURE(bytes);
      CHECK(utf8::strict_sequence_length(bytes, 0) == 0);
      CHECK(utf8::decode_lenient(bytes, 0).length == bytes.size());
    }
    CHECK(utf8::decode_lenient("\xED\xA0\x80", 0).code_point == 0xD800);
    CHECK(utf8::decode_lenient("\xC0\x80", 0).code_point == 0);
  }

  TEST_CASE("decode_lenient: length 0 without a lead byte or its continuation bytes") {
    CHECK(utf8::decode_lenient("\x80", 0).length == 0);
    CHECK(utf8::decode_lenient("\xF8\x80\x80\x80\x80", 0).length == 0);
    CHECK(utf8::decode_lenient("\xE2\x28\xA1", 0).length == 0);
    CHECK(utf8::decode_lenient("\xE2\x82", 0).length == 0);
  }

  TEST_CASE("append_code_point: the shortest form, which both strengths read back") {
    for (char32_t cp : {U'\x41', U'\xE9', U'\x7FF', U'\x800', U'\x20AC', U'\xE000', U'\xFFFD',
                        U'\x10000', U'\x1F600', U'\x10FFFF'}) {
      CAPTURE(static_cast<unsigned>(cp));
      std::string out = "x";
      utf8::append_code_point(cp, out);
      const std::size_t length = out.size() - 1;
      CHECK(length == (cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4));
      CHECK(utf8::strict_sequence_length(out, 1) == length);
      CHECK(utf8::decode_lenient(out, 1).code_point == cp);
    }
  }

  TEST_CASE("next_char_start: past a character and its continuation bytes") {
    const std::string_view text = "a\xC3\xA9\xE2\x82\xAC!";
    CHECK(utf8::next_char_start(text, 0) == 1);
    CHECK(utf8::next_char_start(text, 1) == 3);
    CHECK(utf8::next_char_start(text, 3) == 6);
    CHECK(utf8::next_char_start(text, 6) == 7);
    // An invalid byte is one character; stray continuation bytes belong to the one before.
    CHECK(utf8::next_char_start("\xFF\x61", 0) == 1);
    CHECK(utf8::next_char_start("a\x80\x80z", 0) == 3);
  }

  TEST_CASE("is_continuation_at: 10xxxxxx bytes only, false past the end") {
    const std::string_view text = "\xC3\xA9";
    CHECK_FALSE(utf8::is_continuation_at(text, 0));
    CHECK(utf8::is_continuation_at(text, 1));
    CHECK_FALSE(utf8::is_continuation_at(text, 2));
    CHECK_FALSE(utf8::is_continuation_at("", 0));
  }
}
