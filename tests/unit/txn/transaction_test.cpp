#include "txn/transaction.hpp"

#include <chrono>
#include <string>

#include <doctest/doctest.h>

#include "txn/journal.hpp"
#include "txn/txn_fixture.hpp"

namespace fs = std::filesystem;
using namespace tp::txn;
using tp::test::TxnFixture;

using tp::test::k_crlf_bom;
using tp::test::k_no_final_newline;
using tp::test::ThreeFiles;

TEST_SUITE("txn::transaction") {

  TEST_CASE("apply_transaction: writes every file and records the patchsets in order") {
    ThreeFiles t;
    auto applied = t.apply(t.patchsets());
    REQUIRE_MESSAGE(applied, applied.error().message());
    CHECK(applied->files_written == 3);
    REQUIRE(applied->patchsets.size() == 2);
    CHECK(applied->patchsets[0].id == "first");
    CHECK(applied->patchsets[1].files == 1);
    CHECK(t.read("a.txt") == "\xEF\xBB\xBF"
                             "a\r\nNEW\r\nb\r\n");
    CHECK(t.read("sub/c.sh") == "#!/bin/sh\nexit 0\n");
#ifndef _WIN32
    CHECK(fs::status(t.root / "sub/c.sh").permissions() == fs::perms(0755));
#endif

    auto journal = read_journal(t.journal_file());
    REQUIRE(journal);
    REQUIRE(journal->has_value());
    const Journal& j = **journal;
    CHECK(j.pending == PendingTransaction::none);
    CHECK(j.engine_version == "0.1.0");
    CHECK(j.catalog_version == "1.2.0");
    REQUIRE(j.entries.size() == 2);
    CHECK(j.entries[0].skipped == std::vector<std::string>{"edit-x a.txt: anchor_missing: gone"});
    CHECK(j.entries[0].files[0].original == k_crlf_bom);
    CHECK(j.entries[1].files[0].repository == "sub");
    CHECK(j.entries[1].catalog_version == "1.2.0");
  }

  TEST_CASE("revert: after apply every file is byte-identical to before and the journal is gone") {
    ThreeFiles t;
    REQUIRE(t.apply(t.patchsets()));
    auto reverted = revert(t.root, t.journal_dir, {}, Force::no, Dry::no);
    REQUIRE_MESSAGE(reverted, reverted.error().message());
    CHECK(reverted->outcome == RevertOutcome::reverted);
    CHECK(reverted->reverted == std::vector<std::string>{"second", "first"});
    CHECK(reverted->restored.size() == 3);
    t.check_original();
#ifndef _WIN32
    CHECK(fs::status(t.root / "sub/c.sh").permissions() == fs::perms(0755));
#endif
    CHECK_FALSE(fs::exists(t.journal_file()));
  }

  TEST_CASE("revert: one id among several leaves the others applied") {
    ThreeFiles t;
    REQUIRE(t.apply(t.patchsets()));
    auto reverted = revert(t.root, t.journal_dir, {"first"});
    REQUIRE(reverted);
    CHECK(reverted->outcome == RevertOutcome::reverted);
    CHECK(reverted->reverted == std::vector<std::string>{"first"});
    CHECK(t.read("a.txt") == k_crlf_bom);
    CHECK(t.read("dir/b.txt") == k_no_final_newline);
    CHECK(t.read("sub/c.sh") == "#!/bin/sh\nexit 0\n");

    auto state = load_journal(t.root, t.journal_dir);
    REQUIRE(state);
    REQUIRE(state->patchsets.size() == 1);
    CHECK(state->patchsets[0].id == "second");
  }

  TEST_CASE("revert: an id that is not applied is reported, not an error") {
    ThreeFiles t;
    REQUIRE(t.apply(t.patchsets()));
    auto reverted = revert(t.root, t.journal_dir, {"nope"});
    REQUIRE(reverted);
    CHECK(reverted->outcome == RevertOutcome::nothing_to_do);
    CHECK(reverted->not_applied == std::vector<std::string>{"nope"});
    CHECK(t.read("sub/c.sh") == "#!/bin/sh\nexit 0\n");
  }

  TEST_CASE("revert: a file changed by hand is a conflict and is kept; Force::yes overwrites it") {
    ThreeFiles t;
    REQUIRE(t.apply(t.patchsets()));
    t.write("dir/b.txt", "hand edit\n");

    auto refused = revert(t.root, t.journal_dir, {}, Force::no, Dry::no);
    REQUIRE(refused);
    CHECK(refused->outcome == RevertOutcome::conflicted);
    REQUIRE(refused->conflicts.size() == 1);
    const Conflict& conflict = refused->conflicts[0];
    CHECK(conflict.patchset == "first");
    CHECK(conflict.path == "dir/b.txt");
    CHECK(conflict.kind == ConflictKind::changed_since_apply);
    CHECK(conflict.current == "hand edit\n");
    CHECK(conflict.expected == "cmake_minimum_required(VERSION 3.18)");
    CHECK(conflict.original == k_no_final_newline);
    // Nothing at all was written: not the conflicting file, not the others.
    CHECK(t.read("dir/b.txt") == "hand edit\n");
    CHECK(t.read("a.txt") == "\xEF\xBB\xBF"
                             "a\r\nNEW\r\nb\r\n");
    CHECK(t.read("sub/c.sh") == "#!/bin/sh\nexit 0\n");
    CHECK(fs::exists(t.journal_file()));

    auto forced = revert(t.root, t.journal_dir, {}, Force::yes, Dry::no);
    REQUIRE(forced);
    CHECK(forced->outcome == RevertOutcome::reverted);
    CHECK(forced->conflicts.empty());
    int overwritten = 0;
    for (const RestoredFile& file : forced->restored) {
      overwritten += file.overwrote_changes ? 1 : 0;
    }
    CHECK(overwritten == 1);
    t.check_original();
  }

  TEST_CASE("revert: a missing file is a conflict; Force::yes restores it") {
    ThreeFiles t;
    REQUIRE(t.apply(t.patchsets()));
    fs::remove(t.root / "a.txt");
    auto refused = revert(t.root, t.journal_dir, {"first"});
    REQUIRE(refused);
    REQUIRE(refused->conflicts.size() == 1);
    CHECK(refused->conflicts[0].kind == ConflictKind::missing);
    CHECK_FALSE(t.exists("a.txt"));
    auto forced = revert(t.root, t.journal_dir, {"first"}, Force::yes);
    REQUIRE(forced);
    CHECK(t.read("a.txt") == k_crlf_bom);
  }

  TEST_CASE("revert: a file already back to its original bytes is not a conflict") {
    ThreeFiles t;
    REQUIRE(t.apply(t.patchsets()));
    t.write("a.txt", k_crlf_bom);
    auto reverted = revert(t.root, t.journal_dir, {});
    REQUIRE(reverted);
    CHECK(reverted->outcome == RevertOutcome::reverted);
    t.check_original();
  }

  TEST_CASE("revert: Dry::yes reports the same and writes nothing") {
    ThreeFiles t;
    REQUIRE(t.apply(t.patchsets()));
    const std::string journal_before = t.dir.read("tree/.git/torchpatch/journal");
    auto dry = revert(t.root, t.journal_dir, {}, Force::no, Dry::yes);
    REQUIRE(dry);
    CHECK(dry->outcome == RevertOutcome::would_revert);
    CHECK(dry->reverted == std::vector<std::string>{"second", "first"});
    CHECK(dry->restored.size() == 3);
    CHECK(t.read("a.txt") == "\xEF\xBB\xBF"
                             "a\r\nNEW\r\nb\r\n");
    CHECK(t.dir.read("tree/.git/torchpatch/journal") == journal_before);

    t.write("a.txt", "edited");
    auto dry_conflict = revert(t.root, t.journal_dir, {}, Force::no, Dry::yes);
    REQUIRE(dry_conflict);
    CHECK(dry_conflict->outcome == RevertOutcome::conflicted);
    CHECK(dry_conflict->conflicts.size() == 1);
  }

  TEST_CASE("revert: a file changed again by a later applied patchset is a conflict even forced") {
    TxnFixture t;
    t.write("f.txt", "v0\n");
    REQUIRE(t.apply({PatchsetChange{"one", {t.change("f.txt", "v1\n")}, {}}}));
    REQUIRE(t.apply({PatchsetChange{"two", {t.change("f.txt", "v2\n")}, {}}}));

    for (Force force : {Force::no, Force::yes}) {
      auto refused = revert(t.root, t.journal_dir, {"one"}, force);
      REQUIRE(refused);
      CHECK(refused->outcome == RevertOutcome::conflicted);
      REQUIRE(refused->conflicts.size() == 1);
      CHECK(refused->conflicts[0].kind == ConflictKind::changed_by_later_patchset);
      CHECK(refused->conflicts[0].later_patchset == "two");
      CHECK(t.read("f.txt") == "v2\n");
    }

    auto both = revert(t.root, t.journal_dir, {"one", "two"});
    REQUIRE(both);
    CHECK(both->outcome == RevertOutcome::reverted);
    CHECK(t.read("f.txt") == "v0\n");
  }

  TEST_CASE("apply_transaction: two patchsets changing one file chain their bytes") {
    TxnFixture t;
    t.write("f.txt", "v0\n");
    auto applied = t.apply({PatchsetChange{"one", {FileChange{"f.txt", "", "v0\n", "v1\n"}}, {}},
                            PatchsetChange{"two", {FileChange{"f.txt", "", "v1\n", "v2\n"}}, {}}});
    REQUIRE(applied);
    CHECK(applied->files_written == 1);
    CHECK(t.read("f.txt") == "v2\n");
    auto state = load_journal(t.root, t.journal_dir);
    REQUIRE(state);
    REQUIRE(state->patchsets.size() == 2);
    CHECK(state->patchsets[0].files[0].state == FileState::unchanged);

    auto broken = t.apply({PatchsetChange{"three", {FileChange{"f.txt", "", "v2\n", "v3\n"}}, {}},
                           PatchsetChange{"four", {FileChange{"f.txt", "", "v9\n", "v4\n"}}, {}}});
    REQUIRE_FALSE(broken);
    CHECK(broken.error().message().find("does not start from the bytes") != std::string::npos);
    CHECK(t.read("f.txt") == "v2\n");
  }

  TEST_CASE("apply_transaction: refuses the whole run when any path leaves the root") {
    TxnFixture t;
    t.write("ok.txt", "ok\n");
    t.dir.write("outside.txt", "secret\n");
    auto applied = t.apply(
        {PatchsetChange{"good", {t.change("ok.txt", "changed\n")}, {}},
         PatchsetChange{"evil", {FileChange{"../outside.txt", "", "secret\n", "owned\n"}}, {}}});
    REQUIRE_FALSE(applied);
    CHECK(applied.error().message() ==
          "apply evil: refusing path '../outside.txt': '..' climbs out of the checkout root");
    CHECK(t.read("ok.txt") == "ok\n");
    CHECK(t.dir.read("outside.txt") == "secret\n");
    CHECK_FALSE(fs::exists(t.journal_file()));
  }

  TEST_CASE("apply_transaction: refuses paths inside a .git directory") {
    TxnFixture t;
    t.write(".git/config", "[core]\n");
    t.write("sub/.git/HEAD", "ref\n");
    for (const char* path : {".git/config", "sub/.git/HEAD"}) {
      CAPTURE(path);
      auto applied = t.apply({PatchsetChange{"p", {t.change(path, "owned\n")}, {}}});
      REQUIRE_FALSE(applied);
      CHECK(applied.error().message() ==
            "apply p: refusing path '" + std::string(path) + "': it is inside a .git directory");
    }
    CHECK(t.read(".git/config") == "[core]\n");
  }

  TEST_CASE("apply_transaction: refuses binary content") {
    TxnFixture t;
    t.write("f.txt", "text\n");
    auto applied = t.apply({PatchsetChange{
        "p", {t.change("f.txt", std::string("te\0xt\n", 6) /* 6 bytes, NUL included */)}, {}}});
    REQUIRE_FALSE(applied);
    CHECK(applied.error().message() ==
          "apply p: refusing to write f.txt: it holds NUL bytes (binary files are never written)");
    CHECK(t.read("f.txt") == "text\n");
    CHECK_FALSE(fs::exists(t.journal_file()));
  }

  TEST_CASE("apply_transaction: refuses a file that changed since the plan, or that is missing") {
    TxnFixture t;
    t.write("f.txt", "planned\n");
    const FileChange change = t.change("f.txt", "new\n");
    t.write("f.txt", "edited meanwhile\n");
    auto applied = t.apply({PatchsetChange{"p", {change}, {}}});
    REQUIRE_FALSE(applied);
    CHECK(applied.error().message() == "apply p: f.txt changed on disk since the plan was made");
    CHECK(t.read("f.txt") == "edited meanwhile\n");

    auto missing = t.apply({PatchsetChange{"p", {FileChange{"gone.txt", "", "", "x"}}, {}}});
    REQUIRE_FALSE(missing);
    CHECK(missing.error().message() == "apply p: gone.txt does not exist");
  }

  TEST_CASE("apply_transaction: refuses a patchset that is already applied") {
    TxnFixture t;
    t.write("f.txt", "v0\n");
    REQUIRE(t.apply({PatchsetChange{"p", {t.change("f.txt", "v1\n")}, {}}}));
    auto again = t.apply({PatchsetChange{"p", {t.change("f.txt", "v2\n")}, {}}});
    REQUIRE_FALSE(again);
    CHECK(again.error().message() == "apply p: the patchset is already applied (or listed twice)");
    CHECK(t.read("f.txt") == "v1\n");
  }

  TEST_CASE("apply_transaction: backslash paths name the same file") {
    TxnFixture t;
    t.write("dir/f.txt", "v0\n");
    auto applied =
        t.apply({PatchsetChange{"p", {FileChange{"dir\\f.txt", "", "v0\n", "v1\n"}}, {}}});
    REQUIRE(applied);
    auto state = load_journal(t.root, t.journal_dir);
    REQUIRE(state);
    CHECK(state->patchsets[0].files[0].path == "dir/f.txt");
  }

  TEST_CASE("apply_transaction: fails with a clear message while another writer holds the lock") {
    TxnFixture t;
    t.write("f.txt", "v0\n");
    fs::create_directories(t.journal_dir);
    auto held =
        tp::platform::FileLock::acquire(lock_path(t.journal_dir), std::chrono::milliseconds(0));
    REQUIRE(held);
    auto applied = t.apply({PatchsetChange{"p", {t.change("f.txt", "v1\n")}, {}}});
    REQUIRE_FALSE(applied);
    CHECK(applied.error().message().find("apply: another torchpatch is running") == 0);
    CHECK(t.read("f.txt") == "v0\n");
  }

  TEST_CASE("load_journal: reports each file unchanged, changed or missing") {
    ThreeFiles t;
    auto empty = load_journal(t.root, t.journal_dir);
    REQUIRE(empty);
    CHECK_FALSE(empty->exists);

    REQUIRE(t.apply(t.patchsets()));
    t.write("dir/b.txt", "edited");
    fs::remove(t.root / "sub/c.sh");
    auto state = load_journal(t.root, t.journal_dir);
    REQUIRE(state);
    CHECK(state->exists);
    CHECK_FALSE(state->interrupted);
    REQUIRE(state->patchsets.size() == 2);
    const PatchsetStatus& first = state->patchsets[0];
    CHECK(first.id == "first");
    CHECK(first.catalog_version == "1.2.0");
    CHECK(first.applied_at.size() == 20);
    REQUIRE(first.files.size() == 2);
    CHECK(first.files[0].state == FileState::unchanged);
    CHECK(first.files[1].state == FileState::changed);
    CHECK(state->patchsets[1].files[0].state == FileState::missing);
    CHECK(state->patchsets[1].files[0].repository == "sub");
  }

  TEST_CASE("every command: a corrupt journal is an error naming it, and is left untouched") {
    ThreeFiles t;
    REQUIRE(t.apply({t.patchsets()[0]}));
    std::string bytes = t.dir.read("tree/.git/torchpatch/journal");
    bytes.resize(bytes.size() / 2);
    t.dir.write("tree/.git/torchpatch/journal", bytes);
    const std::string expected =
        "corrupt journal " + tp::platform::display_path(t.journal_file()) + ": ";

    auto recovered = recover_interrupted(t.root, t.journal_dir);
    REQUIRE_FALSE(recovered);
    CHECK(recovered.error().message().find(expected) == 0);
    auto reverted = revert(t.root, t.journal_dir, {});
    REQUIRE_FALSE(reverted);
    CHECK(reverted.error().message().find(expected) != std::string::npos);
    auto applied = t.apply({t.patchsets()[1]});
    REQUIRE_FALSE(applied);
    CHECK(applied.error().message().find(expected) != std::string::npos);
    auto state = load_journal(t.root, t.journal_dir);
    REQUIRE_FALSE(state);
    CHECK(state.error().message().find(expected) == 0);

    CHECK(t.dir.read("tree/.git/torchpatch/journal") == bytes);
    CHECK(t.read("sub/c.sh") == "#!/bin/sh\n");
  }

} // TEST_SUITE
