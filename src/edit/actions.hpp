#pragma once
// Actions: what an edit does with its anchor's matches, as changes to the normalized text, and
// the translation of those changes to the file's raw bytes (line endings, BOM).
#include <string>
#include <string_view>
#include <vector>

#include "anchor/anchor.hpp"
#include "catalog/catalog.hpp"
#include "edit/text_edit.hpp"
#include "text/text.hpp"

namespace tp::edit {

// A change in normalized text (LF line endings, no BOM).
struct PlannedChange {
  anchor::Span span;
  std::string replacement; // LF line endings
  bool stacks = false;     // see TextEdit::stacks
};

struct ActionResult {
  std::vector<PlannedChange> changes;
  // How many of the anchor's matches the action acts on. Equal to the match count, except for
  // raise-cmake-minimum, which acts only on versions below the floor.
  std::size_t effective_matches = 0;
  std::vector<std::size_t> effective_match_index; // which matches those are
  std::vector<std::string> notes;                 // e.g. a ${var} version left as it is
};

ActionResult plan_action(const catalog::Edit& edit, std::string_view text,
                         const anchor::FindResult& found, const anchor::CompileOptions& options);

// The changes as raw byte edits of the file `normalized` was made from: offsets mapped back,
// inserted newlines written with the file's dominant line ending.
std::vector<TextEdit> to_raw_edits(const text::NormalizedText& normalized,
                                   const std::vector<PlannedChange>& changes,
                                   const std::string& owner);

// ensure-include: the line `#include <header>` inserted after the line holding the end of
// `target` (an empty target: at its line's start when it is at one, else at the next line's).
// At the end of a file without a final newline the line goes after a newline of its own, and
// the file still ends without one.
PlannedChange include_line_after(std::string_view text, anchor::Span target,
                                 std::string_view header);

// "${name}" expands to the named group's/capture's text, "$$" to "$".
std::string expand_template(std::string_view templ, std::string_view text,
                            const anchor::Match& match);

} // namespace tp::edit
