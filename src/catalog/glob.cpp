#include "catalog/glob.hpp"

namespace tp::catalog {

bool is_glob(std::string_view pattern) {
  return pattern.find_first_of("*?[") != std::string_view::npos;
}

namespace {

// Matches one component (no '/') against a pattern component with '*' and '?'.
bool component_match(std::string_view p, std::string_view s) {
  std::size_t pi = 0, si = 0, star = std::string_view::npos, mark = 0;
  while (si < s.size()) {
    if (pi < p.size() && (p[pi] == '?' || p[pi] == s[si])) {
      ++pi;
      ++si;
    } else if (pi < p.size() && p[pi] == '*') {
      star = pi++;
      mark = si;
    } else if (star != std::string_view::npos) {
      pi = star + 1;
      si = ++mark;
    } else {
      return false;
    }
  }
  while (pi < p.size() && p[pi] == '*')
    ++pi;
  return pi == p.size();
}

std::string_view next_component(std::string_view& rest) {
  auto slash = rest.find('/');
  std::string_view head = rest.substr(0, slash);
  rest = slash == std::string_view::npos ? std::string_view() : rest.substr(slash + 1);
  return head;
}

bool match_from(std::string_view pattern, std::string_view path) {
  while (true) {
    if (pattern.empty())
      return path.empty();
    std::string_view prest = pattern;
    std::string_view pc = next_component(prest);
    if (pc == "**") {
      // Zero or more components: try every split point.
      if (match_from(prest, path))
        return true;
      while (!path.empty()) {
        next_component(path);
        if (match_from(prest, path))
          return true;
      }
      return false;
    }
    if (path.empty())
      return false;
    std::string_view srest = path;
    std::string_view sc = next_component(srest);
    if (!component_match(pc, sc))
      return false;
    pattern = prest;
    path = srest;
  }
}

} // namespace

bool glob_match(std::string_view pattern, std::string_view path) {
  return match_from(pattern, path);
}

std::string_view GlobSet::last_component(std::string_view path) {
  const auto slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

void GlobSet::add(std::string_view pattern, std::size_t tag) {
  Pattern p;
  p.pattern = std::string(pattern);
  p.tag = tag;
  const std::string_view last = last_component(pattern);
  if (!last.empty() && last != "**") {
    if (!is_glob(last)) {
      p.last = std::string(last);
      p.whole = p.usable = true;
    } else if (last.front() == '*' && !is_glob(last.substr(1))) {
      p.last = std::string(last.substr(1));
      p.usable = true;
    }
  }
  m_patterns.push_back(std::move(p));
}

bool GlobSet::Pattern::may_select(std::string_view name) const {
  if (!usable)
    return true;
  if (whole)
    return name == last;
  return name.size() >= last.size() &&
         name.compare(name.size() - last.size(), last.size(), last) == 0;
}

bool GlobSet::matches_any(std::string_view path) const {
  const std::string_view name = last_component(path);
  for (const auto& p : m_patterns)
    if (p.may_select(name) && glob_match(p.pattern, path))
      return true;
  return false;
}

} // namespace tp::catalog
