#include "edit/unified_diff.hpp"

#include <algorithm>
#include <cstdint>
#include <utility>

namespace tp::edit {

namespace {

std::vector<std::string_view> split_lines(std::string_view bytes) {
  std::vector<std::string_view> lines;
  std::size_t at = 0;
  while (at < bytes.size()) {
    auto nl = bytes.find('\n', at);
    std::size_t end = nl == std::string_view::npos ? bytes.size() : nl + 1;
    lines.push_back(bytes.substr(at, end - at));
    at = end;
  }
  return lines;
}

enum class Op : std::uint8_t { keep, remove, add };

// Myers' O(ND) diff on lines between a[lo_a, hi_a) and b[lo_b, hi_b); appends the script.
// Past `k_max_d` differences it gives up and replaces the whole middle, which is still correct.
void myers(const std::vector<std::string_view>& a, const std::vector<std::string_view>& b,
           std::vector<Op>& script) {
  const long n = static_cast<long>(a.size()), m = static_cast<long>(b.size());
  const long max_d = std::min<long>(n + m, 1000);
  const long offset = max_d + 1;
  std::vector<long> v(2 * offset + 1, 0);
  std::vector<std::vector<long>> trace;
  long found_d = -1;
  for (long d = 0; d <= max_d && found_d < 0; ++d) {
    trace.push_back(v);
    for (long k = -d; k <= d; k += 2) {
      long x = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]))
                   ? v[offset + k + 1]
                   : v[offset + k - 1] + 1;
      long y = x - k;
      while (x < n && y < m && a[x] == b[y]) {
        ++x;
        ++y;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found_d = d;
        break;
      }
    }
  }
  if (found_d < 0) {
    script.insert(script.end(), a.size(), Op::remove);
    script.insert(script.end(), b.size(), Op::add);
    return;
  }
  std::vector<Op> reversed;
  long x = n, y = m;
  for (long d = found_d; d > 0; --d) {
    const auto& pv = trace[d];
    long k = x - y;
    long prev_k = (k == -d || (k != d && pv[offset + k - 1] < pv[offset + k + 1])) ? k + 1 : k - 1;
    long prev_x = pv[offset + prev_k];
    long prev_y = prev_x - prev_k;
    while (x > prev_x && y > prev_y) {
      reversed.push_back(Op::keep);
      --x;
      --y;
    }
    reversed.push_back(x == prev_x ? Op::add : Op::remove);
    x = prev_x;
    y = prev_y;
  }
  while (x > 0 && y > 0) {
    reversed.push_back(Op::keep);
    --x;
    --y;
  }
  script.insert(script.end(), reversed.rbegin(), reversed.rend());
}

std::string range(std::size_t start, std::size_t count) {
  // An empty range names the line before it, as diff(1) does.
  std::string out = std::to_string(count == 0 ? start - 1 : start);
  if (count != 1)
    out += "," + std::to_string(count);
  return out;
}

// The edit script from a to b: the common prefix and suffix first (edits are small compared
// with the files), then Myers' diff of the middle.
std::vector<Op> edit_script(const std::vector<std::string_view>& a,
                            const std::vector<std::string_view>& b) {
  std::size_t prefix = 0;
  while (prefix < a.size() && prefix < b.size() && a[prefix] == b[prefix])
    ++prefix;
  std::size_t suffix = 0;
  while (suffix < a.size() - prefix && suffix < b.size() - prefix &&
         a[a.size() - 1 - suffix] == b[b.size() - 1 - suffix])
    ++suffix;
  std::vector<Op> script(prefix, Op::keep);
  myers(std::vector<std::string_view>(a.begin() + prefix, a.end() - suffix),
        std::vector<std::string_view>(b.begin() + prefix, b.end() - suffix), script);
  script.insert(script.end(), suffix, Op::keep);
  return script;
}

// Where the hunk whose first change is script[first] ends: changes whose context windows touch
// join it, then up to `context` keeps after the last.
std::size_t hunk_end(const std::vector<Op>& script, std::size_t first, std::size_t context) {
  std::size_t end = first;
  while (true) {
    while (end < script.size() && script[end] != Op::keep)
      ++end;
    std::size_t keeps = 0;
    std::size_t probe = end;
    while (probe < script.size() && script[probe] == Op::keep) {
      ++probe;
      ++keeps;
    }
    if (probe < script.size() && keeps <= 2 * context) {
      end = probe;
      continue;
    }
    return std::min(script.size(), end + context);
  }
}

// How many lines of a and of b script[from, to) spans.
std::pair<std::size_t, std::size_t> lines_spanned(const std::vector<Op>& script, std::size_t from,
                                                  std::size_t to) {
  std::size_t in_a = 0, in_b = 0;
  for (std::size_t s = from; s < to; ++s) {
    if (script[s] != Op::add)
      ++in_a;
    if (script[s] != Op::remove)
      ++in_b;
  }
  return {in_a, in_b};
}

struct Colors {
  const char* red;
  const char* green;
  const char* cyan;
  const char* bold;
  const char* reset;
};

// The hunk script[start, end) with its header.
void render_hunk(const std::vector<Op>& script, std::size_t start, std::size_t end,
                 const std::vector<std::string_view>& a, const std::vector<std::string_view>& b,
                 const Colors& colors, std::string& out) {
  // The hunk's first line in a and b (0-based), and its length in each.
  auto [ai, bi] = lines_spanned(script, 0, start);
  const auto [a_count, b_count] = lines_spanned(script, start, end);
  out += std::string(colors.cyan) + "@@ -" + range(ai + 1, a_count) + " +" +
         range(bi + 1, b_count) + " @@" + colors.reset + "\n";
  for (std::size_t s = start; s < end; ++s) {
    std::string_view line;
    const char* mark;
    const char* color = "";
    if (script[s] == Op::keep) {
      line = a[ai++];
      bi++;
      mark = " ";
    } else if (script[s] == Op::remove) {
      line = a[ai++];
      mark = "-";
      color = colors.red;
    } else {
      line = b[bi++];
      mark = "+";
      color = colors.green;
    }
    out += color;
    out += mark;
    out += line;
    if (line.empty() || line.back() != '\n')
      out += std::string(*color ? colors.reset : "") + "\n\\ No newline at end of file\n";
    else if (*color)
      out.insert(out.size() - 1, colors.reset);
  }
}

} // namespace

std::string render_unified_diff(std::string_view path, std::string_view old_bytes,
                                std::string_view new_bytes, const DiffOptions& options) {
  if (old_bytes == new_bytes)
    return {};
  const auto a = split_lines(old_bytes);
  const auto b = split_lines(new_bytes);
  const std::vector<Op> script = edit_script(a, b);
  const Colors colors = options.color
                            ? Colors{"\x1b[31m", "\x1b[32m", "\x1b[36m", "\x1b[1m", "\x1b[0m"}
                            : Colors{"", "", "", "", ""};
  const std::string p(path);
  std::string out;
  out += std::string(colors.bold) + "diff --git a/" + p + " b/" + p + colors.reset + "\n";
  out += std::string(colors.bold) + "--- a/" + p + colors.reset + "\n";
  out += std::string(colors.bold) + "+++ b/" + p + colors.reset + "\n";
  // Walk the script, grouping changes whose context windows touch into one hunk.
  std::size_t i = 0;
  while (i < script.size()) {
    while (i < script.size() && script[i] == Op::keep)
      ++i;
    if (i == script.size())
      break;
    // Hunk start: up to `context` keeps before the first change.
    const std::size_t start = i >= options.context ? i - options.context : 0;
    const std::size_t end = hunk_end(script, i, options.context);
    render_hunk(script, start, end, a, b, colors, out);
    i = end;
  }
  return out;
}

} // namespace tp::edit
