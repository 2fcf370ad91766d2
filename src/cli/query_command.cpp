// query: try a tree-sitter query, a cmake command name or a regex on one file, as an anchor would
// see it, and print every match with its captures.
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>

#include "cli/commands.hpp"
#include "cli/json.hpp"
#include "platform/files.hpp"
#include "tools/query.hpp"

namespace tp::cli {

namespace {

struct QueryArgs {
  std::string language; // --lang c|cpp|python: a tree-sitter query
  bool cmake = false;   // --cmake: command invocations
  bool regex = false;   // --regex: an RE2 pattern
  bool node = false;    // --node (with --lang): a node anchor's path instead of a query
  std::filesystem::path file;
  std::string pattern; // the query, command name or regex
};

// The catalog's export macros; the patchsets need not all load for that.
std::vector<std::string> export_macros_of(const GlobalOptions& options) {
  if (!options.catalog_dir)
    return catalog::load_embedded_catalog().catalog.export_macros;
  auto files = catalog::read_catalog_folder(*options.catalog_dir);
  if (!files)
    return {};
  return catalog::load_catalog(std::move(*files), platform::path_to_utf8(*options.catalog_dir))
      .catalog.export_macros;
}

std::string position(LineCol where) {
  return std::to_string(where.line) + ":" + std::to_string(where.column);
}

// Multi-line text indented under its label.
std::string indented(const std::string& text, const std::string& indent) {
  std::string out;
  for (char c : text) {
    out += c;
    if (c == '\n')
      out += indent;
  }
  return out;
}

void print_query_json(const QueryArgs& args, const tools::QueryReport& report) {
  JsonWriter w;
  w.begin_object()
      .key("file")
      .value(platform::path_to_utf8(args.file))
      .key("matches")
      .begin_array();
  for (const auto& m : report.matches) {
    w.begin_object().key("line").value(m.where.line).key("column").value(m.where.column);
    w.key("text").value(m.text).key("captures").begin_array();
    for (const auto& c : m.captures)
      w.begin_object()
          .key("name")
          .value(c.name)
          .key("line")
          .value(c.where.line)
          .key("column")
          .value(c.where.column)
          .key("text")
          .value(c.text)
          .end_object();
    w.end_array().end_object();
  }
  w.end_array().key("parse_degraded").value(report.parse_degraded).end_object();
  std::cout << w.str() << "\n";
}

void print_query_text(const QueryArgs& args, const tools::QueryReport& report) {
  std::size_t n = 0;
  for (const auto& m : report.matches) {
    std::cout << platform::path_to_utf8(args.file) << ":" << position(m.where) << ": match " << ++n
              << "\n";
    if (args.language.empty() || m.captures.empty())
      std::cout << "  " << indented(m.text, "  ") << "\n";
    for (const auto& c : m.captures) {
      std::string label = args.cmake ? c.name : (args.regex ? "" : "@") + c.name;
      std::cout << "  " << label << " " << position(c.where) << ": "
                << indented(c.text, std::string(label.size() + 4 + position(c.where).size(), ' '))
                << "\n";
    }
  }
  if (report.parse_degraded)
    std::cout << platform::path_to_utf8(args.file) << ":" << position(report.degraded_at)
              << ": note: the parser found errors here; a syntax anchor would be parse-degraded\n";
  std::cout << report.matches.size() << (report.matches.size() == 1 ? " match" : " matches")
            << "\n";
}

int run_query(const GlobalOptions& options, const QueryArgs& args) {
  int modes = (args.language.empty() ? 0 : 1) + (args.cmake ? 1 : 0) + (args.regex ? 1 : 0);
  if (modes != 1)
    return fail_with(Error("query needs exactly one of --lang c|cpp|python, --cmake or --regex",
                           ExitCode::usage));
  if (args.node && args.language.empty())
    return fail_with(Error("--node needs --lang c|cpp|python", ExitCode::usage));
  tools::QueryRequest request;
  request.pattern = args.pattern;
  std::string pattern_name = "<regex>";
  if (args.cmake) {
    request.kind = anchor::Kind::cmake;
    pattern_name = "<command>";
  } else if (args.regex) {
    request.kind = anchor::Kind::regex;
  } else {
    auto language = anchor::parse_language(args.language);
    if (!language)
      return fail_with(Error("unknown language '" + args.language + "'; expected c, cpp or python",
                             ExitCode::usage));
    request.kind = args.node ? anchor::Kind::node : anchor::Kind::syntax;
    request.language = *language;
    request.export_macros = export_macros_of(options);
    pattern_name = args.node ? "<path>" : "<query>";
  }
  auto bytes = platform::read_file(args.file);
  if (!bytes)
    return fail_with(bytes.error());
  auto result = tools::run_query(request, *bytes, pattern_name);
  if (auto* diagnostic = std::get_if<Diagnostic>(&result)) {
    std::cerr << diagnostic->render();
    return to_int(ExitCode::usage);
  }
  if (options.format == Format::json)
    print_query_json(args, std::get<tools::QueryReport>(result));
  else
    print_query_text(args, std::get<tools::QueryReport>(result));
  return to_int(ExitCode::ok);
}

} // namespace

Command setup_query(CLI::App& app) {
  auto args = std::make_shared<QueryArgs>();
  auto* query = app.add_subcommand(
      "query", "Show what a syntax query, node path, cmake command or regex matches in a file");
  query
      ->add_option("--lang", args->language,
                   "A tree-sitter query in this language: c, cpp or python")
      ->option_text("c|cpp|python");
  query->add_flag("--cmake", args->cmake, "List invocations of a cmake command (case-insensitive)");
  query->add_flag("--regex", args->regex, "An RE2 pattern ((?m) implied), with its named groups");
  query->add_flag("--node", args->node,
                  "With --lang: PATTERN is a node anchor's path (type > field: type = \"token\")");
  add_path_option(*query, "FILE", args->file, "The file to search")->required();
  query->add_option("PATTERN", args->pattern, "The query, command name or regex")->required();
  return {query, [args](const GlobalOptions& options) { return run_query(options, *args); }};
}

} // namespace tp::cli
