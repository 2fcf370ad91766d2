// Versions, tags and specifiers: parsing never crashes, error offsets point into the text, the
// order is a total order on what parses, and what a specifier accepts agrees with its clauses.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "catalog/version.hpp"
#include "fuzz_check.hpp"

using namespace tp::catalog;

namespace {

bool holds(const VersionClause& clause, const Version& v) {
  const int c = compare(v, clause.version);
  switch (clause.op) {
  case VersionClause::Op::eq:
    return c == 0;
  case VersionClause::Op::ne:
    return c != 0;
  case VersionClause::Op::lt:
    // "<2.6" excludes 2.6's pre-releases (2.6.0a0 already carries 2.6's code): release parts
    // equal, v a pre-release and the clause's version not one.
    if (v.is_prerelease() && !clause.version.is_prerelease()) {
      Version v_release = v;
      v_release.pre_kind = 0;
      v_release.pre_number = 0;
      v_release.post.reset();
      Version c_release = clause.version;
      c_release.post.reset();
      if (compare(v_release, c_release) == 0)
        return false;
    }
    return c < 0;
  case VersionClause::Op::le:
    return c <= 0;
  case VersionClause::Op::gt:
    return c > 0;
  case VersionClause::Op::ge:
    return c >= 0;
  }
  return false;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  // Three inputs from one: split at the first two '|'.
  const auto bar = text.find('|');
  const std::string_view first = text.substr(0, bar);
  const std::string_view rest =
      bar == std::string_view::npos ? std::string_view() : text.substr(bar + 1);
  const auto bar2 = rest.find('|');
  const std::string_view second = rest.substr(0, bar2);
  const std::string_view spec_text = bar2 == std::string_view::npos ? rest : rest.substr(bar2 + 1);

  (void)is_version_tag(first);
  const auto a = parse_version(first);
  const auto b = parse_version(second);
  if (a) {
    TP_FUZZ_CHECK(compare(*a, *a) == 0);
    TP_FUZZ_CHECK(!a->release.empty());
    if (const auto again = parse_version(a->text))
      TP_FUZZ_CHECK(compare(*again, *a) == 0);
  }
  if (a && b) {
    const int ab = compare(*a, *b);
    const int ba = compare(*b, *a);
    TP_FUZZ_CHECK((ab < 0) == (ba > 0));
    TP_FUZZ_CHECK((ab == 0) == (ba == 0));
  }

  std::string error;
  std::size_t offset = 0;
  const auto spec = parse_specifier(spec_text, &error, &offset);
  if (!spec) {
    TP_FUZZ_CHECK(!error.empty());
    TP_FUZZ_CHECK(offset <= spec_text.size());
  } else if (a) {
    bool all = true;
    bool any_wildcard = false;
    for (const auto& clause : spec->clauses) {
      any_wildcard = any_wildcard || clause.wildcard;
      all = all && holds(clause, *a);
    }
    if (!any_wildcard)
      TP_FUZZ_CHECK(spec->contains(*a) == all);
    if (spec->clauses.empty())
      TP_FUZZ_CHECK(spec->contains(*a));
  }
  return 0;
}
