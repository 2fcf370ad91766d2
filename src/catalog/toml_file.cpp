#include "catalog/toml_file.hpp"

#include <algorithm>

#include "base/suggestion.hpp"
#include "base/utf8.hpp"
#include "catalog/toml_shelter.hpp"

namespace tp::catalog {

namespace {

std::string join(const std::vector<std::string_view>& names) {
  std::string out;
  for (auto n : names)
    out += (out.empty() ? "" : ", ") + std::string(n);
  return out;
}

} // namespace

TomlFile::TomlFile(std::string path, std::string_view text, Diagnostics& out)
    : m_path(std::move(path)), m_text(text), m_out(out) {}

std::optional<toml::table> TomlFile::parse() {
  const Shelter shelter = shelter_needed(m_text);
  if (shelter == Shelter::impossible) {
    error_at_offset(0, "this file mixes private-use characters U+E000..U+EBEA with characters "
                       "that toml++ 3.3 cannot read safely; remove the private-use ones");
    return std::nullopt;
  }
  m_sheltered = shelter == Shelter::needed;
  const std::string text = m_sheltered ? sheltered(m_text) : std::string();
  auto result = toml::parse(m_sheltered ? std::string_view(text) : m_text, m_path);
  if (!result) {
    const auto& e = result.error();
    error_at(e.source().begin, "invalid TOML: " + restored(e.description()));
    return std::nullopt;
  }
  return std::move(result).table();
}

void TomlFile::error_at(const toml::node& node, std::string message) {
  error_at(node.source().begin, std::move(message));
}

void TomlFile::error_at(const toml::source_position& pos, std::string message) {
  error_at_offset(offset_of(pos), std::move(message));
}

void TomlFile::error_at_offset(std::size_t offset, std::string message) {
  m_out.push_back(Diagnostic::at(m_path, m_text, offset, std::move(message)));
  ++m_errors;
}

std::size_t TomlFile::offset_of(const toml::source_position& pos) const {
  std::size_t offset = offset_of_line(m_text, pos.line == 0 ? 1 : pos.line);
  for (std::size_t col = 1; col < pos.column && offset < m_text.size() && m_text[offset] != '\n';
       ++col)
    offset = utf8::next_char_start(m_text, offset);
  return offset;
}

std::size_t TomlFile::string_content_offset(const toml::node& node) const {
  std::size_t at = offset_of(node.source().begin);
  auto rest = m_text.substr(at);
  for (std::string_view delim : {"'''", "\"\"\"", "'", "\""}) {
    if (rest.substr(0, delim.size()) == delim) {
      at += delim.size();
      if (delim.size() == 3 && at < m_text.size() && m_text[at] == '\n')
        ++at; // TOML trims a newline right after the opening delimiter
      else if (delim.size() == 3 && m_text.substr(at, 2) == "\r\n")
        at += 2;
      return at;
    }
  }
  return at;
}

std::string TomlFile::restored(std::string_view s) const {
  return m_sheltered ? unsheltered(s) : std::string(s);
}

void TomlFile::check_keys(const toml::table& table, const std::vector<std::string_view>& allowed,
                          std::string_view where) {
  for (auto&& [key, value] : table) {
    const std::string k = restored(key.str());
    if (std::find(allowed.begin(), allowed.end(), k) != allowed.end())
      continue;
    const std::string best = closest_name(k, {allowed.begin(), allowed.end()}).value_or("");
    std::string message = "unknown key '" + std::string(k) + "' in " + std::string(where);
    message += best.empty() ? std::string("; expected one of: ") + join(allowed)
                            : "; did you mean '" + best + "'?";
    error_at(key.source().begin, message);
  }
}

std::optional<std::string> TomlFile::string_field(const toml::table& table, std::string_view key,
                                                  Required required, const toml::node& owner) {
  const toml::node* node = table.get(key);
  if (!node) {
    if (required == Required::yes)
      error_at(owner, "missing key '" + std::string(key) + "' (a string)");
    return std::nullopt;
  }
  if (!node->is_string()) {
    error_at(*node, "'" + std::string(key) + "' must be a string, not " + type_name(*node));
    return std::nullopt;
  }
  return restored(node->as_string()->get());
}

std::vector<std::string> TomlFile::string_list(const toml::table& table, std::string_view key,
                                               Required required, const toml::node& owner) {
  std::vector<std::string> out;
  const toml::node* node = table.get(key);
  if (!node) {
    if (required == Required::yes)
      error_at(owner, "missing key '" + std::string(key) + "' (an array of strings)");
    return out;
  }
  if (node->is_string()) {
    out.push_back(restored(node->as_string()->get()));
    return out;
  }
  const toml::array* array = node->as_array();
  if (!array) {
    error_at(*node,
             "'" + std::string(key) + "' must be an array of strings, not " + type_name(*node));
    return out;
  }
  for (const toml::node& item : *array) {
    if (!item.is_string()) {
      error_at(item, "'" + std::string(key) + "' must hold only strings, not " + type_name(item));
      continue;
    }
    out.push_back(restored(item.as_string()->get()));
  }
  return out;
}

std::string type_name(const toml::node& node) {
  switch (node.type()) {
  case toml::node_type::table:
    return "a table";
  case toml::node_type::array:
    return "an array";
  case toml::node_type::string:
    return "a string";
  case toml::node_type::integer:
    return "an integer";
  case toml::node_type::floating_point:
    return "a number";
  case toml::node_type::boolean:
    return "a boolean";
  default:
    return "a date or time";
  }
}

} // namespace tp::catalog
