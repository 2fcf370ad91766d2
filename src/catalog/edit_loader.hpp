#pragma once
// The [[edits]] entries of a patchset file (catalog/ only): each edit's files, match count,
// action and anchors. The anchors are compiled here, so that a bad regex or query is reported at
// its file:line:col.
#include <optional>
#include <string>

#include "anchor/anchor.hpp"
#include "catalog/catalog.hpp"
#include "catalog/toml_file.hpp"

namespace tp::catalog {

// The edit that `node`, one [[edits]] entry of patchset `patchset_id`, describes; nullopt when
// it has a problem (every one reported into `file`).
std::optional<Edit> load_edit(TomlFile& file, const toml::node& node,
                              const std::string& patchset_id,
                              const anchor::CompileOptions& options);

} // namespace tp::catalog
