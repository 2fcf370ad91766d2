#pragma once
// toml++ 3.3 (Debian 12) reaches __builtin_unreachable() in is_non_ascii_horizontal_whitespace()
// for U+00A1..U+0499, U+2C5E..U+3057 (but U+3000) and U+FB26..U+FEFE wherever it tests for
// whitespace, also in valid TOML (a line of a """ string after a line-ending backslash starting
// with such a character; marzer/tomlplusplus#190, #295; found by fuzz/catalog_loader_fuzz.cpp).
// These are the code points of its lookup's children 0, 11 and 63 that its switch does not
// handle. Until the fixed release is everywhere, those code points reach toml++ as private-use
// code points from U+E000 on (one for one, so lines and columns stay right), and every string
// read back is mapped back.
// (catalog/ only.)
#include <string>
#include <string_view>

namespace tp::catalog {

enum class Shelter {
  not_needed, // nothing in the text that toml++ cannot read
  needed,     // read sheltered(text), and give strings back through unsheltered()
  impossible, // the text also holds the private-use code points the shelter uses
};
Shelter shelter_needed(std::string_view text);

// `text` with the code points toml++ cannot read replaced by private-use ones, and back.
std::string sheltered(std::string_view text);
std::string unsheltered(std::string_view text);

} // namespace tp::catalog
