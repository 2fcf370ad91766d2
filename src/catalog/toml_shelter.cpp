#include "catalog/toml_shelter.hpp"

#include "base/utf8.hpp"

namespace tp::catalog {

namespace {

struct ShelteredRange {
  char32_t first, end; // [first, end)
};
constexpr ShelteredRange k_sheltered[] = {
    {0xA1, 0x49A}, {0x2C5E, 0x3000}, {0x3001, 0x3058}, {0xFB06, 0xFEFF}};
constexpr char32_t k_shelter = 0xE000;      // first private-use code point used
constexpr char32_t k_shelter_last = 0xEBEA; // the last one, as the message below says
static_assert([] {
  char32_t n = 0;
  for (const auto& r : k_sheltered)
    n += r.end - r.first;
  return k_shelter + n - 1 == k_shelter_last && k_shelter_last <= 0xF8FF;
}());

// Rewrites every code point with `map` returning a replacement (or 0 to keep it).
template <typename Map> std::string remap_utf8(std::string_view s, Map map) {
  std::string out;
  out.reserve(s.size() + s.size() / 2);
  for (std::size_t at = 0; at < s.size();) {
    const auto [cp, n] = utf8::decode_lenient(s, at);
    if (n > 1) {
      if (char32_t to = map(cp)) {
        utf8::append_code_point(to, out);
        at += n;
        continue;
      }
    }
    const std::size_t take = n == 0 ? 1 : n;
    out.append(s.substr(at, take));
    at += take;
  }
  return out;
}

// The private-use code point standing for `cp` while toml++ reads the text; 0 when `cp` is safe.
char32_t shelter(char32_t cp) {
  char32_t to = k_shelter;
  for (const auto& r : k_sheltered) {
    if (cp >= r.first && cp < r.end)
      return to + (cp - r.first);
    to += r.end - r.first;
  }
  return 0;
}

// The code point a sheltered one stands for; 0 when `cp` is no sheltered code point.
char32_t unshelter(char32_t cp) {
  char32_t from = k_shelter;
  for (const auto& r : k_sheltered) {
    if (cp >= from && cp < from + (r.end - r.first))
      return r.first + (cp - from);
    from += r.end - r.first;
  }
  return 0;
}

} // namespace

Shelter shelter_needed(std::string_view text) {
  bool needs_shelter = false;
  bool holds_shelter = false;
  (void)remap_utf8(text, [&](char32_t cp) -> char32_t {
    needs_shelter = needs_shelter || shelter(cp) != 0;
    holds_shelter = holds_shelter || unshelter(cp) != 0;
    return 0;
  });
  if (!needs_shelter)
    return Shelter::not_needed;
  return holds_shelter ? Shelter::impossible : Shelter::needed;
}

std::string sheltered(std::string_view text) {
  return remap_utf8(text, shelter);
}

std::string unsheltered(std::string_view text) {
  return remap_utf8(text, unshelter);
}

} // namespace tp::catalog
