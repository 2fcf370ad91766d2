// `torchpatch --version` names the engine version, the embedded catalog's version and the commit
// the binary was built from (cmake/build_info.cmake): the source checkout's HEAD, "-dirty" when
// tracked files differ from it.
#include <doctest/doctest.h>

#include "e2e/checkout.hpp"

using namespace tp::e2e;

TEST_CASE("--version names the catalog version and the commit of the source checkout") {
  const Output head =
      shell(git() + " -C " + quote(source_dir().string()) + " rev-parse --short=12 HEAD");
  REQUIRE(head.code == 0);
  const std::string commit = head.out.substr(0, head.out.find('\n'));
  REQUIRE(commit.size() == 12);
  const Output changes = shell(git() + " -C " + quote(source_dir().string()) +
                               " status --porcelain --untracked-files=no");
  REQUIRE(changes.code == 0);
  const std::string expected_commit = commit + (changes.out.empty() ? "" : "-dirty");

  const Output version = torchpatch({"--version"});
  CHECK(version.code == 0);
  CHECK(version.out.starts_with("torchpatch "));
  CHECK(version.out.ends_with(" (catalog " + shipped_catalog_version() + ", commit " +
                              expected_commit + ")\n"));
}
