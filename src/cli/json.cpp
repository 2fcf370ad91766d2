#include "cli/json.hpp"

#include <cstdio>

#include "base/utf8.hpp"

namespace tp::cli {

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
    const std::size_t n = utf8::strict_sequence_length(s, i);
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
