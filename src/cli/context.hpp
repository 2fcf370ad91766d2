#pragma once
// What every subcommand shares: the global options, loading the catalog, finding the checkout,
// and printing errors. The cli layer is the only one that prints.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "base/exit_code.hpp"
#include "catalog/catalog.hpp"
#include "ops/plan.hpp"
#include "repo/repository.hpp"

namespace tp::txn {
struct RecoveryReport;
} // namespace tp::txn

namespace tp::cli {

enum class Format { text, diff, json, github };
enum class Color { auto_, always, never };

struct GlobalOptions {
  std::string directory = ".";               // -C
  std::optional<std::string> catalog_dir;    // --catalog
  std::optional<std::string> torch_version;  // --torch-version
  std::vector<std::string> facts;            // --fact key=value
  Format format = Format::text;
  Color color = Color::auto_;
};

// Loads the catalog (embedded or --catalog); prints every diagnostic on failure.
std::optional<catalog::Catalog> load_catalog_or_report(const GlobalOptions& options);

struct Checkout {
  std::optional<repo::Repository> repository; // none for a plain folder with --torch-version
  std::filesystem::path root;
  ops::ResolvedVersion version;
};

// Finds the checkout from -C (upward, as git does) and resolves its PyTorch version. Prints the
// error and returns nullopt on failure; `code` says which exit code applies.
std::optional<Checkout> open_checkout(const GlobalOptions& options, ExitCode& code);

// Every command that reads the checkout first finishes or rolls back a transaction that a killed
// torchpatch left behind (docs/journal.md). Prints what it did; false (with `code`) on failure.
bool recover_if_interrupted(const Checkout& checkout, ExitCode& code);

// Says on stderr what a recovery that succeeded did ("an interrupted apply was rolled back …");
// prints nothing when nothing was pending.
void print_recovered(const txn::RecoveryReport& report);

// The facts for conditions and gates: the host's platform, what ops::gather_facts detects, and
// --fact on top.
ops::Facts gathered_facts(const GlobalOptions& options);
std::map<std::string, std::string> facts_of(const GlobalOptions& options);
// Sets `plan_options.facts` and `.fact_sources`.
void set_facts(const GlobalOptions& options, ops::PlanOptions& plan_options);

bool use_color(const GlobalOptions& options);

void print_error(const std::string& message);

} // namespace tp::cli
