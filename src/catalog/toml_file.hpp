#pragma once
// One TOML file of the catalog being read (catalog/ only): patchset and gate files,
// catalog.toml, case.toml. toml++ parses it, and every problem becomes a Diagnostic at its
// file:line:col; reading goes on after a problem, so that lint shows every one at once. The typed
// readers report a missing key or a value of the wrong type themselves.
//
// toml++ is compiled header-only and without exceptions into each file that includes this
// header: parse errors come back as values, and the build does not depend on how the system's
// shared toml++ was configured.
#undef TOML_HEADER_ONLY
#undef TOML_SHARED_LIB
#define TOML_HEADER_ONLY 1
#define TOML_EXCEPTIONS 0
#include <toml++/toml.h>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/diagnostic.hpp"

namespace tp::catalog {

enum class Required { no, yes }; // must the key be there?

class TomlFile {
public:
  TomlFile(std::string path, std::string_view text, Diagnostics& out);

  // The root table; nullopt (reported) when the text is no TOML, or holds the private-use code
  // points that toml++ 3.3's workaround needs (toml_shelter.hpp).
  std::optional<toml::table> parse();

  const std::string& path() const { return m_path; }
  std::string_view text() const { return m_text; }
  std::size_t errors() const { return m_errors; } // reported so far

  void error_at(const toml::node& node, std::string message);
  void error_at(const toml::source_position& pos, std::string message);
  void error_at_offset(std::size_t offset, std::string message);

  // The byte offset of a toml++ position (toml++ counts columns in code points).
  std::size_t offset_of(const toml::source_position& pos) const;
  // The byte offset where the content of the string literal at `node` starts, so that a problem
  // at offset k in the string points at the right column of the file (exact for literal strings).
  std::size_t string_content_offset(const toml::node& node) const;

  // A string read from the parsed table, with the code points parse() sheltered given back.
  std::string restored(std::string_view s) const;

  // Reports each key of `table` not in `allowed`, with a did-you-mean.
  void check_keys(const toml::table& table, const std::vector<std::string_view>& allowed,
                  std::string_view where);
  // The string at `key`; nullopt when it is absent (reported at `owner` when required) or not a
  // string (reported).
  std::optional<std::string> string_field(const toml::table& table, std::string_view key,
                                          Required required, const toml::node& owner);
  // The array of strings (or the one string) at `key`; a value of another type is reported and
  // left out.
  std::vector<std::string> string_list(const toml::table& table, std::string_view key,
                                       Required required, const toml::node& owner);

private:
  std::string m_path;
  std::string_view m_text;
  Diagnostics& m_out;
  std::size_t m_errors = 0;
  bool m_sheltered = false;
};

// "a table", "an integer", … for messages.
std::string type_name(const toml::node& node);

} // namespace tp::catalog
