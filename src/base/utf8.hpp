#pragma once
// UTF-8 at the byte level, in the two strengths torchpatch reads it:
// - strict: Unicode's well-formed sequences (table 3-7: no overlong form, no UTF-16 surrogate,
//   nothing past U+10FFFF). The JSON writer passes only these through (cli/json.cpp).
// - lenient: a lead byte and as many continuation bytes as it announces, whatever they encode.
//   The catalog's toml++ shelter reads code points so, and writes back exactly what it changed
//   (catalog/toml_shelter.cpp).
// And the character boundaries that columns and literals are cut at (catalog/loader.cpp's toml++
// columns, tools/new_patchset.cpp's contexts). Invalid bytes are never an error here: each
// caller decides what they become.
#include <cstddef>
#include <string>
#include <string_view>

namespace tp::utf8 {

// Whether text[at] is a continuation byte (10xxxxxx); false past the end.
inline bool is_continuation_at(std::string_view text, std::size_t at) {
  return at < text.size() && (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80;
}

// Where the character after the one starting at `at` starts: past `at` and the continuation
// bytes after it (so an invalid byte counts as one character).
std::size_t next_char_start(std::string_view text, std::size_t at);

// Strict: the length (1 to 4) of the well-formed sequence starting at text[at]; 0 when it is
// ill-formed or cut short by the end of `text`.
std::size_t strict_sequence_length(std::string_view text, std::size_t at);

struct DecodedChar {
  char32_t code_point = 0;
  std::size_t length = 0; // 0: no lead byte at `at`, or too few continuation bytes after it
};
// Lenient: the code point of the sequence starting at text[at], overlong forms and UTF-16
// surrogates included.
DecodedChar decode_lenient(std::string_view text, std::size_t at);

// Appends `code_point` (at most U+10FFFF) to `out` in its shortest form.
void append_code_point(char32_t code_point, std::string& out);

} // namespace tp::utf8
