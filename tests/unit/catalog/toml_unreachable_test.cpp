// Pins a bug the catalog_loader fuzz target found: toml++ 3.3 (Debian 12) reaches
// __builtin_unreachable() (undefined behaviour; a UBSan abort in the sanitizer build) for
// U+00A1..U+0499, U+2C5E..U+3057 (but U+3000) and U+FB26..U+FEFE wherever it tests for whitespace,
// also in valid TOML such as a """ string whose line after a line-ending backslash starts with '§'
// (marzer/tomlplusplus#190).
#include <doctest/doctest.h>

#include "base/diagnostic.hpp"
#include "catalog/catalog.hpp"

namespace {

tp::catalog::LoadResult load_patchset(const std::string& toml) {
  return tp::catalog::load_catalog({{"catalog.toml", "version = \"1.0.0\"\n"}, {"p.toml", toml}},
                                   "test");
}

const std::string k_rest = "versions = \">=1.0\"\n[[edits]]\nname = \"e\"\nfiles = "
                           "[\"a.txt\"]\n[edits.anchor]\nkind = \"regex\"\n"
                           "pattern = 'x'\n[edits.action]\nkind = "
                           "\"delete\"\n[edits.applied]\nkind = \"regex\"\npattern = 'y'\n";

} // namespace

TEST_SUITE("catalog::load_catalog") {
  TEST_CASE("load_catalog: '§', 'é' and U+FEDF survive toml++ 3.3's whitespace tables, as valid "
            "and invalid TOML") {
    SUBCASE("valid: a line-ending backslash in a \"\"\" string, then '§'") {
      auto loaded = load_patchset(
          "id = \"p\"\ntitle = \"caf\xC3\xA9 \xEF\xBB\x9F\"\nwhy = \"\"\"\\\n\xC2\xA7 1.2\"\"\"\n" +
          k_rest);
      REQUIRE_MESSAGE(loaded.diagnostics.empty(), tp::render_all(loaded.diagnostics));
      REQUIRE(loaded.catalog.patchsets.size() == 1);
      CHECK(loaded.catalog.patchsets[0].why == "\xC2\xA7 1.2");
      CHECK(loaded.catalog.patchsets[0].title == "caf\xC3\xA9 \xEF\xBB\x9F");
    }
    SUBCASE("invalid: such a character where a key is expected is a diagnostic at its line and "
            "column") {
      auto loaded = load_patchset("id = \"p\"\n  \xCC\xAA = 1\n" + k_rest);
      REQUIRE(loaded.diagnostics.size() == 1);
      CHECK(loaded.diagnostics[0].where.line == 2);
      CHECK(loaded.diagnostics[0].where.column == 3);
      CHECK(loaded.diagnostics[0].message.find("invalid TOML") == 0);
      CHECK(loaded.diagnostics[0].message.find("\xEE\x80") ==
            std::string::npos); // no private-use leak
    }
    SUBCASE("U+2EDF (the lookup's child 11, a second fuzz find): valid in a string, a diagnostic "
            "where a key is expected") {
      auto valid = load_patchset(
          "id = \"p\"\ntitle = \"t\"\nwhy = \"\"\"\\\n\xE2\xBB\x9F 1.2\"\"\"\n" + k_rest);
      REQUIRE_MESSAGE(valid.diagnostics.empty(), tp::render_all(valid.diagnostics));
      CHECK(valid.catalog.patchsets[0].why == "\xE2\xBB\x9F 1.2");
      auto invalid = load_patchset("\xE2\xBB\x9F= \"\n" + k_rest);
      REQUIRE(invalid.diagnostics.size() == 1);
      CHECK(invalid.diagnostics[0].where.line == 1);
      CHECK(invalid.diagnostics[0].where.column == 1);
      CHECK(invalid.diagnostics[0].message.find("invalid TOML") == 0);
    }
    SUBCASE("a file that already holds the private-use characters used for sheltering is refused "
            "clearly") {
      auto loaded = load_patchset("id = \"p\"\ntitle = \"\xEE\x80\x80 \xC2\xA7\"\n" + k_rest);
      REQUIRE(loaded.diagnostics.size() == 1);
      CHECK(loaded.diagnostics[0].message.find("private-use characters") != std::string::npos);
    }
  }
}
