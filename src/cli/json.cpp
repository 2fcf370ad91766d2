#include "cli/json.hpp"

#include <cstdio>

namespace tp::cli {

namespace {
// Length of the well-formed UTF-8 sequence starting at s[i], or 0 if ill-formed (Unicode's
// table 3-7: no overlong form, no UTF-16 surrogate, nothing past U+10FFFF).
std::size_t utf8_length(std::string_view s, std::size_t i) {
  const auto c = static_cast<unsigned char>(s[i]);
  if (c < 0x80)
    return 1;
  const std::size_t n = c >= 0xC2 && c <= 0xDF   ? 2
                        : c >= 0xE0 && c <= 0xEF ? 3
                        : c >= 0xF0 && c <= 0xF4 ? 4
                                                 : 0;
  if (n == 0 || i + n > s.size())
    return 0;
  // The second byte's range depends on the first; the others are any continuation byte.
  const auto second = static_cast<unsigned char>(s[i + 1]);
  const unsigned char low = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80;
  const unsigned char high = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;
  if (second < low || second > high)
    return 0;
  for (std::size_t k = 2; k < n; ++k)
    if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80)
      return 0;
  return n;
}
} // namespace

std::string json_string(std::string_view s) {
  std::string out = "\"";
  for (std::size_t i = 0; i < s.size();) {
    char c = s[i];
    switch (c) {
    case '"':
      out += "\\\"";
      ++i;
      continue;
    case '\\':
      out += "\\\\";
      ++i;
      continue;
    case '\n':
      out += "\\n";
      ++i;
      continue;
    case '\r':
      out += "\\r";
      ++i;
      continue;
    case '\t':
      out += "\\t";
      ++i;
      continue;
    default:
      break;
    }
    if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
      out += buf;
      ++i;
      continue;
    }
    std::size_t n = utf8_length(s, i);
    if (n == 0) {
      out += "\xEF\xBF\xBD";
      ++i;
      continue;
    }
    out.append(s.substr(i, n));
    i += n;
  }
  return out + "\"";
}

void JsonWriter::comma() {
  if (m_need_comma)
    m_out += ',';
  m_need_comma = false;
}
JsonWriter& JsonWriter::begin_object() {
  comma();
  m_out += '{';
  return *this;
}
JsonWriter& JsonWriter::end_object() {
  m_out += '}';
  m_need_comma = true;
  return *this;
}
JsonWriter& JsonWriter::begin_array() {
  comma();
  m_out += '[';
  return *this;
}
JsonWriter& JsonWriter::end_array() {
  m_out += ']';
  m_need_comma = true;
  return *this;
}
JsonWriter& JsonWriter::key(std::string_view k) {
  comma();
  m_out += json_string(k) + ":";
  return *this;
}
JsonWriter& JsonWriter::value(std::string_view v) {
  comma();
  m_out += json_string(v);
  m_need_comma = true;
  return *this;
}
JsonWriter& JsonWriter::value(std::size_t v) {
  comma();
  m_out += std::to_string(v);
  m_need_comma = true;
  return *this;
}
JsonWriter& JsonWriter::value(bool v) {
  comma();
  m_out += v ? "true" : "false";
  m_need_comma = true;
  return *this;
}
JsonWriter& JsonWriter::null() {
  comma();
  m_out += "null";
  m_need_comma = true;
  return *this;
}

} // namespace tp::cli
