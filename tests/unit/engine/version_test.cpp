// Which PyTorch version a commit holds, from the evidence it offers: decide_version is pure, so
// the evidence is made up here (tests/e2e/version_test.cpp runs the same rules on git checkouts).
#include "engine/version.hpp"

#include <doctest/doctest.h>

#include <optional>
#include <string>

namespace {

using tp::engine::VersionEvidence;

// Evidence for a checkout; `nearest` is what git describe would say, and `asked` counts the
// times it was asked.
VersionEvidence checkout_evidence(std::vector<std::string> tags,
                                  std::optional<std::string> version_txt,
                                  std::optional<std::string> nearest, int& asked) {
  VersionEvidence e;
  e.tags = std::move(tags);
  e.tag_where = " at HEAD";
  e.version_txt = std::move(version_txt);
  e.nearest_tag = [nearest, &asked]() -> tp::Result<std::optional<std::string>> {
    ++asked;
    return nearest;
  };
  e.subject = "/src/pytorch";
  e.hint = "; pass --torch-version";
  return e;
}

// "version|source", or the error's message.
std::string decided(const VersionEvidence& evidence) {
  auto v = tp::engine::decide_version(evidence);
  return v ? v->version.text + "|" + v->source : v.error().message();
}

} // namespace

TEST_SUITE("engine::version") {
  TEST_CASE("decide_version: the highest version tag at the commit wins; other tags are ignored") {
    int asked = 0;
    CHECK(decided(checkout_evidence({"ciflow/trunk/1", "v2.0.1", "v2.0.0"}, "2.0.0a0\n", "v2.0.1",
                                    asked)) == "v2.0.1|tag v2.0.1 at HEAD");
    CHECK(asked == 0);
  }

  TEST_CASE("decide_version: version.txt without a version tag; the nearest tag is not asked") {
    int asked = 0;
    CHECK(decided(checkout_evidence({"ciflow/trunk/1"}, "2.1.0\nignored", "v2.0.1", asked)) ==
          "2.1.0|version.txt");
    CHECK(asked == 0);
  }

  TEST_CASE("decide_version: a development version.txt yields to a nearest tag of its line") {
    int asked = 0;
    CHECK(decided(checkout_evidence({}, "2.0.0a0\n", "v2.0.1", asked)) ==
          "v2.0.1|nearest tag v2.0.1 (git describe; version.txt says 2.0.0a0)");
    CHECK(decided(checkout_evidence({}, "2.1.0a0\n", "v2.0.1", asked)) == "2.1.0a0|version.txt");
    CHECK(decided(checkout_evidence({}, "2.1.0a0\n", std::nullopt, asked)) ==
          "2.1.0a0|version.txt");
  }

  TEST_CASE("decide_version: the nearest version tag when nothing else tells") {
    int asked = 0;
    CHECK(decided(checkout_evidence({}, std::nullopt, "v1.13.1", asked)) ==
          "v1.13.1|nearest tag v1.13.1 (git describe)");
    CHECK(decided(checkout_evidence({}, "not a version\n", "v1.13.1", asked)) ==
          "v1.13.1|nearest tag v1.13.1 (git describe)");
  }

  TEST_CASE("decide_version: no evidence names the subject, where no tag was, and the hint") {
    int asked = 0;
    CHECK(decided(checkout_evidence({"ciflow/trunk/1"}, std::nullopt, "nightly", asked)) ==
          "cannot tell which PyTorch version /src/pytorch holds: no version tag at HEAD, no "
          "version.txt, no version tag in its history; pass --torch-version");
    VersionEvidence revision; // a matrix revision: no describe, no hint
    revision.subject = "revision abc123";
    CHECK(decided(revision) == "cannot tell which PyTorch version revision abc123 holds: no "
                               "version tag at it, no version.txt, no version tag in its history");
  }

  TEST_CASE("decide_version: a failing describe is an environment error") {
    int asked = 0;
    auto evidence = checkout_evidence({}, "2.0.0a0\n", std::nullopt, asked);
    evidence.nearest_tag = []() -> tp::Result<std::optional<std::string>> {
      return tp::fail("describing HEAD: broken");
    };
    CHECK(decided(evidence) == "describing HEAD: broken");
  }

  TEST_CASE("resolve_version: --torch-version wins, and must be a version") {
    auto v = tp::engine::resolve_version(std::string("1.12.1"), nullptr, "/nonexistent");
    REQUIRE(v);
    CHECK(v->version.text == "1.12.1");
    CHECK(v->source == "--torch-version");
    auto bad = tp::engine::resolve_version(std::string("banana"), nullptr, "/nonexistent");
    REQUIRE_FALSE(bad);
    CHECK(bad.error().message() == "--torch-version banana is not a version (expected e.g. "
                                   "2.0.1, v2.1.0-rc2 or 2.1.0a0)");
  }
}
