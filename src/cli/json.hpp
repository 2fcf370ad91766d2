#pragma once
// A small JSON writer for the machine-readable reports (strings escaped per RFC 8259; bytes that
// are not valid UTF-8 are written as U+FFFD so the output always parses).
#include <string>
#include <string_view>

namespace tp::cli {

std::string json_string(std::string_view s);

// Builds one JSON value by appending; commas are placed automatically.
class JsonWriter {
public:
  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  JsonWriter& key(std::string_view k);
  JsonWriter& value(std::string_view v);
  JsonWriter& value(const char* v) { return value(std::string_view(v)); }
  JsonWriter& value(std::size_t v);
  JsonWriter& value(bool v);
  JsonWriter& null();
  const std::string& str() const { return m_out; }

private:
  void comma();
  std::string m_out;
  bool m_need_comma = false;
};

} // namespace tp::cli
