// query: try a tree-sitter query, a cmake command name or a regex on one file, as an anchor would
// see it, and print every match with its captures.
#include <iostream>

#include "cli/commands.hpp"
#include "cli/json.hpp"
#include "tools/query.hpp"
#include "platform/files.hpp"

namespace tp::cli {

namespace {

// The catalog's export macros; the patchsets need not all load for that.
std::vector<std::string> export_macros_of(const GlobalOptions& options) {
  if (!options.catalog_dir)
    return catalog::load_embedded_catalog().catalog.export_macros;
  auto files = catalog::read_catalog_folder(*options.catalog_dir);
  if (!files)
    return {};
  return catalog::load_catalog(std::move(*files), *options.catalog_dir).catalog.export_macros;
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

} // namespace

int run_query(const GlobalOptions& options, const QueryArgs& args) {
  int modes = (args.language.empty() ? 0 : 1) + (args.cmake ? 1 : 0) + (args.regex ? 1 : 0);
  if (modes != 1) {
    print_error("query needs exactly one of --lang c|cpp|python, --cmake or --regex");
    return to_int(ExitCode::usage);
  }
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
    if (!language) {
      print_error("unknown language '" + args.language + "'; expected c, cpp or python");
      return to_int(ExitCode::usage);
    }
    request.kind = anchor::Kind::syntax;
    request.language = *language;
    request.export_macros = export_macros_of(options);
    pattern_name = "<query>";
  }
  auto bytes = platform::read_file(args.file);
  if (!bytes) {
    print_error(bytes.error().message());
    return to_int(ExitCode::environment);
  }
  auto result = tools::run_query(request, *bytes, pattern_name);
  if (auto* diagnostic = std::get_if<Diagnostic>(&result)) {
    std::cerr << diagnostic->render();
    return to_int(ExitCode::usage);
  }
  const auto& report = std::get<tools::QueryReport>(result);

  if (options.format == Format::json) {
    JsonWriter w;
    w.begin_object().key("file").value(args.file).key("matches").begin_array();
    for (const auto& m : report.matches) {
      w.begin_object().key("line").value(m.where.line).key("column").value(m.where.column);
      w.key("text").value(m.text).key("captures").begin_array();
      for (const auto& c : m.captures)
        w.begin_object()
            .key("name").value(c.name)
            .key("line").value(c.where.line)
            .key("column").value(c.where.column)
            .key("text").value(c.text)
            .end_object();
      w.end_array().end_object();
    }
    w.end_array().key("parse_degraded").value(report.parse_degraded).end_object();
    std::cout << w.str() << "\n";
    return to_int(ExitCode::ok);
  }

  std::size_t n = 0;
  for (const auto& m : report.matches) {
    std::cout << args.file << ":" << position(m.where) << ": match " << ++n << "\n";
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
    std::cout << args.file << ":" << position(report.degraded_at)
              << ": note: the parser found errors here; a syntax anchor would be parse-degraded\n";
  std::cout << report.matches.size() << (report.matches.size() == 1 ? " match" : " matches") << "\n";
  return to_int(ExitCode::ok);
}

} // namespace tp::cli
