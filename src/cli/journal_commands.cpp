// revert and status: what the journal says was applied, undoing it, and drift since.
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>

#include "cli/commands.hpp"
#include "cli/json.hpp"
#include "cli/render_plan.hpp"
#include "edit/unified_diff.hpp"
#include "txn/transaction.hpp"

namespace tp::cli {

namespace {

std::string_view conflict_reason(txn::ConflictKind kind) {
  switch (kind) {
  case txn::ConflictKind::changed_since_apply:
    return "changed since apply";
  case txn::ConflictKind::missing:
    return "missing";
  case txn::ConflictKind::changed_by_later_patchset:
    return "changed by a later patchset";
  }
  return "?";
}

std::string_view state_name(txn::FileState state) {
  switch (state) {
  case txn::FileState::unchanged:
    return "unchanged since apply";
  case txn::FileState::changed:
    return "changed since apply";
  case txn::FileState::missing:
    return "missing";
  }
  return "?";
}

void print_revert_json(const txn::RevertReport& report) {
  const bool conflicted = report.outcome == txn::RevertOutcome::conflicted;
  JsonWriter w;
  w.begin_object().key("schema_version").value(std::size_t{1});
  const char* outcome = report.outcome == txn::RevertOutcome::reverted       ? "reverted"
                        : report.outcome == txn::RevertOutcome::would_revert ? "would-revert"
                        : conflicted                                         ? "conflicted"
                                                                             : "nothing-to-do";
  w.key("outcome").value(outcome).key("patchsets").begin_array();
  for (const auto& id : report.reverted)
    w.value(id);
  w.end_array().key("not_applied").begin_array();
  for (const auto& id : report.not_applied)
    w.value(id);
  w.end_array().key("restored").begin_array();
  for (const auto& f : report.restored)
    w.begin_object()
        .key("patchset")
        .value(f.patchset)
        .key("path")
        .value(f.path)
        .key("repository")
        .value(f.repository)
        .key("overwrote_changes")
        .value(f.overwrote_changes)
        .end_object();
  w.end_array().key("conflicts").begin_array();
  for (const auto& c : report.conflicts)
    w.begin_object()
        .key("patchset")
        .value(c.patchset)
        .key("path")
        .value(c.path)
        .key("repository")
        .value(c.repository)
        .key("reason")
        .value(conflict_reason(c.kind))
        .end_object();
  w.end_array().end_object();
  std::cout << w.str() << "\n";
}

struct RevertArgs {
  bool dry = false;
  bool force = false;
  std::vector<std::string> ids; // empty: all
};

int run_revert(const GlobalOptions& options, const RevertArgs& args) {
  auto reverted =
      engine::revert_checkout(checkout_request(options), args.ids,
                              args.force ? Force::yes : Force::no, args.dry ? Dry::yes : Dry::no);
  if (!reverted)
    return fail_with(reverted.error());
  print_recovered(reverted->recovery);
  const txn::RevertReport& report = reverted->report;
  bool conflicted = report.outcome == txn::RevertOutcome::conflicted;
  if (options.format == Format::json) {
    print_revert_json(report);
    return to_int(conflicted ? ExitCode::conflict : ExitCode::ok);
  }
  for (const auto& id : report.not_applied)
    std::cout << "not applied: " << id << "\n";
  switch (report.outcome) {
  case txn::RevertOutcome::nothing_to_do:
    std::cout << "nothing to revert\n";
    break;
  case txn::RevertOutcome::would_revert:
  case txn::RevertOutcome::reverted: {
    const char* verb =
        report.outcome == txn::RevertOutcome::reverted ? "restored" : "would restore";
    for (const auto& f : report.restored)
      std::cout << verb << "  " << f.path << "  (" << f.patchset << ")"
                << (f.overwrote_changes ? "  overwriting changes made since apply" : "") << "\n";
    std::cout << (report.outcome == txn::RevertOutcome::reverted ? "reverted" : "would revert")
              << " " << report.reverted.size() << " patchset(s)\n";
    break;
  }
  case txn::RevertOutcome::conflicted:
    for (const auto& c : report.conflicts) {
      std::cout << "conflict  " << c.path << "  (" << c.patchset << "): " << conflict_reason(c.kind)
                << "\n";
      if (c.kind == txn::ConflictKind::changed_since_apply)
        std::cout << edit::render_unified_diff(c.path, c.expected, c.current);
    }
    std::cout << "nothing was written: the files above were changed since apply; keep your "
                 "changes, or run: torchpatch revert --force\n";
    break;
  }
  return to_int(conflicted ? ExitCode::conflict : ExitCode::ok);
}

// status --format json: what the journal holds, and each patchset's outcome now.
std::string status_json(const txn::JournalState& state, const engine::Plan& plan) {
  JsonWriter w;
  w.begin_object().key("schema_version").value(std::size_t{1});
  w.key("applied").begin_array();
  for (const auto& p : state.patchsets) {
    w.begin_object()
        .key("id")
        .value(p.id)
        .key("applied_at")
        .value(p.applied_at)
        .key("catalog_version")
        .value(p.catalog_version)
        .key("engine_version")
        .value(p.engine_version)
        .key("files")
        .begin_array();
    for (const auto& f : p.files)
      w.begin_object()
          .key("path")
          .value(f.path)
          .key("repository")
          .value(f.repository)
          .key("state")
          .value(state_name(f.state))
          .end_object();
    w.end_array().end_object();
  }
  w.end_array();
  w.key("plan").begin_array();
  for (const auto& p : plan.patchsets)
    w.begin_object()
        .key("id")
        .value(p.id)
        .key("outcome")
        .value(engine::to_string(p.outcome))
        .end_object();
  w.end_array().end_object();
  return w.str() + "\n";
}

int run_status(const GlobalOptions& options) {
  auto catalog = load_catalog(options);
  if (!catalog)
    return fail_with(catalog.error());
  auto status = engine::checkout_status(checkout_request(options), *catalog);
  if (!status)
    return fail_with(status.error());
  print_recovered(status->recovery);
  print_fact_warnings(status->fact_warnings);
  const txn::JournalState& state = status->journal;
  if (options.format == Format::json) {
    std::cout << status_json(state, status->plan);
    return 0;
  }
  if (state.patchsets.empty())
    std::cout << "no patchset is applied\n";
  for (const auto& p : state.patchsets) {
    std::cout << "applied  " << p.id << "  " << p.applied_at << "  catalog " << p.catalog_version
              << "\n";
    for (const auto& f : p.files)
      std::cout << "    " << state_name(f.state) << "  " << f.path << "\n";
  }
  std::cout << "\nnow:\n" << render_plan_summary(status->plan, use_color(options));
  return 0;
}

} // namespace

Command setup_revert(CLI::App& app) {
  auto args = std::make_shared<RevertArgs>();
  auto* revert = app.add_subcommand(
      "revert", "Restore the original bytes of applied patchsets (default: all)");
  revert->add_option("ID", args->ids, "Patchset ids to revert");
  revert->add_flag("--dry,-n", args->dry, "Show what would be restored and change nothing");
  revert->add_flag("--force", args->force, "Also overwrite files changed by hand since apply");
  return {revert, [args](const GlobalOptions& options) { return run_revert(options, *args); }};
}

Command setup_status(CLI::App& app) {
  return {app.add_subcommand("status",
                             "Which patchsets are applied, drift since, and what would apply now"),
          run_status};
}

} // namespace tp::cli
