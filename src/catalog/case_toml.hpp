#pragma once
// The TOML half of reading case.toml (catalog-internal). It lives in loader.cpp and reads through
// toml_file.hpp, as the patchset files do, so case.toml gets their diagnostics: file:line:col
// with a caret, unknown keys with a did-you-mean, wrong types.
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/diagnostic.hpp"

namespace tp::catalog {

struct StringField {
  std::optional<std::string> value; // nullopt: the value is not a string (already reported)
  std::size_t offset = 0;           // of the value in the file (its first character, for a string)
};
using StringFields = std::map<std::string, StringField>; // "key", or "table.key"

// Reads a small TOML file whose values are strings: the top-level `keys`, of which `table` holds
// a table whose own keys are `table_keys` (returned as "table.key"). TOML syntax, unknown keys
// and values of another type are reported into `out`; nullopt when the file is not TOML.
std::optional<StringFields> read_string_fields(const std::string& path, std::string_view text,
                                               const std::vector<std::string_view>& keys,
                                               std::string_view table,
                                               const std::vector<std::string_view>& table_keys,
                                               Diagnostics& out);

} // namespace tp::catalog
