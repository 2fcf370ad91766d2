#include "catalog/version.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace tp::catalog {

namespace {

bool read_int(std::string_view& s, int& out) {
  std::size_t n = 0;
  while (n < s.size() && std::isdigit(static_cast<unsigned char>(s[n])))
    ++n;
  if (n == 0 || n > 9)
    return false;
  std::from_chars(s.data(), s.data() + n, out);
  s.remove_prefix(n);
  return true;
}

bool consume(std::string_view& s, std::string_view prefix) {
  if (s.substr(0, prefix.size()) != prefix)
    return false;
  s.remove_prefix(prefix.size());
  return true;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
    s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
    s.remove_suffix(1);
  return s;
}

int compare_release(const std::vector<int>& a, const std::vector<int>& b, std::size_t parts) {
  for (std::size_t i = 0; i < parts; ++i) {
    int x = i < a.size() ? a[i] : 0;
    int y = i < b.size() ? b[i] : 0;
    if (x != y)
      return x < y ? -1 : 1;
  }
  return 0;
}

} // namespace

int compare(const Version& a, const Version& b) {
  if (int c = compare_release(a.release, b.release, std::max(a.release.size(), b.release.size())))
    return c;
  // A final release (pre_kind 0) sorts after every pre-release: map it to a rank above 'r'.
  auto rank = [](const Version& v) { return v.pre_kind == 0 ? 'z' : v.pre_kind; };
  if (rank(a) != rank(b))
    return rank(a) < rank(b) ? -1 : 1;
  if (a.pre_number != b.pre_number)
    return a.pre_number < b.pre_number ? -1 : 1;
  int pa = a.post.value_or(-1), pb = b.post.value_or(-1);
  return pa == pb ? 0 : (pa < pb ? -1 : 1);
}

std::optional<Version> parse_version(std::string_view text) {
  Version v;
  v.text = std::string(trim(text));
  std::string_view s = trim(text);
  if (!s.empty() && (s[0] == 'v' || s[0] == 'V'))
    s.remove_prefix(1);
  if (auto plus = s.find('+'); plus != std::string_view::npos)
    s = s.substr(0, plus);
  int part = 0;
  if (!read_int(s, part))
    return std::nullopt;
  v.release.push_back(part);
  while (!s.empty() && s[0] == '.' && s.size() > 1 &&
         std::isdigit(static_cast<unsigned char>(s[1]))) {
    s.remove_prefix(1);
    read_int(s, part);
    v.release.push_back(part);
  }
  if (!s.empty()) {
    std::string_view rest = s;
    consume(rest, "-") || consume(rest, ".") || consume(rest, "_");
    if (consume(rest, "rc") || consume(rest, "c"))
      v.pre_kind = 'r';
    else if (consume(rest, "alpha") || consume(rest, "a"))
      v.pre_kind = 'a';
    else if (consume(rest, "beta") || consume(rest, "b"))
      v.pre_kind = 'b';
    if (v.pre_kind != 0) {
      if (!read_int(rest, v.pre_number))
        v.pre_number = 0;
      s = rest;
    }
  }
  if (!s.empty()) {
    std::string_view rest = s;
    consume(rest, "-") || consume(rest, ".");
    int post = 0;
    if (consume(rest, "post") && read_int(rest, post)) {
      v.post = post;
      s = rest;
    }
  }
  if (!s.empty())
    return std::nullopt;
  return v;
}

bool is_version_tag(std::string_view tag) {
  if (tag.empty() || (tag[0] != 'v' && tag[0] != 'V'))
    return false;
  auto v = parse_version(tag);
  return v && v->release.size() >= 2;
}

bool VersionSpecifier::contains(const Version& v) const {
  for (const auto& c : clauses) {
    int cmp = c.wildcard ? compare_release(v.release, c.version.release, c.version.release.size())
                         : compare(v, c.version);
    bool ok = false;
    switch (c.op) {
    case VersionClause::Op::eq:
      ok = cmp == 0;
      break;
    case VersionClause::Op::ne:
      ok = cmp != 0;
      break;
    case VersionClause::Op::lt:
      ok = cmp < 0;
      break;
    case VersionClause::Op::le:
      ok = cmp <= 0;
      break;
    case VersionClause::Op::gt:
      ok = cmp > 0;
      break;
    case VersionClause::Op::ge:
      ok = cmp >= 0;
      break;
    }
    // "<2.6" excludes 2.6 pre-releases: 2.6.0a0 is what the main branch calls itself while
    // 2.6 is being developed, and it already carries 2.6's code.
    if (ok && c.op == VersionClause::Op::lt && !c.wildcard && v.is_prerelease() &&
        !c.version.is_prerelease() &&
        compare_release(v.release, c.version.release,
                        std::max(v.release.size(), c.version.release.size())) == 0)
      ok = false;
    if (!ok)
      return false;
  }
  return true;
}

std::optional<VersionSpecifier> parse_specifier(std::string_view text, std::string* error,
                                                std::size_t* error_offset) {
  VersionSpecifier spec;
  spec.text = std::string(trim(text));
  std::size_t pos = 0;
  auto fail = [&](std::string message, std::size_t at) -> std::optional<VersionSpecifier> {
    if (error)
      *error = std::move(message);
    if (error_offset)
      *error_offset = at;
    return std::nullopt;
  };
  if (trim(text).empty() || trim(text) == "*")
    return spec;
  while (pos <= text.size()) {
    auto comma = text.find(',', pos);
    std::string_view raw =
        text.substr(pos, comma == std::string_view::npos ? std::string_view::npos : comma - pos);
    std::size_t lead = 0;
    while (lead < raw.size() && std::isspace(static_cast<unsigned char>(raw[lead])))
      ++lead;
    std::size_t at = pos + lead;
    std::string_view clause = trim(raw);
    VersionClause c;
    static constexpr std::pair<std::string_view, VersionClause::Op> ops[] = {
        {">=", VersionClause::Op::ge}, {"<=", VersionClause::Op::le}, {"==", VersionClause::Op::eq},
        {"!=", VersionClause::Op::ne}, {">", VersionClause::Op::gt},  {"<", VersionClause::Op::lt}};
    bool found = false;
    for (auto [token, op] : ops) {
      if (clause.substr(0, token.size()) == token) {
        c.op = op;
        clause = trim(clause.substr(token.size()));
        found = true;
        break;
      }
    }
    if (!found)
      return fail("expected a comparison (>=, <=, ==, !=, >, <) before a version", at);
    if (clause.size() >= 2 && clause.substr(clause.size() - 2) == ".*") {
      if (c.op != VersionClause::Op::eq && c.op != VersionClause::Op::ne)
        return fail("a wildcard version ('.*') goes only with == or !=", at);
      c.wildcard = true;
      clause.remove_suffix(2);
    }
    auto v = parse_version(clause);
    if (!v)
      return fail("expected a version such as 2.0.1, 2.1.0rc2 or 2.1.0a0", at);
    c.version = *v;
    spec.clauses.push_back(std::move(c));
    if (comma == std::string_view::npos)
      break;
    pos = comma + 1;
  }
  return spec;
}

} // namespace tp::catalog
