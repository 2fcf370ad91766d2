// Recovery after an interruption at every point, simulated by writing the states an interrupted
// run leaves behind (the journal entry written, N files replaced, no commit). crash_test.cpp
// does the same with a real process killed by the crash hook.
#include "txn/transaction.hpp"

#include <string>

#include <doctest/doctest.h>

#include "txn/journal.hpp"
#include "txn/txn_fixture.hpp"

namespace fs = std::filesystem;
using namespace tp::txn;
using tp::test::ThreeFiles;

namespace {

// The journal an apply of ThreeFiles::patchsets() writes before replacing any file.
Journal pending_apply(const ThreeFiles& t) {
  Journal journal;
  journal.engine_version = t.versions.engine;
  journal.catalog_version = t.versions.catalog;
  journal.pending = PendingTransaction::apply;
  for (const PatchsetChange& patchset : t.patchsets()) {
    JournalEntry entry;
    entry.id = patchset.id;
    entry.applied_at = "2024-05-01T00:00:00Z";
    entry.state = EntryState::applying;
    for (const FileChange& change : patchset.files) {
      entry.files.push_back(JournalFile{change.path, change.repository, change.before, change.after,
                                        fnv1a_64(change.before), fnv1a_64(change.after)});
    }
    journal.entries.push_back(entry);
  }
  return journal;
}

// Writes `journal` as the interrupted run left it.
void store(const ThreeFiles& t, const Journal& journal) {
  fs::create_directories(t.journal_dir);
  REQUIRE(write_journal(t.journal_file(), journal));
}

// The files in the order a transaction replaces them, with the bytes an apply writes.
const std::vector<std::pair<std::string, std::string>> k_apply_writes = {
    {"a.txt", ThreeFiles::k_a_after},
    {"dir/b.txt", ThreeFiles::k_b_after},
    {"sub/c.sh", ThreeFiles::k_c_after},
};

} // namespace

TEST_SUITE("txn::transaction") {

  TEST_CASE("recover_interrupted: nothing to do without a journal or with a finished one") {
    ThreeFiles t;
    auto none = recover_interrupted(t.root, t.journal_dir);
    REQUIRE(none);
    CHECK(none->kind == RecoveryKind::nothing_pending);
    CHECK_FALSE(fs::exists(t.journal_dir)); // nothing created either

    REQUIRE(t.apply(t.patchsets()));
    auto finished = recover_interrupted(t.root, t.journal_dir);
    REQUIRE(finished);
    CHECK(finished->kind == RecoveryKind::nothing_pending);
    t.check_applied();
  }

  TEST_CASE("recover_interrupted: an apply interrupted after N replacements is rolled back") {
    for (std::size_t replaced = 0; replaced <= k_apply_writes.size(); ++replaced) {
      CAPTURE(replaced);
      ThreeFiles t;
      store(t, pending_apply(t));
      for (std::size_t i = 0; i < replaced; ++i) {
        t.write(k_apply_writes[i].first, k_apply_writes[i].second);
      }
      auto status = load_journal(t.root, t.journal_dir);
      REQUIRE(status);
      CHECK(status->interrupted);
      CHECK(status->patchsets.empty()); // an uncommitted apply is not applied

      auto blocked_apply = t.apply(t.patchsets());
      REQUIRE_FALSE(blocked_apply);
      CHECK(blocked_apply.error().message().find("an interrupted transaction is pending") !=
            std::string::npos);

      auto recovered = recover_interrupted(t.root, t.journal_dir);
      REQUIRE_MESSAGE(recovered, recovered.error().message());
      CHECK(recovered->kind == RecoveryKind::rolled_back_apply);
      CHECK(recovered->patchsets == std::vector<std::string>{"first", "second"});
      CHECK(recovered->restored.size() == replaced);
      t.check_original();
      CHECK_FALSE(fs::exists(t.journal_file()));

      // And the tree is usable again: the same apply now goes through.
      REQUIRE(t.apply(t.patchsets()));
      t.check_applied();
    }
  }

  TEST_CASE("recover_interrupted: an interrupted apply keeps the patchsets committed before it") {
    ThreeFiles t;
    const auto patchsets = t.patchsets();
    REQUIRE(t.apply({patchsets[0]}));
    auto journal = read_journal(t.journal_file());
    REQUIRE(journal);
    Journal pending = **journal;
    pending.pending = PendingTransaction::apply;
    pending.entries.push_back(pending_apply(t).entries[1]);
    REQUIRE(write_journal(t.journal_file(), pending));
    t.write("sub/c.sh", ThreeFiles::k_c_after);

    auto recovered = recover_interrupted(t.root, t.journal_dir);
    REQUIRE(recovered);
    CHECK(recovered->kind == RecoveryKind::rolled_back_apply);
    CHECK(recovered->patchsets == std::vector<std::string>{"second"});
    CHECK(t.read("sub/c.sh") == "#!/bin/sh\n");
    CHECK(t.read("a.txt") == ThreeFiles::k_a_after);
    auto state = load_journal(t.root, t.journal_dir);
    REQUIRE(state);
    CHECK_FALSE(state->interrupted);
    REQUIRE(state->patchsets.size() == 1);
    CHECK(state->patchsets[0].id == "first");
  }

  TEST_CASE("recover_interrupted: a revert interrupted after N replacements is completed") {
    // A revert writes newest first: sub/c.sh, then dir/b.txt, then a.txt.
    const std::vector<std::pair<std::string, std::string>> revert_writes = {
        {"sub/c.sh", "#!/bin/sh\n"},
        {"dir/b.txt", tp::test::k_no_final_newline},
        {"a.txt", tp::test::k_crlf_bom},
    };
    for (PendingTransaction kind :
         {PendingTransaction::revert, PendingTransaction::revert_forced}) {
      for (std::size_t replaced = 0; replaced <= revert_writes.size(); ++replaced) {
        CAPTURE(replaced);
        ThreeFiles t;
        REQUIRE(t.apply(t.patchsets()));
        auto journal = read_journal(t.journal_file());
        REQUIRE(journal);
        Journal pending = **journal;
        pending.pending = kind;
        for (JournalEntry& entry : pending.entries) {
          entry.state = EntryState::reverting;
        }
        REQUIRE(write_journal(t.journal_file(), pending));
        for (std::size_t i = 0; i < replaced; ++i) {
          t.write(revert_writes[i].first, revert_writes[i].second);
        }

        auto recovered = recover_interrupted(t.root, t.journal_dir);
        REQUIRE_MESSAGE(recovered, recovered.error().message());
        CHECK(recovered->kind == RecoveryKind::completed_revert);
        CHECK(recovered->restored.size() == revert_writes.size() - replaced);
        t.check_original();
        CHECK_FALSE(fs::exists(t.journal_file()));
      }
    }
  }

  TEST_CASE("recover_interrupted: a file changed after the crash blocks recovery unless forced") {
    ThreeFiles t;
    store(t, pending_apply(t));
    t.write("a.txt", ThreeFiles::k_a_after);
    t.write("dir/b.txt", "edited after the crash\n");

    auto blocked = recover_interrupted(t.root, t.journal_dir);
    REQUIRE(blocked);
    CHECK(blocked->kind == RecoveryKind::blocked);
    REQUIRE(blocked->conflicts.size() == 1);
    CHECK(blocked->conflicts[0].path == "dir/b.txt");
    CHECK(blocked->conflicts[0].current == "edited after the crash\n");
    CHECK(blocked->conflicts[0].expected == ThreeFiles::k_b_after);
    CHECK(blocked->restored.empty());
    CHECK(t.read("a.txt") == ThreeFiles::k_a_after); // nothing written
    auto still = load_journal(t.root, t.journal_dir);
    REQUIRE(still);
    CHECK(still->interrupted);

    auto forced = recover_interrupted(t.root, t.journal_dir, Force::yes);
    REQUIRE(forced);
    CHECK(forced->kind == RecoveryKind::rolled_back_apply);
    t.check_original();
    CHECK_FALSE(fs::exists(t.journal_file()));
  }

  TEST_CASE("revert: refuses to start while a transaction is pending") {
    ThreeFiles t;
    store(t, pending_apply(t));
    auto reverted = revert(t.root, t.journal_dir, {});
    REQUIRE_FALSE(reverted);
    CHECK(reverted.error().message() == "revert: an interrupted transaction is pending in " +
                                            tp::platform::display_path(t.journal_file()) +
                                            "; recover it first");
  }

#ifndef _WIN32
  TEST_CASE("apply_transaction: a failed replacement restores the files already replaced") {
    tp::test::TxnFixture t;
    // The temporary beside a 240-character name exceeds NAME_MAX (255), so replacing that file
    // fails after a.txt has been replaced.
    const std::string long_name(240, 'x');
    t.write("a.txt", "a0\n");
    t.write(long_name, "x0\n");
    auto applied = t.apply({PatchsetChange{"p", {t.change("a.txt", "a1\n")}, {}},
                            PatchsetChange{"q", {t.change(long_name, "x1\n")}, {}}});
    REQUIRE_FALSE(applied);
    CHECK(applied.error().message().find("apply: writing ") == 0);
    CHECK(applied.error().message().find("(the files already replaced were restored)") !=
          std::string::npos);
    CHECK(t.read("a.txt") == "a0\n");
    CHECK(t.read(long_name) == "x0\n");
    CHECK_FALSE(fs::exists(t.journal_file()));
  }
#endif

} // TEST_SUITE
