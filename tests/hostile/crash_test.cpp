// Interrupted transactions: the real binary killed at random points of `apply` and `revert`, by
// the test-only crash hook (docs/journal.md) and by a real SIGKILL after a random delay. The next
// `revert` must bring every byte of the tree back. POSIX only (fork/kill).
//
// The random points come from one seed: $TP_CRASH_SEED when set, else a fresh one. A failing test
// prints "TP_CRASH_SEED=<n>"; set it to replay the same points (and the same first delays).
#ifndef _WIN32

#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <random>
#include <thread>

#include <fcntl.h>

#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include "hostile/hostile.hpp"
#include "txn/journal.hpp"

extern char** environ;

using namespace tp::hostile;
using tp::e2e::make_checkout;
using tp::e2e::quote;

namespace {

constexpr int k_generated = 40;

// A v2.0.1 checkout with 40 more committed files, and a catalog whose two patchsets change all
// 41 (one file per replacement, so an interruption can fall between any two).
struct CrashSetup {
  fs::path checkout;
  fs::path catalog;
};

CrashSetup crash_setup(const TempDir& dir) {
  CrashSetup s;
  s.checkout = make_checkout(dir, "v2.0.1");
  for (int i = 0; i < k_generated; ++i)
    tp::e2e::write_bytes(s.checkout / ("gen/f" + std::to_string(100 + i) + ".txt"),
                         "line one\r\nhello " + std::to_string(i) + "\r\nno final newline");
  tp::e2e::commit_and_retag(s.checkout, "v2.0.1", "generated files");
  RegexEdit gen;
  gen.files = "['gen/*.txt']";
  gen.pattern = "^hello";
  gen.action = "kind = \"replace\"\ntext = \"bye\\nand a new line\"";
  RegexEdit ver;
  ver.pattern = "2\\.0\\.0a0";
  s.catalog = write_catalog(
      dir, {{"gen.toml", regex_patchset("gen", gen)}, {"ver.toml", regex_patchset("ver", ver)}});
  return s;
}

Output run_binary(const CrashSetup& s, const std::string& command,
                  const std::string& environment = "") {
  return tp::e2e::shell(environment + " " + quote(tp::e2e::binary_path().string()) +
                        " --color never -C " + quote(s.checkout.string()) + " --catalog " +
                        quote(s.catalog.string()) + " " + command);
}

// Starts the binary with `command`, its output discarded; returns the child's pid.
pid_t spawn_binary(const CrashSetup& s, const std::string& command) {
  std::vector<std::string> words{tp::e2e::binary_path().string(),
                                 "--color",
                                 "never",
                                 "-C",
                                 s.checkout.string(),
                                 "--catalog",
                                 s.catalog.string(),
                                 command};
  std::vector<char*> argv;
  for (auto& w : words)
    argv.push_back(w.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid = -1;
  const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  REQUIRE(spawned == 0);
  return pid;
}

// SIGKILLs `pid` after `delay` (or reaps it if it finished first); true when the kill landed.
bool kill_after(pid_t pid, std::chrono::microseconds delay) {
  std::this_thread::sleep_for(delay);
  ::kill(pid, SIGKILL);
  int status = 0;
  REQUIRE(::waitpid(pid, &status, 0) == pid);
  return WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
}

std::chrono::microseconds time_of(const CrashSetup& s, const std::string& command) {
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = spawn_binary(s, command);
  int status = 0;
  REQUIRE(::waitpid(pid, &status, 0) == pid);
  REQUIRE(WIFEXITED(status));
  REQUIRE(WEXITSTATUS(status) == 0);
  return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() -
                                                               start);
}

// $TP_CRASH_SEED (a decimal number) when set, else a fresh seed.
unsigned crash_seed() {
  const char* given = std::getenv("TP_CRASH_SEED");
  if (given == nullptr || *given == '\0')
    return std::random_device{}();
  char* end = nullptr;
  const unsigned long long seed = std::strtoull(given, &end, 10);
  REQUIRE_MESSAGE((*end == '\0' && seed <= 0xffffffffULL),
                  "TP_CRASH_SEED must be a number below 2^32, not '" << std::string(given) << "'");
  return static_cast<unsigned>(seed);
}

// Where a SIGKILL landed, told by what it left: the journal names a pending transaction only
// from the journal entry written before the first file replacement until the commit.
enum class Landed { before_the_writes, during_the_writes, after_the_commit };

Landed where_the_kill_landed(const CrashSetup& s, const TreeHashes& at_start,
                             const TreeHashes& at_kill, bool process_was_killed) {
  if (!process_was_killed)
    return Landed::after_the_commit; // it finished first
  auto journal = tp::txn::read_journal(s.checkout / ".git/torchpatch/journal");
  REQUIRE_MESSAGE(journal, journal.error().message());
  if (*journal && (*journal)->pending != tp::txn::PendingTransaction::none)
    return Landed::during_the_writes;
  // Nothing pending: either nothing was written yet, or everything was and it committed.
  return differences(at_start, at_kill) == "" ? Landed::before_the_writes
                                              : Landed::after_the_commit;
}

// True when a write's temporary (`.<name>.torchpatch-XXXXXX`) is in the tree: the kill landed
// inside one file's write, between creating the temporary and renaming it over the file.
bool temporary_left(const TreeHashes& tree) {
  return std::any_of(tree.begin(), tree.end(), [](const auto& entry) {
    return entry.first.find(".torchpatch-") != std::string::npos;
  });
}

// The delays a command's kills are drawn from, in microseconds after it started: at first the
// whole run and a little past it; each kill that came before the writes raises the lower end and
// each that came after the commit lowers the upper end, so the draws close in on the writes
// however long start-up takes on this machine.
struct DelayWindow {
  long first = 0;
  long last = 0;
  long whole = 0; // the first window's width, to reopen one that timing noise closed

  void narrow(Landed landed, long delay) {
    if (landed == Landed::before_the_writes)
      first = std::max(first, delay);
    else if (landed == Landed::after_the_commit)
      last = std::min(last, delay);
    if (last - first < whole / 100) { // contradicting outcomes (a slow start): widen around it
      first = std::max(0L, first - whole / 10);
      last = last + whole / 10;
    }
  }
};

} // namespace

TEST_SUITE("hostile::crash") {

  TEST_CASE("apply ended by the crash hook at random points, then revert: every byte back") {
    TP_E2E_DIR(dir);
    const CrashSetup s = crash_setup(dir);
    const TreeHashes before = tree_hashes(dir.path());
    const unsigned seed = crash_seed();
    INFO("TP_CRASH_SEED=" << seed << " replays these crash points");
    std::mt19937 generator(seed);
    std::uniform_int_distribution<int> point(0, k_generated + 1);
    for (int round = 0; round < 4; ++round) {
      const int n = point(generator);
      CAPTURE(n);
      const Output killed =
          run_binary(s, "apply", "TORCHPATCH_TEST_CRASH_AFTER=" + std::to_string(n));
      INFO("apply said: " << killed.out << killed.err);
      REQUIRE(killed.code == 137);
      const Output revert = run(s.checkout, s.catalog, {"revert"});
      INFO("revert said: " << revert.out << revert.err);
      CHECK(revert.code == 0);
      CHECK(contains(revert.err, "an interrupted apply was rolled back"));
      CHECK(differences(before, tree_hashes(dir.path())) == "");
    }
  }

  TEST_CASE("revert after an interrupted run says what recovery did (it used to say only 'nothing "
            "to revert')") {
    TP_E2E_DIR(dir);
    const CrashSetup s = crash_setup(dir);
    REQUIRE(run_binary(s, "apply", "TORCHPATCH_TEST_CRASH_AFTER=3").code == 137);
    const Output after_apply = run(s.checkout, s.catalog, {"revert"});
    CHECK(after_apply.code == 0);
    CHECK(after_apply.err == "torchpatch: an interrupted apply was rolled back (3 file(s) restored "
                             "to their original bytes)\n");
    CHECK(after_apply.out == "nothing to revert\n");

    REQUIRE(run(s.checkout, s.catalog, {"apply"}).code == 0);
    REQUIRE(run_binary(s, "revert", "TORCHPATCH_TEST_CRASH_AFTER=5").code == 137);
    const Output after_revert = run(s.checkout, s.catalog, {"revert"});
    CHECK(after_revert.code == 0);
    CHECK(after_revert.err == "torchpatch: an interrupted revert was completed (" +
                                  std::to_string(k_generated + 1 - 5) + " file(s) restored)\n");
    CHECK(after_revert.out == "nothing to revert\n");
  }

  TEST_CASE(
      "recovery removes the temporary that a write killed before its rename left beside a file") {
    // A real SIGKILL can land between creating `.<name>.torchpatch-XXXXXX` and renaming it over the
    // file; the tree must come back without it. Deterministic here: the hook, then the litter.
    TP_E2E_DIR(dir);
    const CrashSetup s = crash_setup(dir);
    const TreeHashes before = tree_hashes(dir.path());
    REQUIRE(run_binary(s, "apply", "TORCHPATCH_TEST_CRASH_AFTER=2").code == 137);
    tp::e2e::write_bytes(s.checkout / "gen/.f120.txt.torchpatch-Ab12Yz", "half written");
    tp::e2e::write_bytes(s.checkout / ".version.txt.torchpatch-QQQQQQ", "");
    // Not a temporary of a journal file: left alone.
    tp::e2e::write_bytes(s.checkout / "gen/.f120.txt.torchpatch-notmine", "someone's");
    const Output revert = run(s.checkout, s.catalog, {"revert"});
    CHECK(revert.code == 0);
    const TreeHashes after = tree_hashes(dir.path());
    const std::string kept = "checkout/gen/.f120.txt.torchpatch-notmine";
    REQUIRE(after.count(kept) == 1);
    CHECK(differences(before, after) == kept + ": added (" + after.at(kept) + ")\n");
  }

  TEST_CASE("revert ended by the crash hook at random points, then revert again: every byte back") {
    TP_E2E_DIR(dir);
    const CrashSetup s = crash_setup(dir);
    const TreeHashes before = tree_hashes(dir.path());
    const unsigned seed = crash_seed();
    INFO("TP_CRASH_SEED=" << seed << " replays these crash points");
    std::mt19937 generator(seed);
    std::uniform_int_distribution<int> point(0, k_generated + 1);
    for (int round = 0; round < 3; ++round) {
      const int n = point(generator);
      CAPTURE(n);
      REQUIRE(run(s.checkout, s.catalog, {"apply"}).code == 0);
      const Output killed =
          run_binary(s, "revert", "TORCHPATCH_TEST_CRASH_AFTER=" + std::to_string(n));
      INFO("revert said: " << killed.out << killed.err);
      REQUIRE(killed.code == 137);
      const Output revert = run(s.checkout, s.catalog, {"revert"});
      INFO("second revert said: " << revert.out << revert.err);
      CHECK(revert.code == 0);
      CHECK(differences(before, tree_hashes(dir.path())) == "");
      CHECK_FALSE(fs::exists(s.checkout / ".git/torchpatch/journal"));
    }
  }

  TEST_CASE("apply and revert killed with a real SIGKILL after a random delay, then revert: every "
            "byte back") {
    TP_E2E_DIR(dir);
    const CrashSetup s = crash_setup(dir);
    const TreeHashes before = tree_hashes(dir.path());
    const unsigned seed = crash_seed();
    INFO("TP_CRASH_SEED=" << seed
                          << " replays the first delays (later ones follow where kills landed)");
    std::mt19937 generator(seed);
    // How long a whole run takes here: the first delays are spread over it (and a little past it).
    const long apply_time = time_of(s, "apply").count();
    const long revert_time = time_of(s, "revert").count();
    REQUIRE(differences(before, tree_hashes(dir.path())) == "");
    DelayWindow windows[2] = {{0, apply_time * 11 / 10, apply_time * 11 / 10},
                              {0, revert_time * 11 / 10, revert_time * 11 / 10}};
    // At least 8 kills, and more until one lands during the writes: a kill before them or after
    // the commit leaves nothing to recover and would prove nothing.
    constexpr int k_least_rounds = 8;
    constexpr int k_most_rounds = 60;
    int landed[3] = {0, 0, 0}; // per Landed
    const auto during = static_cast<int>(Landed::during_the_writes);
    int inside_a_file_write = 0;
    int round = 0;
    for (; round < k_most_rounds && (round < k_least_rounds || landed[during] == 0); ++round) {
      const bool kill_revert = round % 2 == 1;
      DelayWindow& window = windows[kill_revert ? 1 : 0];
      std::uniform_int_distribution<long> delay(window.first, window.last);
      const std::chrono::microseconds wait{delay(generator)};
      CAPTURE(round);
      CAPTURE(wait.count());
      if (kill_revert)
        REQUIRE(run(s.checkout, s.catalog, {"apply"}).code == 0);
      const TreeHashes at_start = tree_hashes(s.checkout);
      const bool killed = kill_after(spawn_binary(s, kill_revert ? "revert" : "apply"), wait);
      const TreeHashes at_kill = tree_hashes(s.checkout);
      const Landed where = where_the_kill_landed(s, at_start, at_kill, killed);
      ++landed[static_cast<int>(where)];
      if (where == Landed::during_the_writes && temporary_left(at_kill))
        ++inside_a_file_write;
      window.narrow(where, wait.count());

      const Output revert = run(s.checkout, s.catalog, {"revert"});
      INFO("revert said: " << revert.out << revert.err);
      CHECK(revert.code == 0);
      if (where == Landed::during_the_writes)
        CHECK(contains(revert.err, kill_revert ? "an interrupted revert was completed"
                                               : "an interrupted apply was rolled back"));
      CHECK(differences(before, tree_hashes(dir.path())) == "");
      CHECK_FALSE(fs::exists(s.checkout / ".git/torchpatch/journal"));
    }
    const std::string summary =
        std::to_string(round) + " kills: " + std::to_string(landed[0]) + " before the writes, " +
        std::to_string(landed[during]) + " during them (" + std::to_string(inside_a_file_write) +
        " inside one file's write), " + std::to_string(landed[2]) + " after the commit";
    MESSAGE(summary);
    CHECK_MESSAGE(landed[during] > 0,
                  "no kill landed during the writes, so recovery was never tested: " << summary);
  }

} // TEST_SUITE

#endif
