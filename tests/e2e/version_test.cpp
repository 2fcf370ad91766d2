// Which PyTorch version a checkout is, and where torchpatch found it: the version tag at HEAD
// (other tags ignored), --torch-version, version.txt, the nearest tag; and finding the checkout
// from a subfolder or a submodule.
#include <doctest/doctest.h>

#include <fstream>

#include "e2e/checkout.hpp"

using namespace tp::e2e;

namespace {

// torch_version.version and .source of `list --format json`, as "version|source".
std::string json_version(const TempDir& dir, const fs::path& checkout,
                         std::vector<std::string> extra = {}) {
  std::vector<std::string> args = extra;
  args.insert(args.end(), {"list", "--format", "json"});
  const Output list = torchpatch_in(checkout, args);
  INFO("list said: " << list.out << list.err);
  REQUIRE(list.code == 0);
  const Output r = python_on_json(dir,
                                  "import json, sys\n"
                                  "v = json.load(open(sys.argv[1]))['torch_version']\n"
                                  "print(v['version'] + '|' + v['source'])\n",
                                  list.out);
  REQUIRE(r.code == 0);
  return r.out.substr(0, r.out.find('\n'));
}

std::string text_header(const fs::path& checkout, std::vector<std::string> extra = {}) {
  std::vector<std::string> args = extra;
  args.push_back("list");
  const Output list = torchpatch_in(checkout, args);
  INFO("list said: " << list.out << list.err);
  REQUIRE(list.code == 0);
  return list.out.substr(0, list.out.find('\n'));
}

} // namespace

TEST_SUITE("e2e::version") {

  TEST_CASE("version: the version tag at HEAD wins over a ciflow tag on the same commit") {
    TP_FOR_EACH_FIXTURE(fixture) {
      TP_E2E_DIR(dir);
      const fs::path checkout = make_checkout(dir, fixture);
      const std::string tags = git_ok(checkout, "tag --points-at HEAD");
      REQUIRE(tags.find("ciflow/trunk/12345\n") != std::string::npos);
      CHECK(text_header(checkout) == "PyTorch " + fixture + " (from tag " + fixture +
                                         " at HEAD), catalog " + shipped_catalog_version());
      CHECK(json_version(dir, checkout) == fixture + "|tag " + fixture + " at HEAD");
    }
  }

  TEST_CASE("version: --torch-version overrides the tag") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.0.1");
    CHECK(text_header(checkout, {"--torch-version", "1.12.1"}) ==
          "PyTorch 1.12.1 (from --torch-version), catalog " + shipped_catalog_version());
    CHECK(json_version(dir, checkout, {"--torch-version", "1.12.1"}) == "1.12.1|--torch-version");
    const Output list = torchpatch_in(checkout, {"--torch-version", "1.12.1", "list"});
    // The outcomes of the v1.12.1 fixture, except where the v2.0.1 tree's files decide: its gloo
    // linux.cc already has gloo #346's member order.
    auto expected = expected_outcomes("v1.12.1");
    expected["gloo-ethtool-flexible-array"] = "upstream-fixed";
    // and its gloo headers gloo #330's <array>; it has no oneDNN Graph pbuilder.cpp (1.12 - 1.13).
    expected["gloo-tcp-device-array"] = "upstream-fixed";
    expected["onednn-graph-pbuilder-std-move"] = "file-missing";
    // The v2.0.1 tree has no Parallel.h nor bounds_overlap.h (fixtures/README.md: 1.12 - 1.13
    // only).
    expected["parallel-lazy-init-no-torch-api"] = "file-missing";
    expected["tensorexpr-bounds-overlap-windows-true-false"] = "file-missing";
    // nor 1.12's Macros.h and asmjit 8b35b4c headers (catalog 2.7).
    for (const char* id :
         {"c10-macros-cstdint", "asmjit-noncopyable-template-id",
          "asmjit-clang14-bitwise-instead-of-logical", "asmjit-emitterutils-unused-current-size"})
      expected[id] = "file-missing";
    CHECK(outcomes_of_text(list.out) == expected);

    const Output bad = torchpatch_in(checkout, {"--torch-version", "banana", "list"});
    CHECK(bad.code == 3);
    CHECK(bad.err.find("--torch-version banana is not a version") != std::string::npos);
  }

  TEST_CASE("version: a checkout without tags uses version.txt") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.0.1");
    git_ok(checkout, "tag -d v2.0.1 ciflow/trunk/12345");
    CHECK(text_header(checkout) ==
          "PyTorch 2.0.0a0 (from version.txt), catalog " + shipped_catalog_version());
    CHECK(json_version(dir, checkout) == "2.0.0a0|version.txt");
  }

  TEST_CASE("version: HEAD past the tag without version.txt uses the nearest tag (git describe)") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.0.1");
    git_ok(checkout, "rm -q version.txt");
    git_ok(checkout, "commit -q -m 'a commit after the tag'");
    REQUIRE(git_ok(checkout, "tag --points-at HEAD") == "");
    CHECK(text_header(checkout) ==
          "PyTorch v2.0.1 (from nearest tag v2.0.1 (git describe)), catalog " +
              shipped_catalog_version());
    CHECK(json_version(dir, checkout) == "v2.0.1|nearest tag v2.0.1 (git describe)");
    const Output list = torchpatch_in(checkout, {"list"});
    CHECK(outcomes_of_text(list.out) == expected_outcomes("v2.0.1"));
  }

  TEST_CASE("version: HEAD past the tag with a development version.txt uses the nearest tag of "
            "that line") {
    // Release branches keep version.txt at e.g. 2.0.0a0; 2.0.0a0 < 2.0 would make every ">=2.0"
    // patchset not-applicable on a checkout one commit past v2.0.1.
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.0.1");
    git_ok(checkout, "commit -q --allow-empty -m 'a commit after the tag'");
    REQUIRE(git_ok(checkout, "tag --points-at HEAD") == "");
    CHECK(json_version(dir, checkout) ==
          "v2.0.1|nearest tag v2.0.1 (git describe; version.txt says 2.0.0a0)");
    const Output list = torchpatch_in(checkout, {"list"});
    CHECK(outcomes_of_text(list.out) == expected_outcomes("v2.0.1"));
  }

  TEST_CASE(
      "version: a development version.txt of another release line than the nearest tag wins") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.0.1");
    std::ofstream(checkout / "version.txt") << "2.1.0a0\n";
    git_ok(checkout, "commit -q -am 'main moves on to 2.1'");
    CHECK(json_version(dir, checkout) == "2.1.0a0|version.txt");
  }

  TEST_CASE("version: not a git repository and no --torch-version is an environment error") {
    TP_E2E_DIR(dir);
    const fs::path plain = dir / "plain";
    fs::create_directories(plain);
    fs::copy(source_dir() / "fixtures/v2.0.1/tree", plain, fs::copy_options::recursive);
    const Snapshot before = snapshot(plain);
    for (const std::vector<std::string>& command : std::vector<std::vector<std::string>>{
             {"list"}, {"apply", "--dry"}, {"apply"}, {"status"}, {"revert"}}) {
      CAPTURE(command.front());
      const Output r = torchpatch_in(plain, command);
      CHECK(r.code == 3);
      CHECK(r.err.find(plain.string() + " is not inside a git checkout") != std::string::npos);
      CHECK(r.err.find("--torch-version") != std::string::npos);
    }
    // With --torch-version a plain folder can be planned, but not applied: the journal needs git.
    const Output dry =
        torchpatch_in(plain, {"--torch-version", "2.0.1", "apply", "--dry", "--format", "diff"});
    CHECK(dry.code == 1); // the flatbuffers submodule's files are not in the plain tree
    CHECK(!paths_of_diff(dry.out).empty());
    const Output apply = torchpatch_in(plain, {"--torch-version", "2.0.1", "apply"});
    CHECK(apply.code == 3);
    CHECK(apply.err.find("apply needs a git checkout") != std::string::npos);
    CHECK(describe_changes(before, snapshot(plain)) == "");
  }

  TEST_CASE("-C: a subfolder or a folder inside a submodule finds the superproject") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.0.1");
    const std::string from_root =
        torchpatch_in(checkout, {"apply", "--dry", "--format", "diff"}).out;
    REQUIRE(!from_root.empty());
    for (const std::string sub :
         {"third_party/FP16", "third_party/flatbuffers/include/flatbuffers"}) {
      CAPTURE(sub);
      CHECK(text_header(checkout / sub) ==
            "PyTorch v2.0.1 (from tag v2.0.1 at HEAD), catalog " + shipped_catalog_version());
      const Output dry = torchpatch_in(checkout / sub, {"apply", "--dry", "--format", "diff"});
      CHECK(dry.code == 0);
      CHECK(dry.out == from_root);
    }
    // apply and revert from inside the submodule work on the whole checkout, journal included.
    const Snapshot before = snapshot(checkout);
    const fs::path inside = checkout / "third_party/flatbuffers";
    CHECK(torchpatch_in(inside, {"apply"}).code == 0);
    CHECK(join(changed_paths(before, snapshot(checkout))) ==
          join(expected_changed_files("v2.0.1")));
    CHECK(fs::exists(checkout / ".git/torchpatch/journal"));
    CHECK(torchpatch_in(checkout / "tools", {"revert"}).code == 0);
    CHECK(describe_changes(before, snapshot(checkout)) == "");
  }

} // TEST_SUITE
