#pragma once
// Path globs for patchset `files`: '/'-separated, `*` and `?` within one component, `**` for any
// number of components (so `**/CMakeLists.txt` also matches `CMakeLists.txt` at the root).
#include <string_view>

namespace tp::catalog {

bool is_glob(std::string_view pattern);
bool glob_match(std::string_view pattern, std::string_view path);

// The longest leading run of components without wildcards ("third_party/**/x" -> "third_party"),
// so a walker can start there. Empty when the first component has a wildcard.
std::string_view glob_fixed_prefix(std::string_view pattern);

} // namespace tp::catalog
