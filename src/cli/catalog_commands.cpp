// list and show: what the catalog holds and what applies to this checkout.
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "cli/commands.hpp"
#include "cli/json.hpp"
#include "cli/render_plan.hpp"

namespace tp::cli {

namespace {

// list: one line per patchset and gate, or (--verbose) every edit of every file, as apply --dry.
enum class ListDetail { per_patchset, per_edit };

int run_list(const GlobalOptions& options, ListDetail detail) {
  std::optional<catalog::Catalog> catalog;
  auto planned = engine::plan_checkout(checkout_request(options), catalog_loader(options, catalog),
                                       {{}, engine::Recovery::leave});
  const ParkOnReturn parked(catalog, planned); // released in reverse: the plan before its catalog
  if (!planned)
    return fail_with(planned.error());
  print_fact_warnings(planned->fact_warnings);
  const engine::Plan* plan = &planned->plan;
  if (options.format == Format::json)
    std::cout << render_plan_json(*plan, "list");
  else
    std::cout << (detail == ListDetail::per_edit ? render_plan_summary(*plan, use_color(options))
                                                 : render_plan_list(*plan, use_color(options)));
  return to_int(ExitCode::ok);
}

void print_conditions(const catalog::Conditions& conditions) {
  for (const auto& [fact, condition] : conditions) {
    if (condition.versions) {
      std::cout << "when " << fact << " is " << condition.versions->text << "\n";
      continue;
    }
    std::cout << "when " << fact << " is one of:";
    for (const auto& v : condition.values)
      std::cout << " " << v;
    std::cout << "\n";
  }
}

void print_list(const char* heading, const std::vector<std::string>& items) {
  if (items.empty())
    return;
  std::cout << "\n" << heading << ":\n";
  for (const auto& i : items)
    std::cout << "  " << i << "\n";
}

// "conditions": {"cuda": ">=12", "platform": ["windows"]}: a versioned fact's specifier, a listed
// fact's values; gates and patchsets alike, {} when there are none.
void write_conditions_json(JsonWriter& w, const catalog::Conditions& conditions) {
  w.key("conditions").begin_object();
  for (const auto& [fact, condition] : conditions) {
    w.key(fact);
    if (condition.versions) {
      w.value(condition.versions->text);
    } else {
      w.begin_array();
      for (const auto& v : condition.values)
        w.value(v);
      w.end_array();
    }
  }
  w.end_object();
}

using Shown = std::variant<const catalog::Gate*, const catalog::Patchset*>;

int show_gate(const GlobalOptions& options, const catalog::Gate& g) {
  if (options.format == Format::json) {
    JsonWriter w;
    w.begin_object().key("id").value(g.id).key("kind").value("gate").key("title").value(g.title);
    w.key("versions").value(g.versions.text);
    w.key("lifted_in").value(g.lifted_in ? g.lifted_in->text : "").key("why").value(g.why);
    write_conditions_json(w, g.conditions);
    w.key("errors").begin_array();
    for (const auto& e : g.errors)
      w.value(e);
    w.end_array().key("references").begin_array();
    for (const auto& r : g.references)
      w.value(r);
    w.end_array().end_object();
    std::cout << w.str() << "\n";
    return 0;
  }
  std::cout << g.id << ": " << g.title << " (gate: reported, never patched)\n"
            << "versions: " << (g.versions.text.empty() ? "any" : g.versions.text) << "\n"
            << "lifted in: " << (g.lifted_in ? g.lifted_in->text : "no release yet") << "\n";
  print_conditions(g.conditions);
  std::cout << "\n" << g.why << "\n";
  print_list("errors it explains", g.errors);
  print_list("references", g.references);
  return 0;
}

void show_patchset_json(const catalog::Patchset& p) {
  JsonWriter w;
  w.begin_object().key("id").value(p.id).key("title").value(p.title);
  w.key("versions").value(p.versions.text).key("why").value(p.why);
  write_conditions_json(w, p.conditions);
  w.key("errors").begin_array();
  for (const auto& e : p.errors)
    w.value(e);
  w.end_array().key("references").begin_array();
  for (const auto& r : p.references)
    w.value(r);
  w.end_array().key("edits").begin_array();
  for (const auto& e : p.edits) {
    w.begin_object().key("name").value(e.name).key("files").begin_array();
    for (const auto& f : e.files)
      w.value(f);
    w.end_array().key("matches").value(e.matches.describe());
    w.key("action").value(catalog::to_string(e.action.kind)).end_object();
  }
  w.end_array().end_object();
  std::cout << w.str() << "\n";
}

void show_patchset_text(const catalog::Patchset& p) {
  std::cout << p.id << ": " << p.title << "\n"
            << "versions: " << (p.versions.text.empty() ? "any" : p.versions.text) << "\n";
  print_conditions(p.conditions);
  std::cout << "\n" << p.why << "\n";
  if (!p.errors.empty()) {
    std::cout << "\nerrors it fixes:\n";
    for (const auto& e : p.errors)
      std::cout << "  " << e << "\n";
  }
  if (!p.references.empty()) {
    std::cout << "\nreferences:\n";
    for (const auto& r : p.references)
      std::cout << "  " << r << "\n";
  }
  std::cout << "\nedits:\n";
  for (const auto& e : p.edits) {
    std::cout << "  " << e.name << ": " << catalog::to_string(e.action.kind) << " in";
    for (const auto& f : e.files)
      std::cout << " " << f;
    std::cout << " (" << e.matches.describe() << " per file)\n";
  }
}

// The entries of `ids`, each a patchset or a gate, in the order given; an unknown id is a usage
// error that names the catalog's ids, before anything is printed.
Result<std::vector<Shown>> find_shown(const catalog::Catalog& catalog,
                                      const std::vector<std::string>& ids) {
  std::vector<Shown> shown;
  for (const auto& id : ids) {
    if (const catalog::Gate* g = catalog.find_gate(id)) {
      shown.push_back(g);
    } else if (const catalog::Patchset* p = catalog.find(id)) {
      shown.push_back(p);
    } else {
      std::string known;
      for (const auto& q : catalog.patchsets)
        known += "\n  " + q.id;
      for (const auto& other : catalog.gates)
        known += "\n  " + other.id + " (gate)";
      return fail("no patchset '" + id + "' in the catalog; it has:" + known, ExitCode::usage);
    }
  }
  return shown;
}

// Each id in turn: as JSON, one object per line; as text, separated by a blank line.
int run_show(const GlobalOptions& options, const std::vector<std::string>& ids) {
  auto catalog = load_catalog(options);
  if (!catalog)
    return fail_with(catalog.error());
  auto shown = find_shown(*catalog, ids);
  if (!shown)
    return fail_with(shown.error());
  for (std::size_t i = 0; i < shown->size(); ++i) {
    if (i > 0 && options.format != Format::json)
      std::cout << "\n";
    if (const auto* g = std::get_if<const catalog::Gate*>(&(*shown)[i]))
      show_gate(options, **g);
    else if (options.format == Format::json)
      show_patchset_json(*std::get<const catalog::Patchset*>((*shown)[i]));
    else
      show_patchset_text(*std::get<const catalog::Patchset*>((*shown)[i]));
  }
  return 0;
}

} // namespace

Command setup_list(CLI::App& app) {
  auto verbose = std::make_shared<bool>(false);
  auto* list = app.add_subcommand(
      "list", "Every patchset and gate: one line each, whether it applies to this checkout");
  list->add_flag("--verbose", *verbose,
                 "Every edit of each patchset with its file and line, as apply --dry shows them");
  return {list, [verbose](const GlobalOptions& options) {
            return run_list(options, *verbose ? ListDetail::per_edit : ListDetail::per_patchset);
          }};
}

Command setup_show(CLI::App& app) {
  auto ids = std::make_shared<std::vector<std::string>>();
  auto* show =
      app.add_subcommand("show", "Patchsets or gates in full, with their references and edits");
  show->add_option("ID", *ids, "Patchset or gate ids, shown in this order")->required();
  return {show, [ids](const GlobalOptions& options) { return run_show(options, *ids); }};
}

} // namespace tp::cli
