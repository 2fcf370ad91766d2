#include "engine/checkout.hpp"

#include <system_error>

#include "platform/files.hpp"

namespace tp::engine {

namespace fs = std::filesystem;

fs::path journal_dir_of(const fs::path& git_dir) { return git_dir / "torchpatch"; }

Result<Checkout> open_checkout(const CheckoutRequest& request) {
  Checkout checkout;
  const fs::path directory = platform::path_from_utf8(request.directory);
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
      return fail(request.directory + ": no such folder");
  }
  auto version = resolve_version(request.torch_version,
                                 checkout.repository ? &*checkout.repository : nullptr, checkout.root);
  if (!version)
    return unexpected(version.error());
  checkout.version = std::move(*version);
  return checkout;
}

GatheredFacts gather_requested_facts(const std::vector<std::string>& overrides) {
  GatheredFacts out;
  for (const auto& f : overrides) {
    const std::string name = f.substr(0, f.find('='));
    if (f.find('=') == std::string::npos ||
        (!catalog::is_listed_fact(name) && !catalog::is_versioned_fact(name)))
      out.warnings.push_back("--fact " + f + ": expected KEY=VALUE with KEY one of platform, "
                             "compiler, python, cmake, compiler_version, cuda, cuda_arch_min, "
                             "cuda_arch_max, cudnn, nvcc_host_compiler");
  }
  out.facts = gather_facts(current_environment(), overrides);
  return out;
}

namespace {

// Finishes or rolls back what a killed torchpatch left behind; a blocked recovery is a conflict.
Result<txn::RecoveryReport> recover(const Checkout& checkout, Force force) {
  if (!checkout.repository)
    return txn::RecoveryReport{};
  auto report = txn::recover_interrupted(checkout.root, journal_dir_of(checkout.repository->git_dir()), force);
  if (!report || report->kind != txn::RecoveryKind::blocked)
    return report;
  std::string files;
  for (const auto& c : report->conflicts)
    files += "\n  " + c.path;
  return fail("an interrupted torchpatch run left a transaction that cannot be rolled back "
              "safely: these files were changed since:" + files +
              "\nfix them by hand, or run: torchpatch revert --force",
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
  ListingPrefetch prefetch(platform::path_from_utf8(request.directory));
  PlannedCheckout out;
  auto catalog = load_catalog();
  if (!catalog)
    return unexpected(catalog.error());
  out.catalog = *catalog;
  auto checkout = open_checkout(request);
  if (!checkout)
    return unexpected(checkout.error());
  out.checkout = std::move(*checkout);
  for (const auto& id : scope.only)
    if (!out.catalog->find(id) && !out.catalog->find_gate(id)) // --only GATE: that gate's report
      return fail("no patchset '" + id + "' in the catalog (see: torchpatch list)", ExitCode::usage);
  if (scope.recovery == Recovery::run) {
    auto recovery = recover(out.checkout, Force::no);
    if (!recovery)
      return unexpected(recovery.error());
    out.recovery = std::move(*recovery);
  }
  auto facts = gather_requested_facts(request.facts);
  out.fact_warnings = std::move(facts.warnings);
  const Checkout& c = out.checkout;
  WorkTreeSource tree(c.root, c.repository ? &*c.repository : nullptr, &prefetch);
  auto plan = plan_patchsets(*out.catalog, tree, c.version, plan_options_of(facts, scope.only));
  if (!plan)
    return unexpected(plan.error());
  out.plan = std::move(*plan);
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
    if (auto written = platform::write_file_atomic(directory / p.file_name, p.content); !written)
      return unexpected(written.error());
  if (auto written = platform::write_file_atomic(directory / "series", series); !written)
    return unexpected(written.error());
  return ExportReport{patches.size()};
}

Result<RevertResult> revert_checkout(const CheckoutRequest& request,
                                     const std::vector<std::string>& ids, Force force, Dry dry) {
  auto checkout = open_git_checkout(request, "revert");
  if (!checkout)
    return unexpected(checkout.error());
  RevertResult out;
  auto recovery = recover(*checkout, force);
  if (!recovery)
    return unexpected(recovery.error());
  out.recovery = std::move(*recovery);
  auto report = txn::revert(checkout->root, journal_dir_of(checkout->repository->git_dir()), ids,
                            force, dry);
  if (!report)
    return unexpected(report.error());
  out.report = std::move(*report);
  return out;
}

Result<CheckoutStatus> checkout_status(const CheckoutRequest& request,
                                       const catalog::Catalog& catalog) {
  auto checkout = open_git_checkout(request, "read");
  if (!checkout)
    return unexpected(checkout.error());
  CheckoutStatus out;
  auto recovery = recover(*checkout, Force::no);
  if (!recovery)
    return unexpected(recovery.error());
  out.recovery = std::move(*recovery);
  auto journal = txn::load_journal(checkout->root, journal_dir_of(checkout->repository->git_dir()));
  if (!journal)
    return unexpected(journal.error());
  out.journal = std::move(*journal);
  auto facts = gather_requested_facts(request.facts);
  out.fact_warnings = std::move(facts.warnings);
  WorkTreeSource tree(checkout->root, &*checkout->repository);
  auto plan = plan_patchsets(catalog, tree, checkout->version, plan_options_of(facts, {}));
  if (!plan)
    return unexpected(plan.error());
  out.plan = std::move(*plan);
  return out;
}

} // namespace tp::engine
