#include "ops/plan.hpp"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <functional>
#include <string_view>
#include <thread>

#include "anchor/include_scan.hpp"
#include "catalog/glob.hpp"
#include "edit/actions.hpp"
#include "platform/files.hpp"
#include "text/text.hpp"

namespace tp::ops {

std::string_view to_string(Outcome outcome) {
  switch (outcome) {
  case Outcome::will_apply: return "will-apply";
  case Outcome::already_applied: return "already-applied";
  case Outcome::upstream_fixed: return "upstream-fixed";
  case Outcome::not_applicable: return "not-applicable";
  case Outcome::anchor_missing: return "anchor-missing";
  case Outcome::ambiguous: return "ambiguous";
  case Outcome::parse_degraded: return "parse-degraded";
  case Outcome::overlap: return "overlap";
  case Outcome::file_missing: return "file-missing";
  case Outcome::submodule_absent: return "submodule-absent";
  }
  return "?";
}

std::optional<Outcome> parse_outcome(std::string_view name) {
  for (auto o : {Outcome::will_apply, Outcome::already_applied, Outcome::upstream_fixed,
                 Outcome::not_applicable, Outcome::anchor_missing, Outcome::ambiguous,
                 Outcome::parse_degraded, Outcome::overlap, Outcome::file_missing,
                 Outcome::submodule_absent})
    if (to_string(o) == name)
      return o;
  return std::nullopt;
}

bool is_conflict(Outcome outcome) {
  return outcome == Outcome::anchor_missing || outcome == Outcome::ambiguous ||
         outcome == Outcome::parse_degraded || outcome == Outcome::overlap ||
         outcome == Outcome::file_missing;
}

std::string_view to_string(GateOutcome outcome) {
  switch (outcome) {
  case GateOutcome::blocks: return "blocks";
  case GateOutcome::clear: return "clear";
  case GateOutcome::unknown: return "unknown";
  }
  return "?";
}

GateReport evaluate_gate(const catalog::Gate& gate, const catalog::Version& version,
                         const std::map<std::string, std::string>& facts,
                         const std::map<std::string, std::string>& sources) {
  GateReport r;
  r.id = gate.id;
  r.title = gate.title;
  r.versions = gate.versions.text;
  r.lifted_in = gate.lifted_in ? gate.lifted_in->text : "";
  for (const auto& check : check_conditions(gate.conditions, facts)) {
    GateFact f{check.fact, check.value, "", check.expected, check.verdict};
    if (auto it = sources.find(check.fact); it != sources.end() && !check.value.empty())
      f.source = it->second;
    r.facts.push_back(std::move(f));
  }
  const std::string lifted = r.lifted_in.empty() ? "" : "; lifted in PyTorch " + r.lifted_in;
  if (!gate.versions.contains(version)) {
    r.outcome = GateOutcome::clear;
    r.reason = "PyTorch " + version.text + " is outside " + gate.versions.text;
    return r;
  }
  std::vector<std::string> unknown;
  for (const auto& f : r.facts) {
    if (f.verdict == Verdict::fails) {
      r.outcome = GateOutcome::clear;
      r.reason = f.fact + " is " + f.value + ", not " + f.expected;
      return r;
    }
    if (f.verdict == Verdict::unknown)
      unknown.push_back(f.fact);
  }
  if (!unknown.empty()) {
    r.outcome = GateOutcome::unknown;
    r.reason = "PyTorch " + version.text + " is concerned, but";
    for (std::size_t i = 0; i < unknown.size(); ++i)
      r.reason += std::string(i ? "," : "") + " " + unknown[i];
    r.reason += std::string(unknown.size() == 1 ? " is" : " are") + " unknown here; pass";
    for (std::size_t i = 0; i < unknown.size(); ++i)
      r.reason += std::string(i ? "," : "") + " --fact " + unknown[i] + "=" +
                  (catalog::is_versioned_fact(unknown[i]) ? "VERSION" : "VALUE");
    r.reason += lifted;
    return r;
  }
  r.outcome = GateOutcome::blocks;
  r.reason = "PyTorch " + version.text + " with";
  for (std::size_t i = 0; i < r.facts.size(); ++i)
    r.reason += std::string(i ? "," : "") + " " + r.facts[i].fact + " " + r.facts[i].value;
  if (r.facts.empty())
    r.reason += " any toolchain";
  r.reason += lifted.empty() ? "; no release lifts it yet" : lifted;
  return r;
}

bool Plan::has_conflict() const {
  for (const auto& p : patchsets)
    if (is_conflict(p.outcome))
      return true;
  return false;
}

std::map<std::string, std::string> host_facts() {
#if defined(_WIN32)
  return {{"platform", "windows"}};
#elif defined(__APPLE__)
  return {{"platform", "macos"}};
#else
  return {{"platform", "linux"}};
#endif
}

namespace {

// One edit of one patchset on one file, as evaluated.
struct EditOnFile {
  EditReport report;
  bool found_patched_form = false; // already-applied because the `applied` anchor matched
  std::vector<edit::TextEdit> raw_edits;
  std::vector<std::string> notes;
};

struct EditRef {
  std::size_t patchset; // index into the selected list
  std::size_t edit;
  auto operator<=>(const EditRef&) const = default;
};

// Could `anchor` match somewhere in `raw`? False only when a literal every match needs is absent.
bool may_match(const anchor::CompiledAnchor& anchor, std::string_view raw) {
  const auto& spec = anchor.spec();
  if (spec.kind == anchor::Kind::cmake) {
    for (const auto& command : spec.commands)
      if (text::contains_ascii_case_insensitive(raw, command))
        return true;
    return false;
  }
  const std::string& literal = anchor.prefilter_literal();
  if (literal.empty())
    return true;
  return anchor.prefilter_is_case_insensitive() ? text::contains_ascii_case_insensitive(raw, literal)
                                                : raw.find(literal) != std::string_view::npos;
}

bool anchor_finds(const std::optional<anchor::CompiledAnchor>& anchor, std::string_view raw,
                  const text::NormalizedText& normalized) {
  return anchor && may_match(*anchor, raw) && !anchor->find(normalized.text()).matches.empty();
}

std::string describe_lines(const std::vector<std::size_t>& lines) {
  std::string out;
  for (std::size_t i = 0; i < lines.size() && i < 10; ++i)
    out += (i ? ", " : "") + std::to_string(lines[i]);
  if (lines.size() > 10)
    out += ", …";
  return out;
}

// Evaluates one edit on one file's bytes (docs/patchsets.md, "Outcome of an edit on one file").
// `anchor_may_match` is may_match(edit.anchor, raw), which the caller has already asked.
EditOnFile evaluate(const catalog::Patchset& patchset, const catalog::Edit& edit,
                    const std::string& path, std::string_view raw,
                    const text::NormalizedText& normalized, bool anchor_may_match,
                    const anchor::CompileOptions& options) {
  EditOnFile out;
  EditReport& r = out.report;
  r.patchset = patchset.id;
  r.edit = edit.name;
  r.file = path;
  r.expected = edit.matches.describe();
  const std::string& text = normalized.text();

  if (normalized.info().binary) {
    r.outcome = Outcome::anchor_missing;
    r.message = "the file is binary (holds NUL bytes) and is never edited";
    return out;
  }
  if (anchor_finds(edit.upstream_fixed, raw, normalized)) {
    r.outcome = Outcome::upstream_fixed;
    r.message = "upstream's own fix is present";
    return out;
  }
  anchor::FindResult found;
  if (edit.action.kind == catalog::ActionKind::ensure_include) {
    // The include (or one that counts as it) anywhere in the file is the patched form; without
    // an anchor, the line to insert after is the scanner's choice.
    auto scan = anchor::scan_includes(text);
    std::vector<std::string> accepted = edit.action.satisfied_by;
    accepted.insert(accepted.begin(), edit.action.header);
    for (const auto& d : scan.includes)
      if (std::find(accepted.begin(), accepted.end(), d.header) != accepted.end()) {
        r.outcome = Outcome::already_applied;
        r.where = line_col_at(text, d.line.begin);
        r.message = "the file already includes " + d.header + " (line " +
                    std::to_string(r.where.line) + ")";
        out.found_patched_form = true;
        return out;
      }
    if (!edit.anchor) {
      auto line = anchor::include_anchor_line(scan);
      anchor::Span at = line ? *line : anchor::Span{scan.first_code, scan.first_code};
      found.matches.push_back({at, at, {}, std::nullopt});
    }
  }
  if (anchor_may_match && edit.anchor)
    found = edit.anchor->find(text);
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
    return out;
  }
  if (r.actual == 0) {
    if (anchor_finds(edit.applied, raw, normalized)) {
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
    return out;
  }
  r.outcome = Outcome::ambiguous;
  r.message = "expected " + r.expected + " match" + (edit.matches.n == 1 ? "" : "es") +
              ", found " + std::to_string(r.actual) + " at lines " + describe_lines(r.match_lines);
  return out;
}

// Why a patchset does not apply to this version and these facts; empty when it does.
std::string not_applicable_reason(const catalog::Patchset& p, const ResolvedVersion& version,
                                  const std::map<std::string, std::string>& facts) {
  if (!p.versions.contains(version.version))
    return "PyTorch " + version.version.text + " is outside " + p.versions.text;
  for (const auto& check : check_conditions(p.conditions, facts)) {
    const bool versioned = !p.conditions.at(check.fact).values.size();
    if (check.verdict == Verdict::unknown && check.value.empty())
      return versioned ? "needs " + check.fact + " " + check.expected +
                             " (unknown here; pass --fact " + check.fact + "=VERSION)"
                       : "needs " + check.fact + " to be one of the listed values (unknown here; "
                         "pass --fact " + check.fact + "=VALUE)";
    if (check.verdict == Verdict::unknown)
      return check.fact + " is " + check.value + ", which is not a version (needs " + check.expected + ")";
    if (check.verdict == Verdict::fails)
      return versioned ? check.fact + " is " + check.value + ", outside " + check.expected
                       : check.fact + " is " + check.value + ", not one of the patchset's";
  }
  return {};
}

// The uninitialised submodule every pattern of `files` points into, if they all do: a glob's
// literal folder prefix (before its first wildcard) or a named file inside it. A glob that
// selects nothing there is the submodule's absence, not a missing file.
std::optional<std::string> absent_submodule_of(const std::vector<std::string>& files,
                                               const TreeSource& tree) {
  std::optional<std::string> first;
  for (const auto& pattern : files) {
    const std::string literal = pattern.substr(0, pattern.find_first_of("*?["));
    const std::size_t slash = literal.rfind('/');
    if (slash == std::string::npos)
      return std::nullopt;
    auto sub = tree.uninitialised_submodule_of(literal.substr(0, slash + 1) + "x");
    if (!sub)
      return std::nullopt;
    if (!first)
      first = sub;
  }
  return first;
}

Outcome aggregate(const std::vector<EditReport>& edits) {
  for (const auto& e : edits)
    if (is_conflict(e.outcome))
      return e.outcome;
  bool all_same = std::all_of(edits.begin(), edits.end(),
                              [&](const EditReport& e) { return e.outcome == edits.front().outcome; });
  if (!edits.empty() && all_same)
    return edits.front().outcome;
  for (const auto& e : edits)
    if (e.outcome == Outcome::will_apply)
      return Outcome::will_apply;
  // Mixed already-applied / upstream-fixed / submodule-absent: nothing left to do here.
  return Outcome::already_applied;
}

} // namespace

Result<Plan> plan_patchsets(const catalog::Catalog& catalog, TreeSource& tree,
                            const ResolvedVersion& version, const PlanOptions& options) {
  Plan plan;
  plan.version = version;
  plan.catalog_version = catalog.version;
  anchor::CompileOptions compile_options{catalog.export_macros};

  // 0. Gates: facts only, no file is read.
  for (const auto& g : catalog.gates)
    if (options.only.empty() ||
        std::find(options.only.begin(), options.only.end(), g.id) != options.only.end())
      plan.gates.push_back(evaluate_gate(g, version.version, options.facts, options.fact_sources));

  // 1. Which patchsets apply to this version and these facts; which files each edit selects.
  std::vector<const catalog::Patchset*> selected;
  std::map<std::string, std::vector<EditRef>> edits_by_file;
  std::vector<std::vector<std::vector<EditOnFile>>> results; // [patchset][edit] -> per file
  std::vector<std::vector<std::size_t>> selected_files;      // [patchset][edit] -> file count
  catalog::GlobSet globs;      // tag: index into glob_refs
  std::vector<EditRef> glob_refs;
  for (const auto& p : catalog.patchsets) {
    if (!options.only.empty() &&
        std::find(options.only.begin(), options.only.end(), p.id) == options.only.end())
      continue;
    PatchsetReport report{p.id, p.title, Outcome::will_apply, {}, {}, {}};
    report.reason = not_applicable_reason(p, version, options.facts);
    if (!report.reason.empty()) {
      report.outcome = Outcome::not_applicable;
      for (const auto& e : p.edits) {
        EditReport er;
        er.patchset = p.id;
        er.edit = e.name;
        er.file = e.files.empty() ? "" : e.files.front();
        er.outcome = Outcome::not_applicable;
        er.message = report.reason;
        er.expected = e.matches.describe();
        report.edits.push_back(std::move(er));
      }
      plan.patchsets.push_back(std::move(report));
      continue;
    }
    std::size_t index = selected.size();
    selected.push_back(&p);
    plan.patchsets.push_back(std::move(report));
    results.emplace_back(p.edits.size());
    selected_files.emplace_back(p.edits.size(), 0);
    for (std::size_t e = 0; e < p.edits.size(); ++e)
      for (const auto& pattern : p.edits[e].files) {
        if (catalog::is_glob(pattern)) {
          globs.add(pattern, glob_refs.size());
          glob_refs.push_back({index, e});
        } else {
          edits_by_file[pattern].push_back({index, e});
        }
      }
  }
  // The listing keeps only what some glob selects, so that of the 100,000+ paths of a large
  // index only those few become strings. Asked even without globs: it also says which
  // submodules are there.
  auto listing = tree.files([&globs](std::string_view path) { return globs.matches_any(path); });
  if (!listing)
    return with_context(listing, "listing the checkout's files");
  for (const auto& path : **listing)
    globs.each_match(path, [&](std::size_t tag) { edits_by_file[path].push_back(glob_refs[tag]); });
  // Each edit once per file (two of its globs, or a glob and a name, may select the same file),
  // in catalog order.
  for (auto& [path, refs] : edits_by_file) {
    std::sort(refs.begin(), refs.end());
    refs.erase(std::unique(refs.begin(), refs.end()), refs.end());
    for (const auto& ref : refs)
      ++selected_files[ref.patchset][ref.edit];
  }
  // Map selected index -> position in plan.patchsets.
  std::vector<std::size_t> report_index;
  for (std::size_t i = 0; i < plan.patchsets.size(); ++i)
    if (plan.patchsets[i].outcome != Outcome::not_applicable)
      report_index.push_back(i);

  // 2. Evaluate every (file, edit) pair; each file is read and normalized once. Files are
  // independent, so they are spread over threads.
  std::vector<std::pair<std::string, std::vector<EditRef>>> work(edits_by_file.begin(),
                                                                 edits_by_file.end());
  struct FileResult {
    std::vector<std::pair<EditRef, EditOnFile>> evaluated;
    std::string raw;
    std::optional<Error> error;
  };
  std::vector<FileResult> file_results(work.size());
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    for (std::size_t i = next++; i < work.size(); i = next++) {
      const auto& [path, refs] = work[i];
      FileResult& fr = file_results[i];
      auto read = tree.read(path);
      if (!read) {
        fr.error = read.error();
        continue;
      }
      if (read->status != ReadResult::Status::ok) {
        for (const auto& ref : refs) {
          EditOnFile missing;
          missing.report.patchset = selected[ref.patchset]->id;
          missing.report.edit = selected[ref.patchset]->edits[ref.edit].name;
          missing.report.file = path;
          missing.report.expected = selected[ref.patchset]->edits[ref.edit].matches.describe();
          missing.report.outcome = Outcome::file_missing;
          if (read->status == ReadResult::Status::not_a_file) {
            missing.report.message = "not a regular file";
          } else if (auto sub = tree.uninitialised_submodule_of(path)) {
            missing.report.outcome = Outcome::submodule_absent;
            missing.report.repository = *sub;
            missing.report.message = "submodule " + *sub +
                                     " is not initialised, so there is nothing to patch (fine when "
                                     "building with the system's library); to patch it: git "
                                     "submodule update --init --recursive, then apply again";
          } else {
            missing.report.message = "no such file";
          }
          fr.evaluated.emplace_back(ref, std::move(missing));
        }
        continue;
      }
      // Only parse what some anchor could match: a quick literal check first, once per edit.
      std::vector<char> anchor_may_match(refs.size());
      bool any_candidate = false;
      for (std::size_t k = 0; k < refs.size(); ++k) {
        const auto& e = selected[refs[k].patchset]->edits[refs[k].edit];
        // ensure-include without an anchor always looks (for the include, and for its place).
        anchor_may_match[k] = e.anchor ? may_match(*e.anchor, read->bytes) : true;
        any_candidate = any_candidate || anchor_may_match[k] ||
                        e.matches.kind != catalog::MatchCount::Kind::any ||
                        e.action.kind == catalog::ActionKind::ensure_include;
      }
      if (!any_candidate)
        continue;
      text::NormalizedText normalized(read->bytes);
      for (std::size_t k = 0; k < refs.size(); ++k) {
        const auto& ref = refs[k];
        const auto& p = *selected[ref.patchset];
        auto result = evaluate(p, p.edits[ref.edit], path, read->bytes, normalized,
                               anchor_may_match[k] != 0, compile_options);
        result.report.repository = tree.repository_of(path);
        // The patched form in a file exactly as committed was not written by torchpatch nor by
        // hand in this work tree: upstream's own fix (or the checkout's history) put it there.
        // This tells upstream-fixed from already-applied where upstream's fix is byte-identical
        // to the patchset's.
        // Only for edits of named files: a glob over every CMake file would ask git about
        // thousands of files that never needed the edit.
        bool named = p.edits[ref.edit].matches.kind != catalog::MatchCount::Kind::any;
        if (result.found_patched_form && named && tree.is_committed_as_is(path)) {
          result.report.outcome = Outcome::upstream_fixed;
          result.report.message = "the committed file already has this change (fixed upstream or in "
                                  "this checkout's history)";
        }
        fr.evaluated.emplace_back(ref, std::move(result));
      }
      fr.raw = std::move(read->bytes);
    }
  };
  unsigned threads = options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
  threads = std::min<unsigned>(threads, static_cast<unsigned>(std::max<std::size_t>(1, work.size())));
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t)
    pool.emplace_back(worker);
  worker();
  for (auto& t : pool)
    t.join();

  // 3. Collect per edit; overlaps between edits on the same file are conflicts for both.
  for (std::size_t i = 0; i < work.size(); ++i) {
    auto& fr = file_results[i];
    if (fr.error)
      return unexpected(Error(*fr.error).context("reading " + work[i].first));
    std::vector<edit::TextEdit> all;
    std::vector<std::size_t> owner; // index into fr.evaluated
    for (std::size_t k = 0; k < fr.evaluated.size(); ++k)
      for (const auto& te : fr.evaluated[k].second.raw_edits) {
        all.push_back(te);
        owner.push_back(k);
      }
    for (auto [a, b] : edit::find_overlaps(all)) {
      auto& ea = fr.evaluated[owner[a]].second.report;
      auto& eb = fr.evaluated[owner[b]].second.report;
      if (owner[a] == owner[b])
        continue; // one edit's own changes never overlap by construction
      std::string with_b = eb.patchset + "/" + eb.edit, with_a = ea.patchset + "/" + ea.edit;
      ea.outcome = Outcome::overlap;
      ea.message = "touches the same bytes as " + with_b;
      eb.outcome = Outcome::overlap;
      eb.message = "touches the same bytes as " + with_a;
      // `all` is in catalog order, so ea comes first. A pair of edits whose changes overlap in
      // several places is listed once.
      bool listed =
          std::any_of(plan.overlaps.begin(), plan.overlaps.end(), [&](const OverlapReport& o) {
            return o.file == work[i].first && o.patchset_a == ea.patchset && o.edit_a == ea.edit &&
                   o.patchset_b == eb.patchset && o.edit_b == eb.edit;
          });
      if (!listed)
        plan.overlaps.push_back({work[i].first,
                                 line_col_at(fr.raw, std::max(all[a].begin, all[b].begin)),
                                 ea.patchset, ea.edit, eb.patchset, eb.edit});
    }
    for (auto& [ref, evaluated] : fr.evaluated)
      results[ref.patchset][ref.edit].push_back(std::move(evaluated));
  }

  // 4. Per patchset: its edits' reports, in edit order; `any` edits that found nothing anywhere
  // get one summary line instead of one line per file.
  for (std::size_t s = 0; s < selected.size(); ++s) {
    const auto& p = *selected[s];
    auto& report = plan.patchsets[report_index[s]];
    for (std::size_t e = 0; e < p.edits.size(); ++e) {
      auto& per_file = results[s][e];
      std::vector<EditReport> shown;
      for (auto& r : per_file) {
        for (auto& n : r.notes)
          report.notes.push_back(r.report.file + ": " + n);
        bool quiet = p.edits[e].matches.kind == catalog::MatchCount::Kind::any &&
                     r.report.outcome == Outcome::already_applied;
        if (!quiet)
          shown.push_back(r.report);
      }
      if (shown.empty()) {
        EditReport summary;
        summary.patchset = p.id;
        summary.edit = p.edits[e].name;
        summary.file = p.edits[e].files.empty() ? "" : p.edits[e].files.front();
        summary.expected = p.edits[e].matches.describe();
        if (selected_files[s][e] == 0) {
          if (auto sub = absent_submodule_of(p.edits[e].files, tree)) {
            summary.outcome = Outcome::submodule_absent;
            summary.repository = *sub;
            summary.message = "submodule " + *sub + " is not initialised, so no file matches "
                              "(fine when building with the system's library); to patch it: git "
                              "submodule update --init --recursive, then apply again";
          } else {
            summary.outcome = Outcome::file_missing;
            summary.message = "no file in the checkout matches";
          }
        } else {
          summary.outcome = Outcome::already_applied;
          summary.message = "no file needs this edit";
        }
        shown.push_back(std::move(summary));
      }
      for (auto& r : shown)
        report.edits.push_back(std::move(r));
    }
    report.outcome = aggregate(report.edits);
  }

  // 5. The new bytes of every file touched by a conflict-free patchset.
  std::map<std::string, std::string> raw_of;
  for (std::size_t i = 0; i < work.size(); ++i)
    if (!file_results[i].raw.empty() || !file_results[i].evaluated.empty())
      raw_of[work[i].first] = std::move(file_results[i].raw);
  // Each patchset's edits are kept apart so that the state after each one can be rebuilt: the
  // edits never overlap, so any prefix of them applies to the original bytes as they are.
  struct Pending {
    FilePlan plan;
    std::vector<std::vector<edit::TextEdit>> edits_by_patchset;
  };
  std::map<std::string, Pending> files;
  for (std::size_t s = 0; s < selected.size(); ++s) {
    const auto& report = plan.patchsets[report_index[s]];
    if (report.outcome != Outcome::will_apply)
      continue;
    for (auto& per_edit : results[s])
      for (auto& r : per_edit) {
        if (r.raw_edits.empty())
          continue;
        auto& pending = files[r.report.file];
        auto& fp = pending.plan;
        if (fp.path.empty()) {
          fp.path = r.report.file;
          fp.repository = r.report.repository;
          fp.before = raw_of[r.report.file];
        }
        if (fp.patchsets.empty() || fp.patchsets.back() != report.id) {
          fp.patchsets.push_back(report.id);
          pending.edits_by_patchset.emplace_back();
        }
        auto& edits = pending.edits_by_patchset.back();
        edits.insert(edits.end(), r.raw_edits.begin(), r.raw_edits.end());
      }
  }
  for (auto& [path, pending] : files) {
    auto& fp = pending.plan;
    std::vector<edit::TextEdit> so_far;
    for (auto& edits : pending.edits_by_patchset) {
      so_far.insert(so_far.end(), edits.begin(), edits.end());
      auto after = edit::apply_edits(fp.before, so_far);
      if (!after)
        return with_context(after, "planning " + path);
      fp.after_each.push_back(std::move(*after));
    }
    fp.after = fp.after_each.back();
    plan.files.push_back(std::move(fp));
  }
  return plan;
}

Result<ResolvedVersion> decide_version(const VersionEvidence& evidence) {
  std::optional<catalog::Version> best;
  std::string best_tag;
  for (const auto& tag : evidence.tags) {
    if (!catalog::is_version_tag(tag))
      continue;
    auto v = catalog::parse_version(tag);
    if (v && (!best || *best < *v)) {
      best = v;
      best_tag = tag;
    }
  }
  if (best)
    return ResolvedVersion{*best, "tag " + best_tag + evidence.tag_where};

  std::optional<std::string> nearest;
  auto nearest_version_tag = [&]() -> Result<std::optional<catalog::Version>> {
    if (!evidence.nearest_tag)
      return std::optional<catalog::Version>();
    auto tag = evidence.nearest_tag();
    if (!tag)
      return unexpected(tag.error());
    if (!*tag || !catalog::is_version_tag(**tag))
      return std::optional<catalog::Version>();
    nearest = **tag;
    return catalog::parse_version(**tag);
  };
  if (evidence.version_txt) {
    std::string_view first = *evidence.version_txt;
    first = first.substr(0, first.find('\n'));
    if (auto v = catalog::parse_version(first)) {
      // Release branches keep a development value such as 2.0.0a0 in version.txt; a commit past
      // the v2.0.1 tag is 2.0.1 plus changes, not a 2.0 pre-release. When the nearest tag is on
      // the same release line, it is the more precise answer.
      if (v->is_prerelease()) {
        auto tag = nearest_version_tag();
        if (!tag)
          return unexpected(tag.error());
        if (*tag && (*tag)->release.size() >= 2 && v->release.size() >= 2 &&
            (*tag)->release[0] == v->release[0] && (*tag)->release[1] == v->release[1])
          return ResolvedVersion{**tag, "nearest tag " + *nearest + " (git describe; version.txt says " +
                                            v->text + ")"};
      }
      return ResolvedVersion{*v, "version.txt"};
    }
  }
  auto tag = nearest_version_tag();
  if (!tag)
    return unexpected(tag.error());
  if (*tag)
    return ResolvedVersion{**tag, "nearest tag " + *nearest + " (git describe)"};
  return fail("cannot tell which PyTorch version " + evidence.subject + " holds: no version tag at " +
              (evidence.tag_where.empty() ? "it" : "HEAD") +
              ", no version.txt, no version tag in its history" + evidence.hint);
}

Result<ResolvedVersion> resolve_version(const std::optional<std::string>& override_version,
                                        const repo::Repository* repository,
                                        const fs::path& root) {
  if (override_version) {
    auto v = catalog::parse_version(*override_version);
    if (!v)
      return fail("--torch-version " + *override_version +
                  " is not a version (expected e.g. 2.0.1, v2.1.0-rc2 or 2.1.0a0)");
    return ResolvedVersion{*v, "--torch-version"};
  }
  VersionEvidence evidence;
  evidence.tag_where = " at HEAD";
  evidence.subject = root.string();
  evidence.hint = "; pass --torch-version";
  if (repository) {
    auto tags = repository->tags_at_head();
    if (!tags)
      return with_context(tags, "reading tags");
    evidence.tags = std::move(*tags);
    evidence.nearest_tag = [repository]() -> Result<std::optional<std::string>> {
      auto tag = repository->nearest_tag("v[0-9]*");
      if (!tag)
        return with_context(tag, "describing HEAD");
      return *tag;
    };
  }
  std::error_code ec;
  if (fs::exists(root / "version.txt", ec)) {
    auto text = platform::read_file(root / "version.txt");
    if (!text)
      return with_context(text, "reading the PyTorch version");
    evidence.version_txt = std::move(*text);
  }
  return decide_version(evidence);
}

} // namespace tp::ops
