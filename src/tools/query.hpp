#pragma once
// query: try an anchor on one file while writing a patchset, with the engine's own matching
// (CRLF read as LF, export macros blanked before C/C++ parsing), and report every match.
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "anchor/anchor.hpp"
#include "base/diagnostic.hpp"

namespace tp::tools {

struct QueryCapture {
  std::string name; // capture or named group (without '@'); "argument 1", … for cmake
  LineCol where;
  std::string text; // as written in the file (CRLF read as LF)
};

struct QueryMatch {
  LineCol where;                      // start of the whole match
  std::string text;                   // the whole match
  std::vector<QueryCapture> captures; // in order of their position in the file
};

struct QueryReport {
  std::vector<QueryMatch> matches;
  bool parse_degraded = false; // syntax: the parser found ERROR/MISSING nodes
  LineCol degraded_at;
};

struct QueryRequest {
  anchor::Kind kind = anchor::Kind::regex;
  anchor::Language language = anchor::Language::cpp; // syntax only
  std::string pattern; // the tree-sitter query, RE2 pattern or cmake command name
  std::vector<std::string> export_macros;
};

// Runs `request` on `file_bytes`. An invalid query or regex comes back as a Diagnostic pointing
// at line:col inside the pattern, whose file name is `pattern_name` (e.g. "<query>").
std::variant<QueryReport, Diagnostic> run_query(const QueryRequest& request,
                                                std::string_view file_bytes,
                                                const std::string& pattern_name);

} // namespace tp::tools
