#pragma once
// Unified diffs of a file's old and new bytes, in the form `git apply` and `patch -p1` accept.
#include <string>
#include <string_view>
#include <vector>

namespace tp::edit {

struct DiffOptions {
  std::size_t context = 3;
  bool color = false; // ANSI colors for a terminal
};

// "diff --git a/PATH b/PATH", "--- a/PATH", "+++ b/PATH" and the hunks; empty when the bytes are
// equal. Line endings are part of line content (a CRLF file diffs as CRLF lines); a missing final
// newline is marked "\ No newline at end of file".
std::string render_unified_diff(std::string_view path, std::string_view old_bytes,
                                std::string_view new_bytes, const DiffOptions& options = {});

} // namespace tp::edit
