// apply [--dry] [--partial] and export DIR: plan the catalog, then render, execute or export it.
#include <fstream>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/render_plan.hpp"
#include "ops/apply.hpp"
#include "platform/files.hpp"

#ifndef TP_ENGINE_VERSION
#define TP_ENGINE_VERSION "0.0.0"
#endif

namespace tp::cli {

namespace {

struct Planned {
  catalog::Catalog catalog;
  Checkout checkout;
  ops::Plan plan;
};

std::optional<Planned> plan_checkout(const GlobalOptions& options,
                                     const std::vector<std::string>& only, ExitCode& code) {
  // The index listing is the longest step on a large checkout; it overlaps loading the catalog.
  ops::ListingPrefetch prefetch(options.directory);
  auto catalog = load_catalog_or_report(options);
  if (!catalog) {
    code = ExitCode::usage;
    return std::nullopt;
  }
  auto checkout = open_checkout(options, code);
  if (!checkout)
    return std::nullopt;
  if (!recover_if_interrupted(*checkout, code))
    return std::nullopt;
  for (const auto& id : only)
    if (!catalog->find(id) && !catalog->find_gate(id)) { // --only GATE: just that gate's report
      print_error("no patchset '" + id + "' in the catalog (see: torchpatch list)");
      code = ExitCode::usage;
      return std::nullopt;
    }
  ops::WorkTreeSource tree(checkout->root, checkout->repository ? &*checkout->repository : nullptr,
                           &prefetch);
  ops::PlanOptions plan_options;
  set_facts(options, plan_options);
  plan_options.only = only;
  auto plan = ops::plan_patchsets(*catalog, tree, checkout->version, plan_options);
  if (!plan) {
    print_error(plan.error().message());
    code = ExitCode::environment;
    return std::nullopt;
  }
  return Planned{std::move(*catalog), std::move(*checkout), std::move(*plan)};
}

} // namespace

int run_apply(const GlobalOptions& options, const ApplyArgs& args) {
  ExitCode code = ExitCode::ok;
  auto planned = plan_checkout(options, args.only, code);
  if (!planned)
    return to_int(code);
  const ops::Plan& plan = planned->plan;
  bool color = use_color(options);
  if (args.dry == Dry::yes) {
    std::cout << render_plan(plan, options.format, color, "dry-run");
    return to_int(plan.has_conflict() ? ExitCode::conflict : ExitCode::ok);
  }
  if (!planned->checkout.repository) {
    print_error("apply needs a git checkout: its journal lives in the repository's git folder "
                "(apply --dry works anywhere)");
    return to_int(ExitCode::environment);
  }
  auto report = ops::apply_plan(plan, planned->checkout.root,
                                ops::journal_dir_of(planned->checkout.repository->git_dir()),
                                args.partial == Partial::yes ? ops::Partial::yes : ops::Partial::no,
                                {TP_ENGINE_VERSION, planned->catalog.version});
  if (!report) {
    print_error(report.error().message());
    return to_int(ExitCode::environment);
  }
  bool refused = report->kind == ops::ApplyReport::Kind::refused_conflict;
  if (options.format == Format::json) {
    std::cout << render_plan_json(plan, refused ? "refused" : "apply");
  } else if (options.format == Format::github) {
    std::cout << render_plan_github(plan);
  } else {
    if (options.format == Format::text)
      std::cout << render_plan_summary(plan, color);
    if (refused)
      std::cout << "nothing was written: resolve the conflicts above, or pass --partial to apply "
                   "the patchsets without conflicts\n";
    else if (report->record.files_written == 0)
      std::cout << "nothing to change\n";
    else
      std::cout << "applied " << report->record.patchsets.size() << " patchset(s), "
                << report->record.files_written << " file(s) written; undo with: torchpatch revert\n";
    for (const auto& s : report->skipped)
      std::cout << "skipped: " << s << "\n";
  }
  return to_int(plan.has_conflict() ? ExitCode::conflict : ExitCode::ok);
}

int run_export(const GlobalOptions& options, const std::string& directory) {
  ExitCode code = ExitCode::ok;
  auto planned = plan_checkout(options, {}, code);
  if (!planned)
    return to_int(code);
  std::string series;
  auto patches = ops::export_series(planned->plan, planned->catalog, series);
  const std::filesystem::path folder = platform::path_from_utf8(directory);
  std::error_code ec;
  std::filesystem::create_directories(folder, ec);
  if (ec) {
    print_error("creating " + directory + ": " + ec.message());
    return to_int(ExitCode::environment);
  }
  for (const auto& p : patches)
    if (auto r = platform::write_file_atomic(folder / p.file_name, p.content);
        !r) {
      print_error(r.error().message());
      return to_int(ExitCode::environment);
    }
  if (auto r = platform::write_file_atomic(folder / "series", series); !r) {
    print_error(r.error().message());
    return to_int(ExitCode::environment);
  }
  std::cout << "wrote " << patches.size() << " patch(es) and series to " << directory
            << " (apply with: git apply, or quilt, or patch -p1 < each file)\n";
  if (planned->plan.has_conflict())
    std::cout << render_plan_summary(planned->plan, false);
  return to_int(planned->plan.has_conflict() ? ExitCode::conflict : ExitCode::ok);
}

} // namespace tp::cli
