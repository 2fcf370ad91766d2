#include "base/utf8.hpp"

namespace tp::utf8 {

namespace {
unsigned char byte_at(std::string_view text, std::size_t at) {
  return static_cast<unsigned char>(text[at]);
}
} // namespace

std::size_t next_char_start(std::string_view text, std::size_t at) {
  ++at;
  while (is_continuation_at(text, at))
    ++at;
  return at;
}

std::size_t strict_sequence_length(std::string_view text, std::size_t at) {
  const unsigned char lead = byte_at(text, at);
  if (lead < 0x80)
    return 1;
  const std::size_t n = lead >= 0xC2 && lead <= 0xDF   ? 2
                        : lead >= 0xE0 && lead <= 0xEF ? 3
                        : lead >= 0xF0 && lead <= 0xF4 ? 4
                                                       : 0;
  if (n == 0 || at + n > text.size())
    return 0;
  // The second byte's range depends on the first; the others are any continuation byte.
  const unsigned char second = byte_at(text, at + 1);
  const unsigned char low = lead == 0xE0 ? 0xA0 : lead == 0xF0 ? 0x90 : 0x80;
  const unsigned char high = lead == 0xED ? 0x9F : lead == 0xF4 ? 0x8F : 0xBF;
  if (second < low || second > high)
    return 0;
  for (std::size_t k = 2; k < n; ++k)
    if (!is_continuation_at(text, at + k))
      return 0;
  return n;
}

DecodedChar decode_lenient(std::string_view text, std::size_t at) {
  const unsigned char lead = byte_at(text, at);
  const std::size_t n = lead < 0x80           ? 1
                        : (lead >> 5) == 0x6  ? 2
                        : (lead >> 4) == 0xE  ? 3
                        : (lead >> 3) == 0x1E ? 4
                                              : 0;
  if (n == 0 || at + n > text.size())
    return {};
  char32_t cp = n == 1 ? lead : n == 2 ? (lead & 0x1F) : n == 3 ? (lead & 0x0F) : (lead & 0x07);
  for (std::size_t i = 1; i < n; ++i) {
    if (!is_continuation_at(text, at + i))
      return {};
    cp = (cp << 6) | (byte_at(text, at + i) & 0x3F);
  }
  return {cp, n};
}

void append_code_point(char32_t code_point, std::string& out) {
  const auto put = [&out](char32_t bits) { out += static_cast<char>(bits); };
  if (code_point < 0x80) {
    put(code_point);
    return;
  }
  if (code_point < 0x800) {
    put(0xC0 | (code_point >> 6));
  } else if (code_point < 0x10000) {
    put(0xE0 | (code_point >> 12));
    put(0x80 | ((code_point >> 6) & 0x3F));
  } else {
    put(0xF0 | (code_point >> 18));
    put(0x80 | ((code_point >> 12) & 0x3F));
    put(0x80 | ((code_point >> 6) & 0x3F));
  }
  put(0x80 | (code_point & 0x3F));
}

} // namespace tp::utf8
