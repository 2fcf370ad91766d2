// ensure-include on a real git checkout: the include already in the committed file is upstream's
// (git status decides), one added in the work tree is already-applied; apply, the dry run's diff
// and revert agree byte for byte.
#include <doctest/doctest.h>

#include "e2e/checkout.hpp"

using namespace tp::e2e;

namespace {
const std::string k_catalog = std::string(TP_SOURCE_DIR) + "/tests/catalogs/ensure-include";
const std::string k_header = "third_party/gloo/gloo/types.h";

fs::path gloo_checkout(const TempDir& dir, const std::string& header) {
  const fs::path checkout = dir.path() / "checkout";
  fs::create_directories(checkout / "third_party/gloo/gloo");
  write_bytes(checkout / k_header, header);
  git_ok(checkout, "init -q");
  git_ok(checkout, "add -A");
  git_ok(checkout, "commit -qm release");
  git_ok(checkout, "tag v1.13.1");
  return checkout;
}

std::string outcome(const fs::path& checkout) {
  return outcomes_of_text(
      torchpatch_in(checkout, {"--catalog", k_catalog, "list"}).out)["gloo-types-cstdint"];
}
} // namespace

TEST_SUITE("e2e::ensure_include") {
  TEST_CASE("ensure_include: a committed include is upstream-fixed; one added by hand is "
            "already-applied") {
    TP_E2E_DIR(dir);
    const fs::path checkout =
        gloo_checkout(dir, "#pragma once\n#include <cstdint>\n#include <iostream>\n");
    CHECK(outcome(checkout) == "upstream-fixed");
    TP_E2E_DIR(other);
    const fs::path by_hand = gloo_checkout(other, "#pragma once\n#include <iostream>\n");
    write_bytes(by_hand / k_header, "#pragma once\n#include <iostream>\n#include <cstdint>\n");
    CHECK(outcome(by_hand) == "already-applied");
  }

  TEST_CASE("ensure_include: apply writes what the dry run shows (CRLF kept); revert restores "
            "every byte") {
    TP_E2E_DIR(dir);
    const std::string before =
        "#pragma once\r\n\r\n#include <iostream>\r\n#ifdef _WIN32\r\n#include <BaseTsd.h>\r\n"
        "#endif\r\nnamespace gloo { uint8_t x; }";
    const fs::path checkout = gloo_checkout(dir, before);
    const Output dry =
        torchpatch_in(checkout, {"--catalog", k_catalog, "apply", "--dry", "--format", "diff",
                                 "--only", "gloo-types-cstdint"});
    CHECK(dry.code == 0);
    write_bytes(dir.path() / "dry.diff", dry.out);
    CHECK(shell(git() + " apply --check " + quote((dir.path() / "dry.diff").string()), checkout)
              .code == 0);
    REQUIRE(
        torchpatch_in(checkout, {"--catalog", k_catalog, "apply", "--only", "gloo-types-cstdint"})
            .code == 0);
    CHECK(read_bytes(checkout / k_header) ==
          "#pragma once\r\n\r\n#include <iostream>\r\n#include <cstdint>\r\n#ifdef "
          "_WIN32\r\n#include <BaseTsd.h>\r\n"
          "#endif\r\nnamespace gloo { uint8_t x; }");
    CHECK(outcome(checkout) == "already-applied");
    REQUIRE(torchpatch_in(checkout, {"--catalog", k_catalog, "revert"}).code == 0);
    CHECK(read_bytes(checkout / k_header) == before);
  }
}
