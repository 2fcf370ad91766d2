#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "catalog/catalog.hpp"

using namespace tp::catalog;

namespace {
// The catalog_loader fuzz target's crash input of issue #27, as committed in its seed corpus: a
// syntax anchor whose query prefixes a pattern with a field the C++ grammar lacks ("me:").
// tree-sitter 0.25 leaks 8 bytes on that error path (tests/lsan.supp names where); what torchpatch
// owes the author is the diagnostic.
std::string read_corpus_input(const std::string& name) {
  std::ifstream in(std::string(TP_SOURCE_DIR) + "/fuzz/corpus/catalog_loader/" + name,
                   std::ios::binary);
  REQUIRE(in);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}
} // namespace

TEST_SUITE("catalog::load_catalog") {
  TEST_CASE("load_catalog: a query naming a field the grammar lacks is an error at the field's "
            "file:line:col, and nothing loads") {
    const auto loaded =
        load_catalog({{"catalog.toml", "version = \"1.0.0\"\nexport_macros = [\"TORCH_API\"]\n"},
                      {"fuzz.toml", read_corpus_input("ts-query-field-leak.toml")}},
                     "test");
    REQUIRE(loaded.diagnostics.size() == 1);
    CHECK(
        tp::render_all(loaded.diagnostics).rfind("fuzz.toml:14:40: error: invalid field 'me'", 0) ==
        0);
    CHECK(loaded.catalog.patchsets.empty());
  }
}
