#include <iostream>

#include "cli/commands.hpp"
#include "cli/render_plan.hpp"

namespace tp::cli {

int run_apply(const GlobalOptions& options, const ApplyArgs& args) {
  auto catalog = load_catalog_or_report(options);
  if (!catalog)
    return to_int(ExitCode::usage);
  ExitCode code = ExitCode::ok;
  auto checkout = open_checkout(options, code);
  if (!checkout)
    return to_int(code);
  ops::WorkTreeSource tree(checkout->root, checkout->repository ? &*checkout->repository : nullptr);
  ops::PlanOptions plan_options;
  plan_options.facts = facts_of(options);
  plan_options.only = args.only;
  auto plan = ops::plan_patchsets(*catalog, tree, checkout->version, plan_options);
  if (!plan) {
    print_error(plan.error().message());
    return to_int(ExitCode::environment);
  }
  if (args.dry == Dry::yes) {
    std::cout << render_plan(*plan, options.format, use_color(options), "dry-run");
    return to_int(plan->has_conflict() ? ExitCode::conflict : ExitCode::ok);
  }
  print_error("apply without --dry is not available in this build yet");
  return to_int(ExitCode::usage);
}

} // namespace tp::cli
