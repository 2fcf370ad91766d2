// lint: every problem of the catalog at once, `file:line:col: error: …` with a caret each; exit 2
// when there is any, else one summary line.
#include <CLI/CLI.hpp>
#include <iostream>

#include "catalog/embedded_catalog.hpp"
#include "cli/commands.hpp"
#include "cli/json.hpp"
#include "platform/files.hpp"
#include "tools/lint.hpp"

namespace tp::cli {

namespace {

int run_lint(const GlobalOptions& options) {
  catalog::CatalogFiles files;
  std::string origin, prefix;
  if (options.catalog_dir) {
    auto read = catalog::read_catalog_folder(*options.catalog_dir);
    if (!read)
      return fail_with(read.error());
    files = std::move(*read);
    origin = platform::path_to_utf8(*options.catalog_dir);
    prefix = origin;
    while (prefix.size() > 1 && prefix.back() == '/')
      prefix.pop_back();
    prefix = prefix == "." ? "" : prefix + "/";
  } else {
    for (const auto& f : catalog::embedded_catalog_files())
      files.emplace(std::string(f.path), std::string(f.bytes));
    origin = "embedded";
    prefix = "patchsets/"; // the folder the embedded copy was built from
  }
  auto report = tools::lint_catalog(std::move(files), origin);
  for (auto& d : report.diagnostics)
    d.file = prefix + d.file;

  if (options.format == Format::json) {
    JsonWriter w;
    w.begin_object().key("catalog").value(origin).key("patchsets").value(report.patchsets);
    w.key("cases").value(report.cases).key("problems").begin_array();
    for (const auto& d : report.diagnostics)
      w.begin_object()
          .key("file")
          .value(d.file)
          .key("line")
          .value(d.where.line)
          .key("column")
          .value(d.where.column)
          .key("message")
          .value(d.message)
          .end_object();
    w.end_array().end_object();
    std::cout << w.str() << "\n";
  } else if (options.format == Format::github) {
    for (const auto& d : report.diagnostics)
      std::cout << "::error file=" << d.file << ",line=" << d.where.line
                << ",col=" << d.where.column << "::" << d.message << "\n";
  } else {
    std::cout << render_all(report.diagnostics);
    if (report.diagnostics.empty())
      std::cout << "lint: " << report.patchsets << " patchset(s), "
                << (report.gates ? std::to_string(report.gates) + " gate(s), " : std::string())
                << report.edits << " edit(s), " << report.cases << " case(s) in " << origin
                << ": no problems\n";
    else
      std::cout << "lint: " << report.diagnostics.size() << " problem(s) in " << origin << "\n";
  }
  return to_int(report.diagnostics.empty() ? ExitCode::ok : ExitCode::usage);
}

} // namespace

Command setup_lint(CLI::App& app) {
  return {app.add_subcommand(
              "lint", "Check every patchset and case of the catalog; show every problem at once"),
          run_lint};
}

} // namespace tp::cli
