#pragma once
// explain: which catalog patchsets fix the errors in a failing build log, by matching the log
// against each patchset's `errors` strings.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/catalog.hpp"

namespace tp::ops {

struct ExplainMatch {
  std::string patchset;
  std::string title;
  std::string error;      // the patchset's error string that matched
  std::size_t line = 0;   // 1-based line of the log where the first occurrence starts
  std::string log_line;   // that line as written (without its line ending)
  std::size_t occurrences = 0;
};

struct ExplainReport {
  std::vector<ExplainMatch> matches; // one per patchset (its first matching error), catalog order
};

// Matches `log` against every patchset's `errors`. A match is a substring match after both sides
// are normalized: CRLF read as LF, every run of whitespace (line breaks included) read as one
// space, '\\' read as '/', typographic quotes (‘’“”) read as ASCII ones, letter case ignored.
// Path prefixes are therefore tolerated (an error naming `torch/x.h` matches
// `C:\src\pytorch\torch\x.h`).
ExplainReport explain_log(const catalog::Catalog& catalog, std::string_view log);

} // namespace tp::ops
