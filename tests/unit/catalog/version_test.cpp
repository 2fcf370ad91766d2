#include <doctest/doctest.h>

#include "catalog/version.hpp"

using namespace tp::catalog;

namespace {
Version v(const char* s) {
  auto parsed = parse_version(s);
  REQUIRE_MESSAGE(parsed.has_value(), s);
  return *parsed;
}
bool in(const char* spec, const char* version) {
  std::string error;
  std::size_t offset = 0;
  auto parsed = parse_specifier(spec, &error, &offset);
  REQUIRE_MESSAGE(parsed.has_value(), error);
  return parsed->contains(v(version));
}
} // namespace

TEST_SUITE("catalog::version") {
  TEST_CASE("parse_version: tags, version.txt values, rc, alpha, post and local parts") {
    CHECK(v("v2.0.1").release == std::vector<int>{2, 0, 1});
    CHECK(v("v2.1.0-rc2").pre_kind == 'r');
    CHECK(v("v2.1.0-rc2").pre_number == 2);
    CHECK(v("2.1.0a0").pre_kind == 'a');
    CHECK(v("2.1.0a0+gitabc123").release == std::vector<int>{2, 1, 0});
    CHECK(v("2.0.1.post1").post == 1);
    CHECK_FALSE(parse_version("ciflow/trunk/123").has_value());
    CHECK_FALSE(parse_version("nightly").has_value());
    CHECK_FALSE(parse_version("2.x").has_value());
  }

  TEST_CASE("compare: pre-releases sort before their release, post after") {
    CHECK(v("2.1.0a0") < v("2.1.0rc1"));
    CHECK(v("2.1.0rc1") < v("2.1.0"));
    CHECK(v("2.1.0") < v("2.1.0.post1"));
    CHECK(v("2.1") == v("2.1.0"));
    CHECK(v("1.13.1") < v("2.0"));
  }

  TEST_CASE("is_version_tag: release tags only") {
    CHECK(is_version_tag("v2.0.1"));
    CHECK(is_version_tag("v2.1.0-rc2"));
    CHECK_FALSE(is_version_tag("ciflow/trunk/1"));
    CHECK_FALSE(is_version_tag("2.0.1"));
    CHECK_FALSE(is_version_tag("v1"));
  }

  TEST_CASE("VersionSpecifier::contains: clauses all hold") {
    CHECK(in(">=1.13, <2.6", "2.0.1"));
    CHECK_FALSE(in(">=1.13, <2.6", "1.12.1"));
    CHECK_FALSE(in(">=1.13, <2.6", "2.6.0"));
    CHECK(in("==2.0.*", "2.0.1"));
    CHECK_FALSE(in("==2.0.*", "2.1.0"));
    CHECK(in("!=2.0.0", "2.0.1"));
    CHECK(in("", "9.9"));
  }

  TEST_CASE("VersionSpecifier::contains: <X excludes X's pre-releases, >=X includes release only") {
    CHECK_FALSE(in("<2.6", "2.6.0a0")); // main while 2.6 is developed already carries 2.6's code
    CHECK(in("<2.6", "2.5.1"));
    CHECK(in(">=2.0", "2.1.0a0"));
    CHECK_FALSE(in(">=2.1", "2.1.0a0"));
  }

  TEST_CASE("parse_specifier: errors say what was expected and where") {
    std::string error;
    std::size_t offset = 0;
    CHECK_FALSE(parse_specifier(">=1.13, 2.6", &error, &offset).has_value());
    CHECK(error == "expected a comparison (>=, <=, ==, !=, >, <) before a version");
    CHECK(offset == 8);
    CHECK_FALSE(parse_specifier(">=1.x", &error, &offset).has_value());
    CHECK(error == "expected a version such as 2.0.1, 2.1.0rc2 or 2.1.0a0");
    CHECK_FALSE(parse_specifier(">=2.0.*", &error, &offset).has_value());
    CHECK(error == "a wildcard version ('.*') goes only with == or !=");
  }
}
