#include "tools/explain.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>

namespace tp::tools {

namespace {

// Text reduced to what an error message means, with a map back to the original offsets.
struct Folded {
  std::string text;
  std::vector<std::size_t> origin; // origin[i]: offset in the input of text[i]
};

// in[i] starts "./" or ".\\" (a path's current-directory segment once a separator comes before it).
bool is_current_dir_segment(std::string_view in, std::size_t i) {
  return in[i] == '.' && i + 1 < in.size() && (in[i + 1] == '/' || in[i + 1] == '\\');
}

Folded fold(std::string_view in) {
  Folded out;
  out.text.reserve(in.size());
  out.origin.reserve(in.size());
  bool pending_space = false;
  std::size_t space_at = 0;
  for (std::size_t i = 0; i < in.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(in[i]);
    if (std::isspace(c)) {
      if (!pending_space)
        space_at = i;
      pending_space = true;
      continue;
    }
    // A path's "./" segments: a build that includes through `-I dir/.` or `#include "./x.h"`
    // prints `include/fbgemm/././UtilsAvx2.h` where the catalog holds `include/fbgemm/UtilsAvx2.h`.
    if (is_current_dir_segment(in, i) && !pending_space && !out.text.empty() &&
        out.text.back() == '/') {
      ++i; // the '.' and the separator after it
      continue;
    }
    char folded = static_cast<char>(std::tolower(c));
    std::size_t width = 1;
    // UTF-8 typographic quotes: ‘ ’ (E2 80 98/99) and “ ” (E2 80 9C/9D); GCC prints them in
    // UTF-8 locales where the catalog may hold ASCII quotes.
    if (c == 0xE2 && i + 2 < in.size() && static_cast<unsigned char>(in[i + 1]) == 0x80) {
      unsigned char d = static_cast<unsigned char>(in[i + 2]);
      if (d == 0x98 || d == 0x99) {
        folded = '\'';
        width = 3;
      } else if (d == 0x9C || d == 0x9D) {
        folded = '"';
        width = 3;
      }
    } else if (c == '\\') {
      folded = '/';
    }
    if (pending_space && !out.text.empty()) {
      out.text.push_back(' ');
      out.origin.push_back(space_at);
    }
    pending_space = false;
    out.text.push_back(folded);
    out.origin.push_back(i);
    i += width - 1;
  }
  return out;
}

std::size_t line_number_at(std::string_view text, std::size_t offset) {
  std::size_t line = 1;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i)
    if (text[i] == '\n')
      ++line;
  return line;
}

} // namespace

bool looks_like_error(std::string_view line) {
  auto contains = [&](std::string_view needle) {
    return line.find(needle) != std::string_view::npos;
  };
  // "error:" also ends Python's exception names (AttributeError: …) and setuptools' summary.
  if (contains("error:") || contains("Error:") || contains("ERROR:") || contains("CMake Error") ||
      contains("undefined reference to") || contains("multiple definition of"))
    return true;
  // MSVC: "x.cpp(12): error C2065: 'x': undeclared identifier", "error LNK2019: …".
  for (std::string_view marker : {"error C", "error LNK", "fatal error C"}) {
    auto at = line.find(marker);
    if (at != std::string_view::npos && at + marker.size() < line.size() &&
        std::isdigit(static_cast<unsigned char>(line[at + marker.size()])))
      return true;
  }
  return false;
}

namespace {

// The log split into lines (CR of a CRLF dropped), with their starting offsets.
struct LogLines {
  std::vector<std::size_t> starts;
  std::vector<std::string_view> text;

  explicit LogLines(std::string_view log) {
    std::size_t at = 0;
    while (at < log.size()) {
      auto nl = log.find('\n', at);
      std::string_view line = log.substr(at, nl == std::string_view::npos ? log.npos : nl - at);
      if (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
      starts.push_back(at);
      text.push_back(line);
      at = nl == std::string_view::npos ? log.size() : nl + 1;
    }
  }
  // 0-based index of the line holding `offset`.
  std::size_t index_of(std::size_t offset) const {
    auto it = std::upper_bound(starts.begin(), starts.end(), offset);
    return it == starts.begin() ? 0 : static_cast<std::size_t>(it - starts.begin()) - 1;
  }
};

bool is_indented(std::string_view line) {
  return !line.empty() && (line.front() == ' ' || line.front() == '\t');
}

// Error lines with the block each belongs to ([first, last] line indexes): the lines that,
// when covered by a matched message, explain it.
struct ErrorLine {
  std::size_t index;
  std::size_t block_first, block_last;
};

std::vector<ErrorLine> error_lines(const LogLines& lines) {
  std::vector<ErrorLine> out;
  const std::size_t n = lines.text.size();
  for (std::size_t i = 0; i < n; ++i) {
    std::string_view line = lines.text[i];
    if (line.find("Traceback (most recent call last):") != std::string_view::npos) {
      // The exception is the first line after the frames that is not indented.
      std::size_t j = i + 1;
      while (j < n && (is_indented(lines.text[j]) || lines.text[j].empty()))
        ++j;
      if (j < n) {
        out.push_back({j, i, j});
        i = j;
      }
      continue;
    }
    if (!looks_like_error(line))
      continue;
    std::size_t last = i;
    if (line.find("CMake Error") != std::string_view::npos) {
      // CMake prints the message on the indented lines after "CMake Error at f:N (cmd):".
      while (last + 1 < n && (is_indented(lines.text[last + 1]) || lines.text[last + 1].empty()) &&
             !(lines.text[last + 1].empty() && last + 2 < n && !is_indented(lines.text[last + 2])))
        ++last;
    }
    out.push_back({i, i, last});
  }
  return out;
}

// Finds the catalog's error messages in one log, and remembers which of its lines they cover.
class LogMatcher {
public:
  explicit LogMatcher(std::string_view log)
      : m_log(log), m_folded(fold(log)), m_lines(log), m_covered(m_lines.text.size(), 0) {}

  // Where one of an entry's `errors` first occurs (on the same line, the longest message), with
  // the occurrences of all of them; nullopt when none does.
  std::optional<ExplainMatch> best_match(bool gate, const std::string& id, const std::string& title,
                                         const std::vector<std::string>& errors) {
    std::optional<ExplainMatch> best;
    for (const auto& error : errors) {
      const auto [count, first] = find_all(fold(error));
      if (!count)
        continue;
      std::size_t offset = m_folded.origin[first];
      std::size_t line = line_number_at(m_log, offset);
      if (best &&
          (best->line < line || (best->line == line && best->error.size() >= error.size()))) {
        best->occurrences += count;
        continue;
      }
      const std::size_t earlier = best ? best->occurrences : 0;
      best = ExplainMatch{gate,           id,   title,
                          error,          line, std::string(line_containing(m_log, offset)),
                          count + earlier};
    }
    return best;
  }

  // The error lines no message covers (nor any line of their block), each text once.
  std::vector<UnexplainedError> unexplained() const {
    std::vector<UnexplainedError> out;
    std::map<std::string_view, std::size_t> seen; // text -> index into out
    for (const auto& e : error_lines(m_lines)) {
      bool explained = false;
      for (std::size_t l = e.block_first; l <= e.block_last && !explained; ++l)
        explained = m_covered[l] != 0;
      if (explained)
        continue;
      std::string_view text = m_lines.text[e.index];
      if (auto it = seen.find(text); it != seen.end()) {
        ++out[it->second].occurrences;
        continue;
      }
      seen.emplace(text, out.size());
      out.push_back({e.index + 1, std::string(text), 1});
    }
    return out;
  }

private:
  // How often `needle` occurs in the log and the folded offset of the first; marks the lines
  // each occurrence covers.
  std::pair<std::size_t, std::size_t> find_all(const Folded& needle) {
    std::size_t count = 0, first = std::string::npos;
    if (needle.text.empty())
      return {count, first};
    const std::string& haystack = m_folded.text;
    for (auto at = haystack.find(needle.text); at != std::string::npos;
         at = haystack.find(needle.text, at + needle.text.size())) {
      if (first == std::string::npos)
        first = at;
      ++count;
      const std::size_t from = m_lines.index_of(m_folded.origin[at]);
      const std::size_t to = m_lines.index_of(m_folded.origin[at + needle.text.size() - 1]);
      for (std::size_t l = from; l <= to && l < m_covered.size(); ++l)
        m_covered[l] = 1;
    }
    return {count, first};
  }

  std::string_view m_log;
  Folded m_folded;
  LogLines m_lines;
  std::vector<char> m_covered; // per line: some message covers it
};

} // namespace

ExplainReport explain_log(const catalog::Catalog& catalog, std::string_view log) {
  ExplainReport report;
  LogMatcher matcher(log);
  for (const auto& p : catalog.patchsets)
    if (auto match = matcher.best_match(false, p.id, p.title, p.errors))
      report.matches.push_back(std::move(*match));
  for (const auto& g : catalog.gates)
    if (auto match = matcher.best_match(true, g.id, g.title, g.errors))
      report.matches.push_back(std::move(*match));
  report.unexplained = matcher.unexplained();
  return report;
}

} // namespace tp::tools
