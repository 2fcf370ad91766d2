// list and show: what the catalog holds and what applies to this checkout.
#include <iostream>

#include "cli/commands.hpp"
#include "cli/json.hpp"
#include "cli/render_plan.hpp"

namespace tp::cli {

int run_list(const GlobalOptions& options) {
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
  auto plan = ops::plan_patchsets(*catalog, tree, checkout->version, plan_options);
  if (!plan) {
    print_error(plan.error().message());
    return to_int(ExitCode::environment);
  }
  if (options.format == Format::json)
    std::cout << render_plan_json(*plan, "list");
  else
    std::cout << render_plan_summary(*plan, use_color(options));
  return to_int(ExitCode::ok);
}

int run_show(const GlobalOptions& options, const std::string& id) {
  auto catalog = load_catalog_or_report(options);
  if (!catalog)
    return to_int(ExitCode::usage);
  const catalog::Patchset* p = catalog->find(id);
  if (!p) {
    std::string known;
    for (const auto& q : catalog->patchsets)
      known += "\n  " + q.id;
    print_error("no patchset '" + id + "' in the catalog; it has:" + known);
    return to_int(ExitCode::usage);
  }
  if (options.format == Format::json) {
    JsonWriter w;
    w.begin_object().key("id").value(p->id).key("title").value(p->title);
    w.key("versions").value(p->versions.text).key("why").value(p->why);
    w.key("errors").begin_array();
    for (const auto& e : p->errors)
      w.value(e);
    w.end_array().key("references").begin_array();
    for (const auto& r : p->references)
      w.value(r);
    w.end_array().key("edits").begin_array();
    for (const auto& e : p->edits) {
      w.begin_object().key("name").value(e.name).key("files").begin_array();
      for (const auto& f : e.files)
        w.value(f);
      w.end_array().key("matches").value(e.matches.describe());
      w.key("action").value(catalog::to_string(e.action.kind)).end_object();
    }
    w.end_array().end_object();
    std::cout << w.str() << "\n";
    return 0;
  }
  std::cout << p->id << ": " << p->title << "\n"
            << "versions: " << (p->versions.text.empty() ? "any" : p->versions.text) << "\n";
  for (const auto& [fact, values] : p->conditions) {
    std::cout << "when " << fact << " is one of:";
    for (const auto& v : values)
      std::cout << " " << v;
    std::cout << "\n";
  }
  std::cout << "\n" << p->why << "\n";
  if (!p->errors.empty()) {
    std::cout << "\nerrors it fixes:\n";
    for (const auto& e : p->errors)
      std::cout << "  " << e << "\n";
  }
  if (!p->references.empty()) {
    std::cout << "\nreferences:\n";
    for (const auto& r : p->references)
      std::cout << "  " << r << "\n";
  }
  std::cout << "\nedits:\n";
  for (const auto& e : p->edits) {
    std::cout << "  " << e.name << ": " << catalog::to_string(e.action.kind) << " in";
    for (const auto& f : e.files)
      std::cout << " " << f;
    std::cout << " (" << e.matches.describe() << " per file)\n";
  }
  return 0;
}

} // namespace tp::cli
