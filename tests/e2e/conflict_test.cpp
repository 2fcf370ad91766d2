// Conflicts: a patchset whose anchor no longer fits, a file edited by hand after apply, and an
// uninitialised submodule. torchpatch writes nothing it cannot stand behind, and says why.
#include <doctest/doctest.h>

#include "e2e/checkout.hpp"

using namespace tp::e2e;

namespace {

const std::string k_header = "third_party/flatbuffers/include/flatbuffers/stl_emulation.h";

// A second `const size_type count_;` makes the flatbuffers anchor (matches = 1) ambiguous.
void make_flatbuffers_ambiguous(const fs::path& checkout) {
  replace_once(checkout / k_header, "const size_type count_;",
               "const size_type count_;\n  const size_type count_;");
}

fs::path journal_of(const fs::path& checkout) {
  return checkout / ".git/torchpatch/journal";
}

} // namespace

TEST_SUITE("e2e::conflict") {

  TEST_CASE("apply: a conflict in one patchset writes nothing at all and exits 1") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v1.13.1");
    make_flatbuffers_ambiguous(checkout);
    const Snapshot before = snapshot(checkout);
    const std::string status_before = git_status_all(checkout);

    const Output apply = torchpatch_in(checkout, {"apply"});
    INFO("apply said: " << apply.out << apply.err);
    CHECK(apply.code == 1);
    CHECK(apply.out.find("nothing was written") != std::string::npos);
    CHECK(apply.out.find("    ambiguous  count-member  " + k_header) != std::string::npos);
    CHECK(outcomes_of_text(apply.out).at("flatbuffers-span-const-count") == "ambiguous");
    CHECK(describe_changes(before, snapshot(checkout)) == "");
    CHECK(git_status_all(checkout) == status_before);
    CHECK_FALSE(fs::exists(journal_of(checkout)));
  }

  TEST_CASE("apply --partial: applies the other patchsets, exits 1, and revert undoes only those") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v1.13.1");
    make_flatbuffers_ambiguous(checkout);
    const Snapshot before = snapshot(checkout);
    const std::string status_before = git_status_all(checkout);
    const Output dry = torchpatch_in(checkout, {"apply", "--dry", "--format", "diff"});
    CHECK(dry.code == 1);
    auto others = expected_changed_files("v1.13.1");
    others.erase(k_header);
    // The plan holds the changes of the conflict-free patchsets only.
    CHECK(join(paths_of_diff(dry.out)) == join(others));

    const Output partial = torchpatch_in(checkout, {"apply", "--partial"});
    INFO("apply --partial said: " << partial.out << partial.err);
    CHECK(partial.code == 1);
    // Every will-apply patchset of the fixture but flatbuffers, and every file but its header.
    std::size_t applied_patchsets = 0;
    for (const auto& [id, outcome] : expected_outcomes("v1.13.1"))
      applied_patchsets += outcome == "will-apply" && id != "flatbuffers-span-const-count";
    const std::string applied_count = std::to_string(applied_patchsets) + " patchset(s)";
    CHECK(partial.out.find("applied " + applied_count + ", " + std::to_string(others.size()) +
                           " file(s) written") != std::string::npos);
    CHECK(partial.out.find("skipped: ") != std::string::npos);
    const Snapshot applied = snapshot(checkout);
    CHECK(join(changed_paths(before, applied)) == join(others));

    const Output status = torchpatch_in(checkout, {"status"});
    CHECK(status.code == 0);
    CHECK(status.out.find("applied  setuptools-msvccompiler  ") != std::string::npos);
    CHECK(status.out.find("applied  flatbuffers-span-const-count") == std::string::npos);

    const Output revert = torchpatch_in(checkout, {"revert"});
    INFO("revert said: " << revert.out << revert.err);
    CHECK(revert.code == 0);
    CHECK(revert.out.find("reverted " + applied_count) != std::string::npos);
    CHECK(revert.out.find(k_header) == std::string::npos);
    // Everything is back, the hand-made ambiguity in the header included.
    CHECK(describe_changes(before, snapshot(checkout)) == "");
    CHECK(git_status_all(checkout) == status_before);
  }

} // TEST_SUITE

TEST_SUITE("e2e::revert_drift") {

  TEST_CASE(
      "revert: a file edited by hand after apply is refused with a diff, and --force restores it") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.0.1");
    const Snapshot before = snapshot(checkout);
    const std::string status_before = git_status_all(checkout);
    REQUIRE(torchpatch_in(checkout, {"apply"}).code == 0);

    const std::string edited = "torch/csrc/jit/runtime/static/native_ops.cpp";
    const std::string submodule_edited = "third_party/flatbuffers/CMakeLists.txt";
    write_bytes(checkout / edited, read_bytes(checkout / edited) + "// a hand edit after apply\n");
    write_bytes(checkout / submodule_edited,
                read_bytes(checkout / submodule_edited) + "# hand edit\n");
    const Snapshot edited_tree = snapshot(checkout);

    const Output refused = torchpatch_in(checkout, {"revert"});
    INFO("revert said: " << refused.out << refused.err);
    CHECK(refused.code == 1);
    CHECK(refused.out.find("conflict  " + edited +
                           "  (static-runtime-anon-namespace-torch-api): changed since apply") !=
          std::string::npos);
    CHECK(refused.out.find("conflict  " + submodule_edited +
                           "  (cmake-minimum-3-5): changed since apply") != std::string::npos);
    // The diff goes from what torchpatch wrote to what is there now.
    CHECK(refused.out.find("+++ b/" + edited) != std::string::npos);
    CHECK(refused.out.find("\n+// a hand edit after apply\n") != std::string::npos);
    CHECK(refused.out.find("\n+# hand edit\n") != std::string::npos);
    CHECK(refused.out.find("nothing was written") != std::string::npos);
    // Nothing at all was written: the hand edits and every other applied file stay.
    CHECK(describe_changes(edited_tree, snapshot(checkout)) == "");

    const Output dry = torchpatch_in(checkout, {"revert", "--dry", "--force"});
    CHECK(dry.code == 0);
    CHECK(describe_changes(edited_tree, snapshot(checkout)) == "");

    const Output forced = torchpatch_in(checkout, {"revert", "--force"});
    INFO("revert --force said: " << forced.out << forced.err);
    CHECK(forced.code == 0);
    CHECK(forced.out.find("restored  " + edited +
                          "  (static-runtime-anon-namespace-torch-api)  overwriting changes "
                          "made since apply") != std::string::npos);
    CHECK(describe_changes(before, snapshot(checkout)) == "");
    CHECK(git_status_all(checkout) == status_before);
  }

} // TEST_SUITE

TEST_SUITE("e2e::submodule") {

  // A clone without --recursive, or a build against the system's libraries (as Debian builds
  // PyTorch): the edits inside a submodule that is not there are reported, with the way to get it,
  // and block nothing (#12: a second apply on such a tree must exit 0).
  TEST_CASE("apply --dry: an uninitialised submodule's edits are submodule-absent with the git "
            "hint, not a conflict") {
    const std::string hint =
        "submodule third_party/flatbuffers is not initialised, so there is nothing to "
        "patch (fine when building with the system's library); to patch it: git "
        "submodule update --init --recursive, then apply again";
    auto expected = expected_outcomes("v2.0.1");
    expected["flatbuffers-span-const-count"] = "submodule-absent";

    SUBCASE("git submodule deinit") {
      TP_E2E_DIR(dir);
      const fs::path checkout = make_checkout(dir, "v2.0.1");
      git_ok(checkout, "submodule deinit -q -f third_party/flatbuffers");
      REQUIRE_FALSE(fs::exists(checkout / k_header));
      const Output dry = torchpatch_in(checkout, {"apply", "--dry"});
      CHECK(dry.code == 0);
      CHECK(outcomes_of_text(dry.out) == expected);
      CHECK(dry.out.find("    submodule-absent  count-member  " + k_header) != std::string::npos);
      CHECK(dry.out.find(hint) != std::string::npos);
      const Output json = torchpatch_in(checkout, {"apply", "--dry", "--format", "json"});
      CHECK(json.code == 0);
      CHECK(outcomes_of_json(dir, json.out) == expected);
    }
    SUBCASE("a clone without --recurse-submodules") {
      TP_E2E_DIR(dir);
      const fs::path checkout = make_checkout(dir, "v2.0.1");
      const fs::path clone = dir / "clone";
      const Output cloned =
          shell(git() + " clone -q " + quote(checkout.string()) + " " + quote(clone.string()));
      REQUIRE(cloned.code == 0);
      REQUIRE(fs::is_directory(clone / "third_party/flatbuffers"));
      REQUIRE_FALSE(fs::exists(clone / k_header));
      const Snapshot before = snapshot(clone);
      const Output dry = torchpatch_in(clone, {"apply", "--dry"});
      CHECK(dry.code == 0);
      CHECK(outcomes_of_text(dry.out) == expected);
      CHECK(dry.out.find(hint) != std::string::npos);
      const Output apply = torchpatch_in(clone, {"apply"});
      CHECK(apply.code == 0);
      CHECK(describe_changes(before, snapshot(clone)).find("third_party/flatbuffers/") ==
            std::string::npos);
      CHECK(describe_changes(before, snapshot(clone)) != "");
      const Snapshot applied = snapshot(clone);
      std::map<std::string, std::string> expected_after_apply;
      for (const auto& [id, outcome] : expected)
        expected_after_apply[id] = outcome == "will-apply" ? "already-applied" : outcome;
      const Output again = torchpatch_in(clone, {"apply"});
      CHECK(again.code == 0);
      CHECK(outcomes_of_text(again.out) == expected_after_apply);
      CHECK(describe_changes(applied, snapshot(clone)) == "");
      CHECK(torchpatch_in(clone, {"revert"}).code == 0);
      CHECK(describe_changes(before, snapshot(clone)) == "");
    }
  }

} // TEST_SUITE
