#pragma once
// new: a first draft of a patchset from a file and its hand-edited version. One edit per changed
// hunk: a regex anchor on the smallest literal span around the change that is unique in the
// before file (and absent from the after file, so a patched file reads as already-applied), an
// `applied` regex on the after text, TODO markers for what only a person can write, and a first
// will-apply case. The draft is checked by planning it in memory before it is returned.
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "base/result.hpp"
#include "catalog/catalog.hpp"

namespace tp::tools {

struct NewPatchsetRequest {
  std::string id;
  std::string path;               // the file's path in a checkout, '/'-separated
  std::string before;             // its bytes as found
  std::string after;              // its bytes as edited by hand
  std::string case_version;       // the PyTorch version of the first case, e.g. "2.0.1"
  catalog::CatalogFiles existing; // the catalog folder as it is (may be empty)
  // Export macros for a catalog.toml written into a folder that has none.
  std::vector<std::string> export_macros;
};

struct NewPatchset {
  // Files to write, relative to the catalog folder: "<id>.toml", "cases/<id>/initial/…", and
  // "catalog.toml" when the folder had none.
  std::map<std::string, std::string> files;
  std::size_t edits = 0;
};

// Fails (with a message for the user) on an invalid or taken id, a path that is not relative,
// identical files, binary files, or a change no literal anchor can pin down.
Result<NewPatchset> new_patchset(const NewPatchsetRequest& request);

// Writes the draft's files into the catalog folder `dir` (creating folders as needed), each
// through platform::write_file_atomic; returns the paths written, in order. Stops at the first
// failure.
Result<std::vector<std::filesystem::path>> write_new_patchset(const NewPatchset& draft,
                                                              const std::filesystem::path& dir);

// `text` with every byte RE2 treats as special escaped, as RE2::QuoteMeta does (letters, digits,
// '_' and bytes >= 0x80 kept, others preceded by '\\'), except that newline, tab and carriage
// return are written `\n`, `\t`, `\r`, other control bytes `[\xHH]`, and `'` is written `[']` so
// the pattern fits in a TOML literal string.
std::string quote_regex(std::string_view text);

} // namespace tp::tools
