#pragma once
// A minimal applier for the unified diffs render_unified_diff writes: checks every context and
// removed line against `old_bytes`, honours "\ No newline at end of file", and returns the new
// bytes, or nullopt when the diff does not fit (which is a bug in the renderer).
#include <cstddef>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tp::fuzz {

inline std::vector<std::string_view> split_keeping_newlines(std::string_view bytes) {
  std::vector<std::string_view> lines;
  std::size_t at = 0;
  while (at < bytes.size()) {
    const auto nl = bytes.find('\n', at);
    const std::size_t end = nl == std::string_view::npos ? bytes.size() : nl + 1;
    lines.push_back(bytes.substr(at, end - at));
    at = end;
  }
  return lines;
}

// "a" or "a,b" -> start and count (count 1 when omitted).
inline bool parse_range(std::string_view text, std::size_t& start, std::size_t& count) {
  unsigned long s = 0, c = 1;
  const std::string copy(text);
  if (copy.find(',') != std::string::npos) {
    if (std::sscanf(copy.c_str(), "%lu,%lu", &s, &c) != 2)
      return false;
  } else if (std::sscanf(copy.c_str(), "%lu", &s) != 1) {
    return false;
  }
  start = s;
  count = c;
  return true;
}

inline std::optional<std::string> apply_unified_diff(std::string_view old_bytes,
                                                     std::string_view diff) {
  if (diff.empty())
    return std::string(old_bytes);
  const auto old_lines = split_keeping_newlines(old_bytes);
  // The diff's own lines, without their '\n' (content never holds one).
  std::vector<std::string_view> lines;
  for (auto line : split_keeping_newlines(diff)) {
    if (!line.ends_with('\n'))
      return std::nullopt; // every diff line ends with a newline
    lines.push_back(line.substr(0, line.size() - 1));
  }
  if (lines.size() < 4 || !lines[0].starts_with("diff --git a/") ||
      !lines[1].starts_with("--- a/") || !lines[2].starts_with("+++ b/"))
    return std::nullopt;

  std::string out;
  std::size_t old_at = 0; // next old line to copy (0-based)
  std::size_t out_lines = 0;
  std::size_t i = 3;
  while (i < lines.size()) {
    const std::string_view header = lines[i];
    if (!header.starts_with("@@ -") || !header.ends_with(" @@"))
      return std::nullopt;
    const auto plus = header.find(" +");
    if (plus == std::string_view::npos)
      return std::nullopt;
    std::size_t a_start = 0, a_count = 0, b_start = 0, b_count = 0;
    if (!parse_range(header.substr(4, plus - 4), a_start, a_count) ||
        !parse_range(header.substr(plus + 2, header.size() - 3 - (plus + 2)), b_start, b_count))
      return std::nullopt;
    // An empty range names the line before it.
    const std::size_t first_old = a_count == 0 ? a_start : a_start - 1;
    const std::size_t first_new = b_count == 0 ? b_start : b_start - 1;
    if (a_count > 0 && a_start == 0)
      return std::nullopt;
    if (first_old < old_at || first_old > old_lines.size())
      return std::nullopt;
    for (; old_at < first_old; ++old_at, ++out_lines)
      out += old_lines[old_at];
    if (out_lines != first_new)
      return std::nullopt;
    ++i;
    std::size_t seen_old = 0, seen_new = 0;
    while (i < lines.size() && !lines[i].starts_with("@@ ")) {
      const std::string_view line = lines[i];
      if (line.empty())
        return std::nullopt;
      const char mark = line[0];
      std::string content(line.substr(1));
      content += '\n';
      ++i;
      if (i < lines.size() && lines[i] == "\\ No newline at end of file") {
        content.pop_back();
        ++i;
      }
      if (mark == ' ' || mark == '-') {
        if (old_at >= old_lines.size() || old_lines[old_at] != content)
          return std::nullopt;
        ++old_at;
        ++seen_old;
        if (mark == ' ') {
          out += content;
          ++seen_new;
          ++out_lines;
        }
      } else if (mark == '+') {
        out += content;
        ++seen_new;
        ++out_lines;
      } else {
        return std::nullopt;
      }
    }
    if (seen_old != a_count || seen_new != b_count)
      return std::nullopt;
  }
  for (; old_at < old_lines.size(); ++old_at)
    out += old_lines[old_at];
  return out;
}

} // namespace tp::fuzz
