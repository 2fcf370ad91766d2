#pragma once
// The checkout's use cases, one function each: open it, plan the catalog against it, apply the
// plan, export it as a series, revert, and report its status. Each returns data or an Error whose
// code() is the exit code it ends the process with (base/exit_code.hpp); nothing here prints.
//
// Before reading a checkout, plan/apply, status and revert finish or roll back a transaction
// that a killed torchpatch left behind (docs/journal.md); what that did comes back as
// `recovery` for the caller to tell. A recovery blocked by files changed since fails with
// ExitCode::conflict.
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "base/modes.hpp"
#include "base/result.hpp"
#include "catalog/catalog.hpp"
#include "engine/apply.hpp"
#include "engine/facts.hpp"
#include "engine/plan.hpp"
#include "repo/repository.hpp"
#include "txn/transaction.hpp"

namespace tp::engine {

// How open_checkout takes -C when no git repository holds it.
enum class PlainFolder {
  checked,  // with a torch_version, the folder, made absolute, must exist
  as_given, // a look that judges nothing (explain): with a torch_version, the path as given
};

// What the command line says about the checkout.
struct CheckoutRequest {
  std::filesystem::path directory = ".";    // -C: the checkout is the repository holding it
  std::optional<std::string> torch_version; // --torch-version: wins over tags and version.txt, and
                                            // lets a folder no repository holds be the checkout
  std::vector<std::string> facts;           // --fact KEY=VALUE, over the detected facts
  PlainFolder plain_folder = PlainFolder::checked;
  // When no repository holds the folder and no torch_version is given: this error message
  // instead of the repository discovery's (explain says it its own way).
  std::optional<std::string> outside_message;
};

struct Checkout {
  std::optional<repo::Repository> repository; // none for a plain folder with --torch-version
  std::filesystem::path root;
  ResolvedVersion version;
};

// The journal folder of a checkout: <superproject git dir>/torchpatch.
std::filesystem::path journal_dir_of(const std::filesystem::path& git_dir);

// Finds the checkout (upward from `directory`, as git does) and resolves its PyTorch version.
// Never recovers a journal. Fails (environment) when no repository holds the folder and no
// torch_version is given, when a plain folder does not exist, or when the version is unknown.
Result<Checkout> open_checkout(const CheckoutRequest& request);

// The facts for conditions and gates: the host's platform, what gather_facts detects, and the
// --fact overrides on top; plus a warning for each override that is not KEY=VALUE with a known
// KEY (a misspelt --fact would otherwise leave the real fact unknown without a word).
struct GatheredFacts {
  Facts facts;
  std::vector<std::string> warnings; // "--fact X: expected KEY=VALUE with KEY one of …"
};
GatheredFacts gather_requested_facts(const std::vector<std::string>& overrides);

// Returns the catalog to plan (which must outlive the plan), or the error that ends the command.
// plan_checkout calls it while the checkout's index is listed on another thread.
using CatalogLoader = std::function<Result<const catalog::Catalog*>()>;

// Whether a use case first finishes or rolls back an interrupted transaction.
enum class Recovery {
  run,   // apply, export, status
  leave, // list and explain only read, and leave a pending journal for the next writer
};

struct PlanScope {
  std::vector<std::string> only; // patchset or gate ids (--only); empty = all
  Recovery recovery = Recovery::run;
};

struct PlannedCheckout {
  const catalog::Catalog* catalog = nullptr;
  Checkout checkout;
  Plan plan;
  txn::RecoveryReport recovery; // nothing_pending unless a transaction was interrupted
  std::vector<std::string> fact_warnings;
};

// Loads the catalog, opens the checkout, checks the --only ids (usage error for an unknown one,
// before anything is written), recovers (with Recovery::run) and plans. Fails with the loader's
// error, open_checkout's, a recovery's, or the plan's (unreadable files).
Result<PlannedCheckout> plan_checkout(const CheckoutRequest& request,
                                      const CatalogLoader& load_catalog, const PlanScope& scope);

// Writes the plan's changes as one transaction (engine::apply_plan). Fails (environment) on a
// plain folder: the journal lives in the repository's git folder.
Result<ApplyReport> apply_checkout(const PlannedCheckout& planned, Partial partial,
                                   const std::string& engine_version);

struct ExportReport {
  std::size_t patches = 0; // .patch files written, besides `series`
};

// Writes the plan as a quilt-style series into `directory` (created if needed): one .patch per
// patchset that will apply, and `series` (engine::export_series). Outside any transaction: nothing
// journals these files.
Result<ExportReport> export_checkout(const PlannedCheckout& planned,
                                     const std::filesystem::path& directory);

struct RevertResult {
  txn::RecoveryReport recovery;
  txn::RevertReport report;
};

// Reverts the patchsets `ids` (all when empty) in a git checkout. With Force::yes an interrupted
// transaction blocked by changed files is rolled back too.
Result<RevertResult> revert_checkout(const CheckoutRequest& request,
                                     const std::vector<std::string>& ids, Force force, Dry dry);

struct CheckoutStatus {
  txn::RecoveryReport recovery;
  std::vector<std::string> fact_warnings;
  txn::JournalState journal; // what is applied, and drift since
  Plan plan;                 // what would apply now
};

// What the journal of a git checkout says is applied, and the plan of `catalog` now.
Result<CheckoutStatus> checkout_status(const CheckoutRequest& request,
                                       const catalog::Catalog& catalog);

} // namespace tp::engine
