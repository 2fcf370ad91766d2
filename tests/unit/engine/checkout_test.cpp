// The checkout's use cases on a small git checkout: what each returns, the exit code each error
// carries, and a recovery reported as data.
#include "engine/checkout.hpp"

#include <filesystem>
#include <string>

#include <doctest/doctest.h>

#include "engine/plan_support.hpp"
#include "platform/test_dir.hpp"
#include "platform/test_git.hpp"
#include "txn/journal.hpp"

namespace fs = std::filesystem;
using namespace tp::engine;
using tp::ExitCode;
using tp::test::git;

namespace {

// A git checkout tagged v2.0.1 holding a.txt = "old\n", and a catalog whose one patchset `p`
// replaces "old" by "new".
struct SmallCheckout {
  tp::test::TestDir dir;
  fs::path root = dir / "checkout";
  tp::catalog::Catalog catalog = plan_test::catalog_of(
      {{"p.toml", plan_test::patchset(
                      "p", plan_test::regex_edit("a.txt", "old",
                                                 "kind = \"replace\"\ntext = \"new\"", "new"))}});

  SmallCheckout() {
    dir.write("checkout/a.txt", "old\n");
    git(root, "init -q");
    git(root, "add -A");
    git(root, "commit -q -m one");
    git(root, "tag v2.0.1");
  }
  CheckoutRequest request() const {
    CheckoutRequest r;
    r.directory = root;
    return r;
  }
  CatalogLoader loader() const {
    return [this]() -> tp::Result<const tp::catalog::Catalog*> { return &catalog; };
  }
  fs::path journal_dir() const { return journal_dir_of(root / ".git"); }
  std::string read(const char* file) const { return dir.read("checkout/" + std::string(file)); }

  // What an apply of `p` killed after replacing a.txt leaves behind: a pending journal entry.
  void interrupt_apply() const {
    tp::txn::Journal journal;
    journal.pending = tp::txn::PendingTransaction::apply;
    tp::txn::JournalEntry entry;
    entry.id = "p";
    entry.applied_at = "2024-05-01T00:00:00Z";
    entry.state = tp::txn::EntryState::applying;
    entry.files.push_back(
        {"a.txt", "", "old\n", "new\n", tp::txn::fnv1a_64("old\n"), tp::txn::fnv1a_64("new\n")});
    journal.entries.push_back(entry);
    fs::create_directories(journal_dir());
    REQUIRE(tp::txn::write_journal(tp::txn::journal_path(journal_dir()), journal));
    dir.write("checkout/a.txt", "new\n");
  }
};

} // namespace

TEST_SUITE("engine::checkout") {

  TEST_CASE("open_checkout: the repository holding the folder, its version from the tag") {
    SmallCheckout c;
    c.dir.write("checkout/sub/b.txt", "b\n");
    auto request = c.request();
    request.directory = c.root / "sub"; // anywhere inside, as git finds it
    auto opened = open_checkout(request);
    REQUIRE_MESSAGE(opened, opened.error().message());
    CHECK(opened->repository);
    CHECK(opened->root == c.root);
    CHECK(opened->version.source == "tag v2.0.1 at HEAD");
  }

  TEST_CASE("open_checkout: a folder outside any repository needs --torch-version; errors are "
            "environment errors") {
    TP_TEST_DIR(dir);
    dir.write("plain/a.txt", "old\n");
    CheckoutRequest request;
    request.directory = dir / "plain";
    auto outside = open_checkout(request);
    REQUIRE_FALSE(outside);
    CHECK(outside.error().code() == ExitCode::environment);
    CHECK(outside.error().message().find("is not inside a git checkout") != std::string::npos);

    request.outside_message = "said my way";
    CHECK(open_checkout(request).error().message() == "said my way");

    request.torch_version = "1.13.1";
    auto plain = open_checkout(request);
    REQUIRE(plain);
    CHECK_FALSE(plain->repository);
    CHECK(plain->version.source == "--torch-version");

    request.directory = "no-such-folder";
    auto missing = open_checkout(request);
    REQUIRE_FALSE(missing);
    CHECK(missing.error().message() == "no-such-folder: no such folder");
    CHECK(missing.error().code() == ExitCode::environment);
    request.plain_folder = PlainFolder::as_given; // explain's look: taken as given
    auto as_given = open_checkout(request);
    REQUIRE(as_given);
    CHECK(as_given->root == fs::path("no-such-folder"));
  }

  TEST_CASE(
      "plan_checkout: an unknown --only id is a usage error, and nothing is recovered first") {
    SmallCheckout c;
    c.interrupt_apply();
    auto planned = plan_checkout(c.request(), c.loader(), {{"nope"}});
    REQUIRE_FALSE(planned);
    CHECK(planned.error().code() == ExitCode::usage);
    CHECK(planned.error().message() == "no patchset 'nope' in the catalog (see: torchpatch list)");
    CHECK(c.read("a.txt") == "new\n"); // still as the interrupted run left it
  }

  TEST_CASE("plan_checkout: the catalog loader's error ends it with the loader's exit code") {
    SmallCheckout c;
    CatalogLoader broken = []() -> tp::Result<const tp::catalog::Catalog*> {
      return tp::fail("the catalog (x) has 1 problem(s)", ExitCode::usage);
    };
    auto planned = plan_checkout(c.request(), broken, {});
    REQUIRE_FALSE(planned);
    CHECK(planned.error().code() == ExitCode::usage);
  }

  TEST_CASE("plan_checkout: an interrupted apply is rolled back first and reported as data") {
    SmallCheckout c;
    c.interrupt_apply();
    SUBCASE("Recovery::leave (list, explain) leaves it pending") {
      auto planned = plan_checkout(c.request(), c.loader(), {{}, Recovery::leave});
      REQUIRE(planned);
      CHECK(planned->recovery.kind == tp::txn::RecoveryKind::nothing_pending);
      CHECK(c.read("a.txt") == "new\n");
    }
    SUBCASE("Recovery::run") {
      auto planned = plan_checkout(c.request(), c.loader(), {});
      REQUIRE_MESSAGE(planned, planned.error().message());
      CHECK(planned->recovery.kind == tp::txn::RecoveryKind::rolled_back_apply);
      CHECK(planned->recovery.restored.size() == 1);
      CHECK(c.read("a.txt") == "old\n");
      REQUIRE(planned->plan.patchsets.size() == 1);
      CHECK(planned->plan.patchsets[0].outcome == Outcome::will_apply);
    }
  }

  TEST_CASE(
      "a recovery blocked by a file changed since is a conflict; revert --force rolls it back") {
    SmallCheckout c;
    c.interrupt_apply();
    c.dir.write("checkout/a.txt", "changed by hand\n");
    auto planned = plan_checkout(c.request(), c.loader(), {});
    REQUIRE_FALSE(planned);
    CHECK(planned.error().code() == ExitCode::conflict);
    CHECK(
        planned.error().message() ==
        "an interrupted torchpatch run left a transaction that cannot be rolled back safely: these "
        "files were changed since:\n  a.txt\nfix them by hand, or run: torchpatch revert --force");
    auto status = checkout_status(c.request(), c.catalog);
    REQUIRE_FALSE(status);
    CHECK(status.error().code() == ExitCode::conflict);
    auto not_forced = revert_checkout(c.request(), {}, tp::Force::no, tp::Dry::no);
    REQUIRE_FALSE(not_forced);
    CHECK(not_forced.error().code() == ExitCode::conflict);

    auto forced = revert_checkout(c.request(), {}, tp::Force::yes, tp::Dry::no);
    REQUIRE_MESSAGE(forced, forced.error().message());
    CHECK(forced->recovery.kind == tp::txn::RecoveryKind::rolled_back_apply);
    CHECK(forced->report.outcome == tp::txn::RevertOutcome::nothing_to_do);
    CHECK(c.read("a.txt") == "old\n");
  }

  TEST_CASE("apply_checkout, checkout_status, revert_checkout: the journal's round trip") {
    SmallCheckout c;
    auto planned = plan_checkout(c.request(), c.loader(), {});
    REQUIRE(planned);
    auto applied = apply_checkout(*planned, tp::Partial::no, "0.0.0");
    REQUIRE_MESSAGE(applied, applied.error().message());
    CHECK(applied->record.files_written == 1);
    CHECK(c.read("a.txt") == "new\n");
    CHECK(fs::exists(tp::txn::journal_path(c.journal_dir())));

    auto status = checkout_status(c.request(), c.catalog);
    REQUIRE(status);
    REQUIRE(status->journal.patchsets.size() == 1);
    CHECK(status->journal.patchsets[0].id == "p");
    CHECK(status->plan.patchsets[0].outcome == Outcome::already_applied);

    auto dry = revert_checkout(c.request(), {}, tp::Force::no, tp::Dry::yes);
    REQUIRE(dry);
    CHECK(dry->report.outcome == tp::txn::RevertOutcome::would_revert);
    CHECK(c.read("a.txt") == "new\n");
    auto reverted = revert_checkout(c.request(), {}, tp::Force::no, tp::Dry::no);
    REQUIRE(reverted);
    CHECK(reverted->report.outcome == tp::txn::RevertOutcome::reverted);
    CHECK(c.read("a.txt") == "old\n");
  }

  TEST_CASE("apply_checkout, revert_checkout, checkout_status: a plain folder has no journal "
            "(environment)") {
    TP_TEST_DIR(dir);
    dir.write("plain/a.txt", "old\n");
    SmallCheckout c;
    CheckoutRequest request;
    request.directory = dir / "plain";
    request.torch_version = "2.0.1";
    auto planned = plan_checkout(request, c.loader(), {});
    REQUIRE(planned);
    auto applied = apply_checkout(*planned, tp::Partial::no, "0.0.0");
    REQUIRE_FALSE(applied);
    CHECK(applied.error().code() == ExitCode::environment);
    CHECK(dir.read("plain/a.txt") == "old\n");
    auto reverted = revert_checkout(request, {}, tp::Force::no, tp::Dry::no);
    REQUIRE_FALSE(reverted);
    CHECK(reverted.error().message() == "not inside a git checkout: there is no journal to revert");
    auto status = checkout_status(request, c.catalog);
    REQUIRE_FALSE(status);
    CHECK(status.error().message() == "not inside a git checkout: there is no journal to read");
  }

  TEST_CASE("export_checkout: one .patch per patchset that will apply and the series, the checkout "
            "untouched") {
    SmallCheckout c;
    auto planned = plan_checkout(c.request(), c.loader(), {});
    REQUIRE(planned);
    auto exported = export_checkout(*planned, c.dir / "out/series-here");
    REQUIRE_MESSAGE(exported, exported.error().message());
    CHECK(exported->patches == 1);
    CHECK(c.dir.read("out/series-here/series") == "0001-p.patch\n");
    const std::string patch = c.dir.read("out/series-here/0001-p.patch");
    CHECK(patch.find("Subject: [PATCH] p: t\n") != std::string::npos);
    CHECK(patch.find("-old\n+new\n") != std::string::npos);
    CHECK(c.read("a.txt") == "old\n");

    c.dir.write("a-file", "x");
    auto blocked = export_checkout(*planned, c.dir / "a-file/sub");
    REQUIRE_FALSE(blocked);
    CHECK(blocked.error().code() == ExitCode::environment);
    CHECK(blocked.error().message().rfind("creating " + (c.dir / "a-file/sub").string() + ": ",
                                          0) == 0);
  }

  TEST_CASE(
      "gather_requested_facts: --fact overrides on top, and a warning for each malformed one") {
    auto gathered = gather_requested_facts({"compiler=clang", "bogus", "colour=red", "cmake=3.31"});
    CHECK(gathered.facts.at("compiler").value == "clang");
    CHECK(gathered.facts.at("cmake").value == "3.31");
    CHECK(gathered.facts.count("platform") == 1);
    CHECK(gathered.warnings ==
          std::vector<std::string>{
              "--fact bogus: expected KEY=VALUE with KEY one of platform, "
              "compiler, python, cmake, compiler_version, cuda, cuda_arch_min, cuda_arch_max, "
              "cudnn, nvcc_host_compiler, msvc, windows_sdk, msvc_env",
              "--fact colour=red: expected KEY=VALUE with KEY one of "
              "platform, compiler, python, cmake, compiler_version, cuda, cuda_arch_min, "
              "cuda_arch_max, cudnn, nvcc_host_compiler, msvc, windows_sdk, msvc_env"});
  }

} // TEST_SUITE
