// The JSON writer behind every --format json report: escaping (RFC 8259) and the placing of commas.
#include <doctest/doctest.h>

#include <string>

#include "cli/json.hpp"

using tp::cli::json_string;
using tp::cli::JsonWriter;

namespace {
const std::string k_replacement = "\xEF\xBF\xBD"; // U+FFFD
} // namespace

TEST_SUITE("cli::json") {

  TEST_CASE("json_string: quotes and backslashes escaped, printable ASCII and UTF-8 kept") {
    CHECK(json_string("") == R"("")");
    CHECK(json_string(R"(say "hi" to C:\dir)") == R"("say \"hi\" to C:\\dir")");
    CHECK(json_string("a/b ~ DEL\x7f") == "\"a/b ~ DEL\x7f\"");
    CHECK(json_string("café 日本 😀") == "\"café 日本 😀\"");
  }

  TEST_CASE("json_string: LF, CR and tab by name, every other control byte as \\u00XX") {
    CHECK(json_string("a\r\nb\tc") == R"("a\r\nb\tc")");
    CHECK(json_string(std::string("\0\x01\x08\x0b\x0c\x1b\x1f", 7)) ==
          R"("\u0000\u0001\u0008\u000b\u000c\u001b\u001f")");
  }

  TEST_CASE("json_string: each byte of an ill-formed UTF-8 sequence becomes U+FFFD, so the output "
            "always parses") {
    SUBCASE("a lone continuation byte, and bytes that never start a sequence") {
      CHECK(json_string("a\x80z") == "\"a" + k_replacement + "z\"");
      CHECK(json_string("\xff\xfe") == "\"" + k_replacement + k_replacement + "\"");
    }
    SUBCASE("a sequence cut short, in the middle and at the end") {
      CHECK(json_string("\xe6\x97z") == "\"" + k_replacement + k_replacement + "z\"");
      CHECK(json_string("z\xf0\x9f\x98") ==
            "\"z" + k_replacement + k_replacement + k_replacement + "\"");
    }
    SUBCASE("overlong forms") {
      CHECK(json_string("\xc0\x80") == "\"" + k_replacement + k_replacement + "\"");
      CHECK(json_string("\xc1\xbf") == "\"" + k_replacement + k_replacement + "\"");
      CHECK(json_string("\xe0\x80\xaf") ==
            "\"" + k_replacement + k_replacement + k_replacement + "\"");
      CHECK(json_string("\xf0\x80\x80\xaf") ==
            "\"" + k_replacement + k_replacement + k_replacement + k_replacement + "\"");
    }
    SUBCASE("UTF-16 surrogates and code points past U+10FFFF") {
      CHECK(json_string("\xed\xa0\x80") ==
            "\"" + k_replacement + k_replacement + k_replacement + "\"");
      CHECK(json_string("\xf4\x90\x80\x80") ==
            "\"" + k_replacement + k_replacement + k_replacement + k_replacement + "\"");
      CHECK(json_string("\xf5\x80\x80\x80") ==
            "\"" + k_replacement + k_replacement + k_replacement + k_replacement + "\"");
    }
    SUBCASE("the extremes that are well formed are kept") {
      CHECK(json_string("\xc2\x80") == "\"\xc2\x80\"");                 // U+0080
      CHECK(json_string("\xed\x9f\xbf") == "\"\xed\x9f\xbf\"");         // U+D7FF
      CHECK(json_string("\xee\x80\x80") == "\"\xee\x80\x80\"");         // U+E000
      CHECK(json_string("\xef\xbf\xbf") == "\"\xef\xbf\xbf\"");         // U+FFFF
      CHECK(json_string("\xf0\x90\x80\x80") == "\"\xf0\x90\x80\x80\""); // U+10000
      CHECK(json_string("\xf4\x8f\xbf\xbf") == "\"\xf4\x8f\xbf\xbf\""); // U+10FFFF
    }
  }

  TEST_CASE("JsonWriter: commas between members and elements, none after an opening bracket") {
    JsonWriter w;
    w.begin_object();
    w.key("a").value("x");
    w.key("n").value(std::size_t{42});
    w.key("t").value(true);
    w.key("f").value(false);
    w.key("z").null();
    w.key("list")
        .begin_array()
        .value("1")
        .begin_object()
        .end_object()
        .begin_array()
        .end_array()
        .null()
        .end_array();
    w.key("empty").begin_object().end_object();
    w.end_object();
    CHECK(w.str() ==
          R"({"a":"x","n":42,"t":true,"f":false,"z":null,"list":["1",{},[],null],"empty":{}})");
  }

  TEST_CASE("JsonWriter: keys are escaped like values") {
    JsonWriter w;
    w.begin_object().key("a\"b\n").value("c").end_object();
    CHECK(w.str() == R"({"a\"b\n":"c"})");
  }

} // TEST_SUITE
