#include "engine/evaluate_file.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <utility>

#include "anchor/anchor.hpp"
#include "anchor/include_scan.hpp"
#include "base/diagnostic.hpp"
#include "edit/actions.hpp"
#include "edit/text_edit.hpp"
#include "engine/early_parse.hpp"
#include "text/text.hpp"

namespace tp::engine {

namespace {

// may_match, with `contains(literal, case_insensitive)` answering whether the file holds a literal.
template <class Contains>
bool may_match_with(const anchor::CompiledAnchor& anchor, Contains&& contains) {
  const auto& spec = anchor.spec();
  if (spec.kind == anchor::Kind::cmake) {
    for (const auto& command : spec.commands)
      if (contains(command, true))
        return true;
    return false;
  }
  const std::string& literal = anchor.prefilter_literal();
  return literal.empty() || contains(literal, anchor.prefilter_is_case_insensitive());
}

bool contains(std::string_view raw, const std::string& literal, bool case_insensitive) {
  return case_insensitive ? text::contains_ascii_case_insensitive(raw, literal)
                          : raw.find(literal) != std::string_view::npos;
}

// The prefilter of one file's edits, each distinct literal looked for once: the edits of a
// catalog share literals (every edit on cmake_minimum_required), and each look scans the file.
class PrefilterMemo {
public:
  explicit PrefilterMemo(std::string_view raw) : m_raw(raw) {}

  bool may_match(const anchor::CompiledAnchor& anchor) {
    return may_match_with(anchor, [this](const std::string& literal, bool case_insensitive) {
      auto [at, inserted] = m_found.try_emplace({literal, case_insensitive}, false);
      if (inserted)
        at->second = contains(m_raw, literal, case_insensitive);
      return at->second;
    });
  }

private:
  std::string_view m_raw;
  std::map<std::pair<std::string, bool>, bool> m_found;
};

} // namespace

bool may_match(const anchor::CompiledAnchor& anchor, std::string_view raw) {
  return may_match_with(anchor, [raw](const std::string& literal, bool case_insensitive) {
    return contains(raw, literal, case_insensitive);
  });
}

namespace {

constexpr const char* k_binary_file_message =
    "the file is binary (holds NUL bytes): torchpatch edits only text, so no anchor is looked "
    "for in it";

// One file as its edits see it: the bytes read, the normalized text, and what the anchors
// searching that text share (one CMake lexing, one parse tree per language).
struct FileText {
  std::string_view raw;
  const text::NormalizedText& normalized;
  const anchor::SharedAnalysis& shared;
  PrefilterMemo& prefilter; // over `raw`
};

bool anchor_finds(const std::optional<anchor::CompiledAnchor>& anchor, const FileText& file) {
  return anchor && file.prefilter.may_match(*anchor) && !anchor->find(file.shared).matches.empty();
}

std::string describe_lines(const std::vector<std::size_t>& lines) {
  std::string out;
  for (std::size_t i = 0; i < lines.size() && i < 10; ++i)
    out += (i ? ", " : "") + std::to_string(lines[i]);
  if (lines.size() > 10)
    out += ", …";
  return out;
}

// ensure-include: the include (or one that counts as it) anywhere in the file is the patched
// form, reported into `out` (true). Otherwise, without an anchor, the line to insert after is the
// scanner's choice, put into `found`.
bool find_include(const catalog::Edit& edit, const std::string& text, EditOnFile& out,
                  anchor::FindResult& found) {
  auto scan = anchor::scan_includes(text);
  std::vector<std::string> accepted = edit.action.satisfied_by;
  accepted.insert(accepted.begin(), edit.action.header);
  for (const auto& d : scan.includes)
    if (std::find(accepted.begin(), accepted.end(), d.header) != accepted.end()) {
      EditReport& r = out.report;
      r.outcome = Outcome::already_applied;
      r.where = line_col_at(text, d.line.begin);
      r.message =
          "the file already includes " + d.header + " (line " + std::to_string(r.where.line) + ")";
      out.found_patched_form = true;
      return true;
    }
  if (!edit.anchor) {
    auto line = anchor::include_anchor_line(scan);
    anchor::Span at = line ? *line : anchor::Span{scan.first_code, scan.first_code};
    found.matches.push_back({at, at, {}, std::nullopt});
  }
  return false;
}

// The outcome of an edit whose anchor found nothing to change.
void report_no_match(const catalog::Edit& edit, const FileText& file, EditOnFile& out) {
  EditReport& r = out.report;
  if (anchor_finds(edit.applied, file)) {
    r.outcome = Outcome::already_applied;
    r.message = "the patched form is present";
    out.found_patched_form = true;
  } else if (edit.matches.kind == catalog::MatchCount::Kind::any) {
    r.outcome = Outcome::already_applied;
    r.message = "nothing to change";
  } else {
    r.outcome = Outcome::anchor_missing;
    r.message = "the anchor matches nothing, and neither the patched form nor upstream's fix "
                "is present";
  }
}

// Evaluates one edit on one file's bytes (docs/patchsets.md, "Outcome of an edit on one file").
// `anchor_may_match` is may_match(edit.anchor, file.raw), which the caller has already asked.
EditOnFile evaluate_edit(const catalog::Patchset& patchset, const catalog::Edit& edit,
                         const std::string& path, const FileText& file, bool anchor_may_match,
                         const anchor::CompileOptions& options) {
  EditOnFile out{report_of(patchset, edit, path), false, {}, {}};
  EditReport& r = out.report;
  const text::NormalizedText& normalized = file.normalized;
  const std::string& text = normalized.text();

  // No anchor is looked for in a binary file. It stays a conflict, anchor-missing with this
  // reason (docs/patchsets.md): the file is not the text the patchset was written for.
  if (normalized.info().binary) {
    r.outcome = Outcome::anchor_missing;
    r.message = k_binary_file_message;
    return out;
  }
  if (anchor_finds(edit.upstream_fixed, file)) {
    r.outcome = Outcome::upstream_fixed;
    r.message = "upstream's own fix is present";
    return out;
  }
  anchor::FindResult found;
  if (edit.action.kind == catalog::ActionKind::ensure_include &&
      find_include(edit, text, out, found))
    return out;
  if (anchor_may_match && edit.anchor)
    found = edit.anchor->find(file.shared);
  if (found.parse_degraded) {
    r.outcome = Outcome::parse_degraded;
    r.where = line_col_at(text, found.degraded_at);
    r.message = "the parser found errors where the anchor looks (line " +
                std::to_string(r.where.line) + "); refusing to guess";
    return out;
  }
  auto action = edit::plan_action(edit, text, found, options);
  out.notes = std::move(action.notes);
  r.actual = action.effective_matches;
  for (std::size_t index : action.effective_match_index)
    r.match_lines.push_back(line_col_at(text, found.matches[index].target.begin).line);
  if (!action.effective_match_index.empty())
    r.where = line_col_at(text, found.matches[action.effective_match_index.front()].target.begin);

  if (r.actual > 0 && edit.matches.allows(r.actual)) {
    r.outcome = Outcome::will_apply;
    r.message = std::to_string(r.actual) + (r.actual == 1 ? " match" : " matches") + " at line " +
                describe_lines(r.match_lines);
    out.raw_edits = edit::to_raw_edits(normalized, action.changes, patchset.id + "/" + edit.name);
  } else if (r.actual == 0) {
    report_no_match(edit, file, out);
  } else {
    r.outcome = Outcome::ambiguous;
    r.message = "expected " + r.expected + " match" + (edit.matches.n == 1 ? "" : "es") +
                ", found " + std::to_string(r.actual) + " at lines " +
                describe_lines(r.match_lines);
  }
  return out;
}

// Every edit of `file` when its path holds no regular file to read.
std::vector<std::pair<EditRef, EditOnFile>>
unreadable(const CandidateFile& file, ReadResult::Status status,
           const std::vector<const catalog::Patchset*>& patchsets, const TreeSource& tree) {
  Outcome outcome = Outcome::file_missing;
  std::string repository, message = "no such file";
  if (status == ReadResult::Status::not_a_file) {
    message = "not a regular file";
  } else if (auto sub = tree.uninitialised_submodule_of(file.path)) {
    outcome = Outcome::submodule_absent;
    repository = *sub;
    message = submodule_absent_message(*sub, "there is nothing to patch");
  }
  std::vector<std::pair<EditRef, EditOnFile>> out;
  for (const auto& ref : file.edits) {
    const auto& p = *patchsets[ref.patchset];
    EditOnFile missing{report_of(p, p.edits[ref.edit], file.path), false, {}, {}};
    missing.report.outcome = outcome;
    missing.report.repository = repository;
    missing.report.message = message;
    out.emplace_back(ref, std::move(missing));
  }
  return out;
}

} // namespace

EditReport report_of(const catalog::Patchset& patchset, const catalog::Edit& edit,
                     std::string file) {
  EditReport r;
  r.patchset = patchset.id;
  r.edit = edit.name;
  r.file = std::move(file);
  r.expected = edit.matches.describe();
  return r;
}

std::string submodule_absent_message(const std::string& submodule, std::string_view consequence) {
  return "submodule " + submodule + " is not initialised, so " + std::string(consequence) +
         " (fine when building with the system's library); to patch it: git submodule update "
         "--init --recursive, then apply again";
}

Result<FileEvaluation> evaluate_file(const CandidateFile& file,
                                     const std::vector<const catalog::Patchset*>& patchsets,
                                     const TreeSource& tree, const EarlyParses* early,
                                     const anchor::CompileOptions& options) {
  FileEvaluation out{file.path, {}, {}};
  TP_TRY_ASSIGN(ReadResult read, tree.read(file.path));
  if (read.status != ReadResult::Status::ok) {
    out.evaluated = unreadable(file, read.status, patchsets, tree);
    return out;
  }
  // Only parse what some anchor could match: a quick literal check first, once per edit.
  const auto& refs = file.edits;
  std::vector<char> anchor_may_match(refs.size());
  PrefilterMemo prefilter(read.bytes);
  bool any_candidate = false;
  for (std::size_t k = 0; k < refs.size(); ++k) {
    const auto& e = patchsets[refs[k].patchset]->edits[refs[k].edit];
    // ensure-include without an anchor always looks (for the include, and for its place).
    anchor_may_match[k] = e.anchor ? prefilter.may_match(*e.anchor) : true;
    any_candidate = any_candidate || anchor_may_match[k] ||
                    e.matches.kind != catalog::MatchCount::Kind::any ||
                    e.action.kind == catalog::ActionKind::ensure_include;
  }
  if (!any_candidate)
    return out;
  // The analysis made ahead of the listing, when there is one for these bytes, or a fresh one.
  const PreparedFile* prepared = early ? early->take(file.path, read.bytes) : nullptr;
  std::optional<text::NormalizedText> own_normalized;
  std::optional<anchor::SharedAnalysis> own_shared;
  if (!prepared) {
    own_normalized.emplace(read.bytes);
    own_shared.emplace(own_normalized->text());
  }
  const FileText text{read.bytes, prepared ? normalized_text(*prepared) : *own_normalized,
                      prepared ? shared_analysis(*prepared) : *own_shared, prefilter};
  for (std::size_t k = 0; k < refs.size(); ++k) {
    const auto& ref = refs[k];
    const auto& p = *patchsets[ref.patchset];
    auto result =
        evaluate_edit(p, p.edits[ref.edit], file.path, text, anchor_may_match[k] != 0, options);
    result.report.repository = tree.repository_of(file.path);
    // The patched form in a file exactly as committed was not written by torchpatch nor by
    // hand in this work tree: upstream's own fix (or the checkout's history) put it there.
    // This tells upstream-fixed from already-applied where upstream's fix is byte-identical
    // to the patchset's.
    // Only for edits of named files: a glob over every CMake file would ask git about
    // thousands of files that never needed the edit.
    bool named = p.edits[ref.edit].matches.kind != catalog::MatchCount::Kind::any;
    if (result.found_patched_form && named && tree.is_committed_as_is(file.path, read.bytes)) {
      result.report.outcome = Outcome::upstream_fixed;
      result.report.message = "the committed file already has this change (fixed upstream or in "
                              "this checkout's history)";
    }
    out.evaluated.emplace_back(ref, std::move(result));
  }
  out.raw = std::move(read.bytes);
  return out;
}

} // namespace tp::engine
