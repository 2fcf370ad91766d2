// matrix: a table of patchset × revision outcomes, each revision read from git's objects.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <memory>

#include "cli/commands.hpp"
#include "cli/json.hpp"
#include "platform/files.hpp"
#include "repo/revision_tree.hpp"
#include "tools/matrix.hpp"

namespace tp::cli {

namespace {

struct MatrixArgs {
  std::vector<std::string> revs; // --revs REV,…
  std::string tags;              // --tags GLOB
};

bool any_failed(const tools::MatrixReport& report) {
  return std::any_of(report.columns.begin(), report.columns.end(),
                     [](const tools::MatrixColumn& c) { return !c.error.empty(); });
}

void print_matrix_json(const catalog::Catalog& catalog, const tools::MatrixReport& report) {
  JsonWriter w;
  w.begin_object().key("catalog_version").value(catalog.version).key("revisions").begin_array();
  for (const auto& c : report.columns) {
    w.begin_object().key("revision").value(c.revision.name).key("commit").value(c.revision.commit);
    if (c.version)
      w.key("version")
          .value(c.version->version.text)
          .key("version_source")
          .value(c.version->source);
    else
      w.key("version").null().key("error").value(c.error);
    w.key("outcomes").begin_object();
    for (const auto& [id, outcome] : c.outcomes)
      w.key(id).value(engine::to_string(outcome));
    w.end_object().end_object();
  }
  w.end_array().end_object();
  std::cout << w.str() << "\n";
}

std::string cell(const std::string& text, std::size_t width) {
  return text + std::string(width > text.size() ? width - text.size() : 0, ' ');
}

// Text: one row per patchset, one column per revision; a version row under the header; then
// each revision that could not be planned, with why.
void print_matrix_text(const tools::MatrixReport& report) {
  std::size_t first = std::string("patchset").size();
  for (const auto& id : report.patchsets)
    first = std::max(first, id.size());
  std::vector<std::size_t> widths;
  for (const auto& c : report.columns) {
    std::size_t w = std::max<std::size_t>(c.revision.name.size(),
                                          c.version ? c.version->version.text.size() : 1);
    for (const auto& [id, outcome] : c.outcomes)
      w = std::max(w, engine::to_string(outcome).size());
    if (!c.error.empty())
      w = std::max<std::size_t>(w, 5);
    widths.push_back(w);
  }
  std::cout << cell("patchset", first);
  for (std::size_t i = 0; i < report.columns.size(); ++i)
    std::cout << "  " << cell(report.columns[i].revision.name, widths[i]);
  std::cout << "\n" << cell("version", first);
  for (std::size_t i = 0; i < report.columns.size(); ++i) {
    const auto& c = report.columns[i];
    std::cout << "  " << cell(c.version ? c.version->version.text : "?", widths[i]);
  }
  std::cout << "\n";
  for (const auto& id : report.patchsets) {
    std::cout << cell(id, first);
    for (std::size_t i = 0; i < report.columns.size(); ++i) {
      const auto& c = report.columns[i];
      auto it = c.outcomes.find(id);
      std::cout << "  "
                << cell(it != c.outcomes.end() ? std::string(engine::to_string(it->second))
                                               : "error",
                        widths[i]);
    }
    std::cout << "\n";
  }
  for (const auto& c : report.columns)
    if (!c.error.empty())
      std::cout << "\n" << c.revision.name << ": " << c.error << "\n";
}

int run_matrix(const GlobalOptions& options, const MatrixArgs& args) {
  auto catalog = load_catalog(options);
  if (!catalog)
    return fail_with(catalog.error());
  auto store = repo::ObjectStore::open(options.directory);
  if (!store)
    return fail_with(store.error());
  tools::MatrixOptions matrix_options;
  matrix_options.revisions = args.revs;
  matrix_options.tag_glob = args.tags;
  auto facts = engine::gather_requested_facts(options.facts);
  print_fact_warnings(facts.warnings);
  matrix_options.facts = engine::values_of(facts.facts);
  const bool show_progress = platform::stdout_is_terminal();
  bool progressed = false;
  matrix_options.progress = [&](std::size_t index, std::size_t total, const std::string& name) {
    if (!show_progress || total < 4)
      return;
    std::cerr << "\rmatrix: planning " << (index + 1) << "/" << total << " " << name << "\x1b[K"
              << std::flush;
    progressed = true;
  };
  auto report = tools::plan_matrix(*catalog, *store, matrix_options);
  if (progressed)
    std::cerr << "\r\x1b[K" << std::flush;
  if (!report)
    return fail_with(report.error());
  if (report->columns.empty())
    return fail_with(
        Error("no revisions to plan (no version tags; name some with --revs or --tags)",
              ExitCode::usage));
  if (options.format == Format::json)
    print_matrix_json(*catalog, *report);
  else
    print_matrix_text(*report);
  // A revision that could not be planned (unknown, or its version unknown) is an environment
  // problem, as it is for a single checkout.
  return to_int(any_failed(*report) ? ExitCode::environment : ExitCode::ok);
}

} // namespace

Command setup_matrix(CLI::App& app) {
  auto args = std::make_shared<MatrixArgs>();
  auto* matrix = app.add_subcommand(
      "matrix", "Plan the catalog against many revisions, read from git's objects (no checkout)");
  matrix->add_option("--revs", args->revs, "Revisions to plan, comma-separated")
      ->delimiter(',')
      ->option_text("REV,...");
  matrix
      ->add_option("--tags", args->tags,
                   "Tags matching this glob (default without --revs: every version tag)")
      ->option_text("GLOB");
  return {matrix, [args](const GlobalOptions& options) { return run_matrix(options, *args); }};
}

} // namespace tp::cli
