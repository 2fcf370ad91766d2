#include "edit/unified_diff.hpp"

#include <algorithm>
#include <cstdint>

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

} // namespace

std::string render_unified_diff(std::string_view path, std::string_view old_bytes,
                                std::string_view new_bytes, const DiffOptions& options) {
  if (old_bytes == new_bytes)
    return {};
  auto a = split_lines(old_bytes);
  auto b = split_lines(new_bytes);

  // Common prefix and suffix first: edits are small compared with the files.
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

  const char* red = options.color ? "\x1b[31m" : "";
  const char* green = options.color ? "\x1b[32m" : "";
  const char* cyan = options.color ? "\x1b[36m" : "";
  const char* bold = options.color ? "\x1b[1m" : "";
  const char* reset = options.color ? "\x1b[0m" : "";

  std::string out;
  std::string p(path);
  out += std::string(bold) + "diff --git a/" + p + " b/" + p + reset + "\n";
  out += std::string(bold) + "--- a/" + p + reset + "\n";
  out += std::string(bold) + "+++ b/" + p + reset + "\n";

  // Walk the script, grouping changes whose context windows touch into one hunk.
  const std::size_t ctx = options.context;
  std::size_t i = 0;
  while (i < script.size()) {
    while (i < script.size() && script[i] == Op::keep)
      ++i;
    if (i == script.size())
      break;
    // Hunk start: up to ctx keeps before the first change.
    std::size_t start = i >= ctx ? i - ctx : 0;
    // Extend while the next change is within 2*ctx keeps.
    std::size_t end = i;
    while (true) {
      while (end < script.size() && script[end] != Op::keep)
        ++end;
      std::size_t keeps = 0;
      std::size_t probe = end;
      while (probe < script.size() && script[probe] == Op::keep) {
        ++probe;
        ++keeps;
      }
      if (probe < script.size() && keeps <= 2 * ctx) {
        end = probe;
        continue;
      }
      end = std::min(script.size(), end + ctx);
      break;
    }
    // Line numbers of the hunk's first line in a and b.
    std::size_t ai = 0, bi = 0;
    for (std::size_t s = 0; s < start; ++s) {
      if (script[s] != Op::add)
        ++ai;
      if (script[s] != Op::remove)
        ++bi;
    }
    std::size_t a_count = 0, b_count = 0;
    for (std::size_t s = start; s < end; ++s) {
      if (script[s] != Op::add)
        ++a_count;
      if (script[s] != Op::remove)
        ++b_count;
    }
    out += std::string(cyan) + "@@ -" + range(ai + 1, a_count) + " +" + range(bi + 1, b_count) +
           " @@" + reset + "\n";
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
        color = red;
      } else {
        line = b[bi++];
        mark = "+";
        color = green;
      }
      out += color;
      out += mark;
      out += line;
      if (line.empty() || line.back() != '\n')
        out += std::string(*color ? reset : "") + "\n\\ No newline at end of file\n";
      else if (*color)
        out.insert(out.size() - 1, reset);
    }
    i = end;
  }
  return out;
}

} // namespace tp::edit
