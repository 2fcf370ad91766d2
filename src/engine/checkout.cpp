#include "engine/checkout.hpp"

#include <system_error>

#include "platform/files.hpp"

namespace tp::engine {

namespace fs = std::filesystem;

fs::path journal_dir_of(const fs::path& git_dir) {
  return git_dir / "torchpatch";
}

Result<Checkout> open_checkout(const CheckoutRequest& request) {
  Checkout checkout;
  const fs::path& directory = request.directory;
  auto repository = repo::Repository::discover(directory);
  if (repository) {
    checkout.root = repository->root();
    checkout.repository.emplace(std::move(*repository));
  } else if (!request.torch_version) {
    if (request.outside_message)
      return fail(*request.outside_message);
    return unexpected(repository.error());
  } else if (request.plain_folder == PlainFolder::as_given) {
    checkout.root = directory;
  } else {
    std::error_code ec;
    checkout.root = fs::absolute(directory, ec);
    if (ec || !fs::is_directory(checkout.root, ec))
      return fail(platform::path_to_utf8(request.directory) + ": no such folder");
  }
  TP_TRY_ASSIGN(checkout.version,
                resolve_version(request.torch_version,
                                checkout.repository ? &*checkout.repository : nullptr,
                                checkout.root));
  return checkout;
}

GatheredFacts gather_requested_facts(const std::vector<std::string>& overrides) {
  GatheredFacts out;
  for (const auto& f : overrides) {
    const std::string name = f.substr(0, f.find('='));
    if (f.find('=') == std::string::npos ||
        (!catalog::is_listed_fact(name) && !catalog::is_versioned_fact(name)))
      out.warnings.push_back("--fact " + f + ": expected KEY=VALUE with KEY one of " +
                             catalog::fact_names_text());
  }
  out.facts = gather_facts(current_environment(), overrides);
  return out;
}

namespace {

// Finishes or rolls back what a killed torchpatch left behind; a blocked recovery is a conflict.
Result<txn::RecoveryReport> recover(const Checkout& checkout, Force force) {
  if (!checkout.repository)
    return txn::RecoveryReport{};
  auto report = txn::recover_interrupted(checkout.root,
                                         journal_dir_of(checkout.repository->git_dir()), force);
  if (!report || report->kind != txn::RecoveryKind::blocked)
    return report;
  std::string files;
  for (const auto& c : report->conflicts)
    files += "\n  " + c.path;
  return fail("an interrupted torchpatch run left a transaction that cannot be rolled back "
              "safely: these files were changed since:" +
                  files + "\nfix them by hand, or run: torchpatch revert --force",
              ExitCode::conflict);
}

// A git checkout, for the commands that read or write its journal.
Result<Checkout> open_git_checkout(const CheckoutRequest& request, const char* no_journal) {
  auto checkout = open_checkout(request);
  if (checkout && !checkout->repository)
    return fail(std::string("not inside a git checkout: there is no journal to ") + no_journal);
  return checkout;
}

PlanOptions plan_options_of(const GatheredFacts& gathered, std::vector<std::string> only) {
  PlanOptions options;
  options.facts = values_of(gathered.facts);
  for (const auto& [name, fact] : gathered.facts)
    options.fact_sources[name] = fact.source;
  options.only = std::move(only);
  return options;
}

} // namespace

Result<PlannedCheckout> plan_checkout(const CheckoutRequest& request,
                                      const CatalogLoader& load_catalog, const PlanScope& scope) {
  // The index listing is the longest step on a large checkout; it overlaps loading the catalog.
  ListingPrefetch prefetch(request.directory);
  PlannedCheckout out;
  TP_TRY_ASSIGN(out.catalog, load_catalog());
  TP_TRY_ASSIGN(out.checkout, open_checkout(request));
  for (const auto& id : scope.only)
    if (!out.catalog->find(id) && !out.catalog->find_gate(id)) // --only GATE: that gate's report
      return fail("no patchset '" + id + "' in the catalog (see: torchpatch list)",
                  ExitCode::usage);
  if (scope.recovery == Recovery::run) {
    TP_TRY_ASSIGN(out.recovery, recover(out.checkout, Force::no));
  }
  auto facts = gather_requested_facts(request.facts);
  out.fact_warnings = std::move(facts.warnings);
  const Checkout& c = out.checkout;
  WorkTreeSource tree(c.root, c.repository ? &*c.repository : nullptr, &prefetch);
  TP_TRY_ASSIGN(out.plan,
                plan_patchsets(*out.catalog, tree, c.version, plan_options_of(facts, scope.only)));
  return out;
}

Result<ApplyReport> apply_checkout(const PlannedCheckout& planned, Partial partial,
                                   const std::string& engine_version) {
  const Checkout& c = planned.checkout;
  if (!c.repository)
    return fail("apply needs a git checkout: its journal lives in the repository's git folder "
                "(apply --dry works anywhere)");
  return apply_plan(planned.plan, c.root, journal_dir_of(c.repository->git_dir()), partial,
                    {engine_version, planned.catalog->version});
}

Result<ExportReport> export_checkout(const PlannedCheckout& planned, const fs::path& directory) {
  std::string series;
  auto patches = export_series(planned.plan, *planned.catalog, series);
  std::error_code ec;
  fs::create_directories(directory, ec);
  if (ec)
    return fail("creating " + platform::path_to_utf8(directory) + ": " + ec.message());
  for (const auto& p : patches)
    TP_TRY(platform::write_file_atomic(directory / p.file_name, p.content));
  TP_TRY(platform::write_file_atomic(directory / "series", series));
  return ExportReport{patches.size()};
}

Result<RevertResult> revert_checkout(const CheckoutRequest& request,
                                     const std::vector<std::string>& ids, Force force, Dry dry) {
  TP_TRY_ASSIGN(const Checkout checkout, open_git_checkout(request, "revert"));
  RevertResult out;
  TP_TRY_ASSIGN(out.recovery, recover(checkout, force));
  TP_TRY_ASSIGN(
      out.report,
      txn::revert(checkout.root, journal_dir_of(checkout.repository->git_dir()), ids, force, dry));
  return out;
}

Result<CheckoutStatus> checkout_status(const CheckoutRequest& request,
                                       const catalog::Catalog& catalog) {
  // plan_checkout's own sequence (open, recover, gather the facts, plan), then the journal.
  TP_TRY_ASSIGN(PlannedCheckout planned,
                plan_checkout(request,
                              [&catalog]() -> Result<const catalog::Catalog*> { return &catalog; },
                              {}));
  const Checkout& checkout = planned.checkout;
  if (!checkout.repository)
    return fail("not inside a git checkout: there is no journal to read");
  CheckoutStatus out;
  TP_TRY_ASSIGN(out.journal,
                txn::load_journal(checkout.root, journal_dir_of(checkout.repository->git_dir())));
  out.recovery = std::move(planned.recovery);
  out.fact_warnings = std::move(planned.fact_warnings);
  out.plan = std::move(planned.plan);
  return out;
}

} // namespace tp::engine
