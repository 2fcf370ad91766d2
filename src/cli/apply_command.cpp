// apply [--dry] [--partial] and export DIR: plan the catalog, then render, execute or export it.
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>

#include "cli/commands.hpp"
#include "cli/render_plan.hpp"
#include "platform/files.hpp"

#ifndef TP_ENGINE_VERSION
#define TP_ENGINE_VERSION "0.0.0"
#endif

namespace tp::cli {

namespace {

struct ApplyArgs {
  bool dry = false;
  bool partial = false;
  std::vector<std::string> only;
};

// Plans the checkout and tells what a recovery did and which --fact looks wrong.
Result<engine::PlannedCheckout> plan(const GlobalOptions& options,
                                     std::optional<catalog::Catalog>& catalog,
                                     const std::vector<std::string>& only) {
  auto planned =
      engine::plan_checkout(checkout_request(options), catalog_loader(options, catalog), {only});
  if (planned) {
    print_recovered(planned->recovery);
    print_fact_warnings(planned->fact_warnings);
  }
  return planned;
}

int run_apply(const GlobalOptions& options, const ApplyArgs& args) {
  std::optional<catalog::Catalog> catalog;
  auto planned = plan(options, catalog, args.only);
  const ParkOnReturn parked(catalog, planned); // released in reverse: the plan before its catalog
  if (!planned)
    return fail_with(planned.error());
  const engine::Plan& plan = planned->plan;
  bool color = use_color(options);
  if (args.dry) {
    std::cout << render_plan(plan, options.format, color, "dry-run");
    return to_int(plan.has_conflict() ? ExitCode::conflict : ExitCode::ok);
  }
  auto report = engine::apply_checkout(*planned, args.partial ? Partial::yes : Partial::no,
                                       TP_ENGINE_VERSION);
  if (!report)
    return fail_with(report.error());
  bool refused = report->kind == engine::ApplyReport::Kind::refused_conflict;
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
                << report->record.files_written
                << " file(s) written; undo with: torchpatch revert\n";
    for (const auto& s : report->skipped)
      std::cout << "skipped: " << s << "\n";
  }
  return to_int(plan.has_conflict() ? ExitCode::conflict : ExitCode::ok);
}

int run_export(const GlobalOptions& options, const std::filesystem::path& directory) {
  std::optional<catalog::Catalog> catalog;
  auto planned = plan(options, catalog, {});
  if (!planned)
    return fail_with(planned.error());
  auto exported = engine::export_checkout(*planned, directory);
  if (!exported)
    return fail_with(exported.error());
  std::cout << "wrote " << exported->patches << " patch(es) and series to "
            << platform::path_to_utf8(directory)
            << " (apply with: git apply, or quilt, or patch -p1 < each file)\n";
  if (planned->plan.has_conflict())
    std::cout << render_plan_summary(planned->plan, false);
  return to_int(planned->plan.has_conflict() ? ExitCode::conflict : ExitCode::ok);
}

} // namespace

Command setup_apply(CLI::App& app) {
  auto args = std::make_shared<ApplyArgs>();
  auto* apply =
      app.add_subcommand("apply", "Apply the catalog's patchsets for this checkout's version");
  apply->add_flag("--dry,-n", args->dry,
                  "Show what would change (a unified diff) and change nothing");
  apply->add_flag("--partial", args->partial,
                  "Apply the patchsets without conflicts even if others conflict");
  apply->add_option("--only", args->only, "Only these patchset ids")->option_text("ID ...");
  return {apply, [args](const GlobalOptions& options) { return run_apply(options, *args); }};
}

Command setup_export(CLI::App& app) {
  auto directory = std::make_shared<std::filesystem::path>();
  auto* exp = app.add_subcommand(
      "export", "Write the plan as a quilt-style series (one .patch per patchset)");
  add_path_option(*exp, "DIR", *directory, "Folder to write the series into")->required();
  return {exp,
          [directory](const GlobalOptions& options) { return run_export(options, *directory); }};
}

} // namespace tp::cli
