#pragma once
// explain: which catalog patchsets fix the errors in a failing build log (and which gates explain
// them), by matching the log against each entry's `errors` strings; and which error lines of the
// log no entry knows.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/catalog.hpp"

namespace tp::tools {

struct ExplainMatch {
  bool gate = false;    // the entry is a gate (reported, never patched)
  std::string patchset; // the patchset's or gate's id
  std::string title;
  std::string error;    // the patchset's error string that matched
  std::size_t line = 0; // 1-based line of the log where the first occurrence starts
  std::string log_line; // that line as written (without its line ending)
  std::size_t occurrences = 0;
};

// A line of the log that looks like an error and that no catalog entry's message covers.
struct UnexplainedError {
  std::size_t line = 0;        // 1-based, its first occurrence
  std::string text;            // as written, without its line ending
  std::size_t occurrences = 0; // lines with the same text
};

struct ExplainReport {
  // One per patchset (its first matching error), catalog order; then one per gate.
  std::vector<ExplainMatch> matches;
  std::vector<UnexplainedError> unexplained; // in log order, each text once
};

// Whether a log line looks like an error: a compiler's `error:` / `fatal error:` (GCC, Clang,
// nvcc), MSVC's `error C2065:` / `error LNK2019:`, `CMake Error`, a linker's `undefined
// reference`, setuptools' `error: …`. Python tracebacks are found by explain_log (their last line).
bool looks_like_error(std::string_view line);

// Matches `log` against every patchset's and gate's `errors`, and lists the error lines left over:
// a line counts as explained when a matched message covers it, or covers a line of its block
// (a `CMake Error` line and the indented lines after it; a Python traceback and its last line).
// Matches `log` against every patchset's `errors`. A match is a substring match after both sides
// are normalized: CRLF read as LF, every run of whitespace (line breaks included) read as one
// space, '\\' read as '/', typographic quotes (‘’“”) read as ASCII ones, letter case ignored.
// Path prefixes are therefore tolerated (an error naming `torch/x.h` matches
// `C:\src\pytorch\torch\x.h`).
ExplainReport explain_log(const catalog::Catalog& catalog, std::string_view log);

} // namespace tp::tools
