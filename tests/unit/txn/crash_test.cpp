// Real interruptions: a child process runs a transaction with the test-only crash hook
// (TORCHPATCH_TEST_CRASH_AFTER) and dies with std::_Exit(137) at every point; the parent then
// recovers, as the next torchpatch command would. POSIX only (fork).
#ifndef _WIN32

#include <cstdlib>
#include <functional>
#include <string>

#include <sys/wait.h>
#include <unistd.h>

#include <doctest/doctest.h>

#include "txn/transaction.hpp"
#include "txn/txn_fixture.hpp"

namespace fs = std::filesystem;
using namespace tp::txn;
using tp::test::ThreeFiles;

namespace {

// Runs `transaction` in a child process with the crash hook set to `crash_after` and returns
// the child's exit status: 137 when the hook fired, 0 when the transaction succeeded, 1 when it
// failed.
int run_in_child(long crash_after, const std::function<bool()>& transaction) {
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    ::setenv(k_crash_hook_variable, std::to_string(crash_after).c_str(), 1);
    std::_Exit(transaction() ? 0 : 1);
  }
  int status = 0;
  REQUIRE(::waitpid(pid, &status, 0) == pid);
  REQUIRE(WIFEXITED(status));
  return WEXITSTATUS(status);
}

} // namespace

TEST_SUITE("txn::transaction") {

  TEST_CASE("apply_transaction: killed at every point, the next command rolls it back") {
    for (long crash_after = 0; crash_after <= 4; ++crash_after) {
      CAPTURE(crash_after);
      ThreeFiles t;
      const auto patchsets = t.patchsets();
      const int status = run_in_child(crash_after, [&] {
        return static_cast<bool>(apply_transaction(t.root, t.journal_dir, patchsets, t.versions));
      });
      if (crash_after > 3) {
        // Three replacements, then the commit: a hook past the last one never fires.
        CHECK(status == 0);
        t.check_applied();
        continue;
      }
      CHECK(status == 137);
      auto state = load_journal(t.root, t.journal_dir);
      REQUIRE(state);
      CHECK(state->interrupted);

      auto recovered = recover_interrupted(t.root, t.journal_dir);
      REQUIRE_MESSAGE(recovered, recovered.error().message());
      CHECK(recovered->kind == RecoveryKind::rolled_back_apply);
      CHECK(recovered->restored.size() == static_cast<std::size_t>(crash_after));
      t.check_original();
      CHECK_FALSE(fs::exists(t.journal_file()));
    }
  }

  TEST_CASE("revert: killed at every point, the next command completes it") {
    for (long crash_after = 0; crash_after <= 3; ++crash_after) {
      CAPTURE(crash_after);
      ThreeFiles t;
      REQUIRE(t.apply(t.patchsets()));
      t.write("dir/b.txt", "hand edit\n"); // forced over, so the recovery must force it too
      const int status = run_in_child(crash_after, [&] {
        return static_cast<bool>(revert(t.root, t.journal_dir, {}, Force::yes, Dry::no));
      });
      CHECK(status == 137);

      auto recovered = recover_interrupted(t.root, t.journal_dir);
      REQUIRE_MESSAGE(recovered, recovered.error().message());
      CHECK(recovered->kind == RecoveryKind::completed_revert);
      CHECK(recovered->restored.size() == 3 - static_cast<std::size_t>(crash_after));
      t.check_original();
      CHECK_FALSE(fs::exists(t.journal_file()));
    }
  }

} // TEST_SUITE

#endif
