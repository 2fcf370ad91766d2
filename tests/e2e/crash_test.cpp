// Real interruptions of the real binary: `torchpatch apply` and `revert` killed (by the test-only
// crash hook) after every file they replace; the next command settles the transaction and the
// tree ends with its original bytes. POSIX only: the hook ends the process like SIGKILL.
#ifndef _WIN32

#include <doctest/doctest.h>

#include "e2e/checkout.hpp"

using namespace tp::e2e;

namespace {

// Runs the built torchpatch (not in process: it is about to die) with the crash hook set.
Output run_binary_crashing_after(std::size_t n, const fs::path& checkout,
                                 const std::string& command) {
  return shell("TORCHPATCH_TEST_CRASH_AFTER=" + std::to_string(n) + " " +
               quote(binary_path().string()) + " --color never -C " + quote(checkout.string()) +
               " " + command);
}

fs::path journal_of(const fs::path& checkout) {
  return checkout / ".git/torchpatch/journal";
}

} // namespace

TEST_SUITE("e2e::crash") {

  TEST_CASE("apply killed after every file: the next command rolls it back, revert finds nothing") {
    TP_FOR_EACH_FIXTURE(fixture) {
      TP_E2E_DIR(dir);
      const fs::path checkout = make_checkout(dir, fixture);
      const Snapshot before = snapshot(checkout);
      const std::string status_before = git_status_all(checkout);
      const std::size_t files = expected_changed_files(fixture).size();
      for (std::size_t n = 0; n <= files; ++n) {
        CAPTURE(n);
        const Output killed = run_binary_crashing_after(n, checkout, "apply");
        INFO("apply said: " << killed.out << killed.err);
        REQUIRE(killed.code == 137);
        CHECK(fs::exists(journal_of(checkout)));
        // The files replaced so far are the new ones; the others are untouched.
        CHECK(changed_paths(before, snapshot(checkout)).size() == n);

        const Output status = torchpatch_in(checkout, {"status"});
        INFO("status said: " << status.out << status.err);
        CHECK(status.code == 0);
        CHECK(status.err.find("an interrupted apply was rolled back (" + std::to_string(n) +
                              " file(s) restored") != std::string::npos);
        CHECK(status.out.find("no patchset is applied") != std::string::npos);
        CHECK(describe_changes(before, snapshot(checkout)) == "");

        const Output revert = torchpatch_in(checkout, {"revert"});
        CHECK(revert.code == 0);
        CHECK(revert.out == "nothing to revert\n");
        CHECK(describe_changes(before, snapshot(checkout)) == "");
        CHECK(git_status_all(checkout) == status_before);
      }
      // Past the last file the hook never fires: the apply commits.
      const Output whole = run_binary_crashing_after(files + 1, checkout, "apply");
      CHECK(whole.code == 0);
      CHECK(changed_paths(before, snapshot(checkout)).size() == files);
      CHECK(torchpatch_in(checkout, {"revert"}).code == 0);
      CHECK(describe_changes(before, snapshot(checkout)) == "");
    }
  }

  TEST_CASE("revert killed after every file: the next command completes it") {
    TP_FOR_EACH_FIXTURE(fixture) {
      TP_E2E_DIR(dir);
      const fs::path checkout = make_checkout(dir, fixture);
      const Snapshot before = snapshot(checkout);
      const std::string status_before = git_status_all(checkout);
      const std::size_t files = expected_changed_files(fixture).size();
      for (std::size_t n = 0; n <= files; ++n) {
        CAPTURE(n);
        REQUIRE(torchpatch_in(checkout, {"apply"}).code == 0);
        const Snapshot applied = snapshot(checkout);
        const Output killed = run_binary_crashing_after(n, checkout, "revert");
        INFO("revert said: " << killed.out << killed.err);
        REQUIRE(killed.code == 137);
        CHECK(changed_paths(applied, snapshot(checkout)).size() == n);

        const Output status = torchpatch_in(checkout, {"status"});
        INFO("status said: " << status.out << status.err);
        CHECK(status.code == 0);
        CHECK(status.err.find("an interrupted revert was completed") != std::string::npos);
        CHECK(describe_changes(before, snapshot(checkout)) == "");
        CHECK_FALSE(fs::exists(journal_of(checkout)));
        CHECK(git_status_all(checkout) == status_before);
      }
    }
  }

} // TEST_SUITE

#endif
