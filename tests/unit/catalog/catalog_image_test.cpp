#include "catalog/catalog_image.hpp"

#include <doctest/doctest.h>

#include <string>

#include "cli/embedded_image.hpp"

using namespace tp::catalog;

namespace {

const std::string k_catalog_toml = "version = \"1.2.3\"\nexport_macros = [\"TORCH_API\"]\n";

const std::string k_patchset = R"(id = "p"
title = "A patchset"
versions = ">=1.13, <2.6"
why = "because"
errors = ["boom"]
references = ["ref"]

[conditions]
compiler = ["clang-cl"]
python = ">=3.12"

[[edits]]
name = "one"
files = ["a/x.cpp", "b/**/CMakeLists.txt"]
matches = ">=2"
[edits.anchor]
kind = "node"
language = "cpp"
path = '''class_specifier @c > name: type_identifier = "Launcher"'''
target = "c"
within = '''\Aclass\s+(?P<macro>TORCH_API\s+)'''
within_group = "macro"
[edits.action]
kind = "delete"
[edits.applied]
kind = "regex"
pattern = '''^class Launcher'''
)";

const std::string k_gate = R"(kind = "gate"
id = "g"
title = "A gate"
versions = ">=1.12, <2.9"
lifted_in = "2.9"
why = "no"

[conditions]
cuda = ">=13"
)";

Catalog loaded() {
  auto result = load_catalog(
      {{"catalog.toml", k_catalog_toml}, {"p.toml", k_patchset}, {"g.toml", k_gate}}, "test");
  REQUIRE_MESSAGE(result.diagnostics.empty(), tp::render_all(result.diagnostics));
  return std::move(result.catalog);
}

} // namespace

TEST_SUITE("catalog::catalog_image") {
  TEST_CASE("an image reads back to the catalog it was written from, anchors compiled") {
    const Catalog catalog = loaded();
    const std::string image = write_catalog_image(catalog);
    const auto read = read_catalog_image(image, {});
    REQUIRE(read);
    CHECK(write_catalog_image(*read) == image);
    CHECK(read->version == "1.2.3");
    CHECK(read->export_macros == std::vector<std::string>{"TORCH_API"});
    REQUIRE(read->patchsets.size() == 1);
    const Patchset& p = read->patchsets[0];
    CHECK(p.versions.text == ">=1.13, <2.6");
    CHECK(p.conditions.at("python").versions->text == ">=3.12");
    CHECK(p.conditions.at("compiler").values == std::vector<std::string>{"clang-cl"});
    REQUIRE(p.edits.size() == 1);
    CHECK(p.edits[0].matches.describe() == "at least 2");
    CHECK(p.edits[0].source.where.line == catalog.patchsets[0].edits[0].source.where.line);
    REQUIRE(p.edits[0].anchor);
    CHECK(p.edits[0].anchor->spec().kind == tp::anchor::Kind::node);
    CHECK(p.edits[0].anchor->prefilter_literal() == "Launcher");
    const std::string text = "namespace {\nclass TORCH_API Launcher {};\n}\n";
    REQUIRE(p.edits[0].anchor->find(text).matches.size() == 1); // TORCH_API blanked: compiled
    CHECK(p.edits[0].anchor->find(text).matches[0].target.size() == 10); // with the image's macros
    REQUIRE(read->gates.size() == 1);
    CHECK(read->gates[0].lifted_in->text == "2.9");
  }

  TEST_CASE("an empty, foreign, truncated or extended image does not read") {
    const std::string image = write_catalog_image(loaded());
    CHECK_FALSE(read_catalog_image("", {}));
    CHECK_FALSE(read_catalog_image("id = \"p\"\n", {}));
    for (std::size_t cut : {image.size() - 1, image.size() / 2, std::size_t{20}})
      CHECK_FALSE(read_catalog_image(image.substr(0, cut), {}));
    CHECK_FALSE(read_catalog_image(image + "x", {}));
  }

  TEST_CASE("a value out of range does not read: an unknown anchor kind") {
    std::string image = write_catalog_image(loaded());
    // The node anchor's kind is the first 4-byte number after the anchor's presence flag.
    const std::size_t at = image.find(std::string("\1\2\0\0\0", 5));
    REQUIRE(at != std::string::npos);
    image[at + 1] = '\7';
    CHECK_FALSE(read_catalog_image(image, {}));
  }

#if TP_CATALOG_IMAGE_BUILT
  TEST_CASE("the embedded image is the embedded TOML catalog, pre-parsed") {
    const std::string_view image = tp::cli::embedded_catalog_image();
    REQUIRE_FALSE(image.empty()); // the build ran tp_check_embedded_catalog
    const LoadResult from_toml = load_embedded_catalog();
    const LoadResult from_image = load_embedded_catalog(image);
    CHECK(from_image.diagnostics.empty());
    CHECK(write_catalog_image(from_image.catalog) == write_catalog_image(from_toml.catalog));
    CHECK(from_image.catalog.files == from_toml.catalog.files); // cases come along
    CHECK(from_image.catalog.origin == "embedded");
  }
#else
  TEST_CASE("a cross build that could not run the checker has no image and loads the TOML") {
    CHECK(tp::cli::embedded_catalog_image().empty());
    const LoadResult loaded = load_embedded_catalog(tp::cli::embedded_catalog_image());
    CHECK(loaded.diagnostics.empty());
    CHECK_FALSE(loaded.catalog.patchsets.empty());
  }
#endif
}
