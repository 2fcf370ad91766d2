#pragma once
// Edits as byte ranges of a file's raw bytes, and applying a set of them. Strings in, strings out.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.hpp"

namespace tp::edit {

// Replace raw bytes [begin, end) by `replacement` (already in the file's line-ending style).
struct TextEdit {
  std::size_t begin = 0;
  std::size_t end = 0;
  std::string replacement;
  std::string owner; // "patchset-id/edit-name", for overlap reports
  // A whole-line insertion that may share its point with other such insertions (ensure-include
  // lines after the same include): they do not overlap and go in in the order given.
  bool stacks = false;
};

// True when the two edits touch the same bytes: their ranges intersect, or one inserts strictly
// inside the other's range, or both insert at the same point. Edits that merely touch end to
// start do not overlap, nor do two insertions at the same point that both `stack`.
bool overlaps(const TextEdit& a, const TextEdit& b);

// Pairs of indices (i < j) of edits in `edits` that overlap.
std::vector<std::pair<std::size_t, std::size_t>> find_overlaps(const std::vector<TextEdit>& edits);

// `raw` with every edit applied. The edits must not overlap (checked: an error names both owners).
// Insertions at the same point go in the order of `edits`.
Result<std::string> apply_edits(std::string_view raw, std::vector<TextEdit> edits);

} // namespace tp::edit
