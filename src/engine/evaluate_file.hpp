#pragma once
// Internal to src/engine: the stage of plan_patchsets (plan.cpp) that evaluates one file's
// edits, and what it hands the later stages. Not part of the module's interface.
//
// edit::TextEdit and anchor::CompileOptions are declared, not included: only engine's .cpp
// files use this header, and they include edit/ and anchor/ themselves, so engine's headers
// stay free of edit (src/CMakeLists.txt links it PRIVATE).
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/result.hpp"
#include "catalog/catalog.hpp"
#include "engine/plan.hpp"
#include "engine/tree_source.hpp"

namespace tp::edit {
struct TextEdit;
}
namespace tp::anchor {
struct CompileOptions;
class CompiledAnchor;
} // namespace tp::anchor

namespace tp::engine {

class EarlyParses; // engine/early_parse.hpp

// One edit of the selected patchsets: its patchset's index among them, and its own index.
struct EditRef {
  std::size_t patchset;
  std::size_t edit;
  auto operator<=>(const EditRef&) const = default;
};

// A file, and the edits that look at it: each once, in catalog order.
struct CandidateFile {
  std::string path;
  std::vector<EditRef> edits;
};

// One edit on one file, as evaluated.
struct EditOnFile {
  EditReport report;
  bool found_patched_form = false; // already-applied because the `applied` anchor matched
  std::vector<edit::TextEdit> raw_edits;
  std::vector<std::string> notes;
};

struct FileEvaluation {
  std::string path;
  // In the order of the file's edits; empty when no edit's anchor could match its bytes.
  std::vector<std::pair<EditRef, EditOnFile>> evaluated;
  std::string raw; // the bytes read, when some edit was evaluated on them
};

// Reads `file` once and evaluates each of its edits on its bytes (docs/patchsets.md, "Outcome
// of an edit on one file"). A file that is missing, no regular file, or in an uninitialised
// submodule gives every edit that outcome. Fails only when the file cannot be read.
// `patchsets` are the selected patchsets that the EditRefs index. Thread-safe.
// `early`, when given, may hold the file already analysed (early_parse.hpp); it is used only
// when its bytes are the bytes read.
Result<FileEvaluation> evaluate_file(const CandidateFile& file,
                                     const std::vector<const catalog::Patchset*>& patchsets,
                                     const TreeSource& tree, const EarlyParses* early,
                                     const anchor::CompileOptions& options);

// Could `anchor` match somewhere in `raw`? False only when a literal every match needs is absent.
bool may_match(const anchor::CompiledAnchor& anchor, std::string_view raw);

// The report of `edit` of `patchset` on `file` (a path, or a glob), its outcome yet to be told.
EditReport report_of(const catalog::Patchset& patchset, const catalog::Edit& edit,
                     std::string file);

// Why nothing in the uninitialised `submodule` is a conflict (`consequence`: what its absence
// means for the edit), and how to patch it anyway.
std::string submodule_absent_message(const std::string& submodule, std::string_view consequence);

} // namespace tp::engine
