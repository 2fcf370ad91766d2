#pragma once
// PyTorch versions and version specifiers (">=1.13, <2.6"), read from git tags (`v2.0.1`,
// `v2.1.0-rc2`) and version.txt values (`2.1.0a0`). A pre-release sorts before its release.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tp::catalog {

struct Version {
  std::vector<int> release; // 2.1.0 -> {2, 1, 0}; compared with missing parts as 0
  // Pre-release: 'a', 'b' or 'r' (rc) with its number; 0 when a final release.
  char pre_kind = 0;
  int pre_number = 0;
  std::optional<int> post; // 2.0.1.post1
  std::string text;        // as read, for reports

  bool is_prerelease() const { return pre_kind != 0; }
};

int compare(const Version& a, const Version& b);
inline bool operator<(const Version& a, const Version& b) {
  return compare(a, b) < 0;
}
inline bool operator==(const Version& a, const Version& b) {
  return compare(a, b) == 0;
}

// Parses "2.1.0", "v2.0.1", "v2.1.0-rc2", "2.1.0rc2", "2.1.0a0", "2.1.0.post1", "2.1.0a0+gitabc".
// A leading 'v' is allowed; a local part after '+' is ignored. nullopt if not a version.
std::optional<Version> parse_version(std::string_view text);

// True for tags that name a release: "v2.0.1", "v2.1.0-rc2"; false for "ciflow/trunk/1", "nightly".
bool is_version_tag(std::string_view tag);

struct VersionClause {
  enum class Op { eq, ne, lt, le, gt, ge };
  Op op = Op::ge;
  Version version;
  bool wildcard = false; // "==2.0.*" / "!=2.0.*": compares only the given release parts
};

struct VersionSpecifier {
  std::vector<VersionClause> clauses; // all must hold; empty = any version
  std::string text;
  bool contains(const Version& v) const;
};

// Parses ">=1.13, <2.6". On failure returns nullopt and sets `error` with `error_offset` (byte
// offset in `text`).
std::optional<VersionSpecifier> parse_specifier(std::string_view text, std::string* error,
                                                std::size_t* error_offset);

} // namespace tp::catalog
