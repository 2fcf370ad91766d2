#include "engine/plan.hpp"

#include <algorithm>
#include <atomic>
#include <memory>
#include <numeric>
#include <thread>

#include "anchor/anchor.hpp"
#include "base/diagnostic.hpp"
#include "catalog/glob.hpp"
#include "edit/text_edit.hpp"
#include "engine/early_parse.hpp"
#include "engine/evaluate_file.hpp"

namespace tp::engine {

std::string_view to_string(Outcome outcome) {
  switch (outcome) {
  case Outcome::will_apply:
    return "will-apply";
  case Outcome::already_applied:
    return "already-applied";
  case Outcome::upstream_fixed:
    return "upstream-fixed";
  case Outcome::not_applicable:
    return "not-applicable";
  case Outcome::anchor_missing:
    return "anchor-missing";
  case Outcome::ambiguous:
    return "ambiguous";
  case Outcome::parse_degraded:
    return "parse-degraded";
  case Outcome::overlap:
    return "overlap";
  case Outcome::file_missing:
    return "file-missing";
  case Outcome::submodule_absent:
    return "submodule-absent";
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

bool Plan::has_conflict() const {
  for (const auto& p : patchsets)
    if (is_conflict(p.outcome))
      return true;
  return false;
}

// The stages of plan_patchsets, in the order it runs them (it comes last, and reads as their
// summary): gates; the patchsets that apply; the files their edits select; each file read and
// its edits evaluated (evaluate_file.cpp); overlaps; each patchset's report; the new bytes.
namespace {

bool is_chosen(const std::vector<std::string>& only, const std::string& id) {
  return only.empty() || std::find(only.begin(), only.end(), id) != only.end();
}

std::vector<GateReport> evaluate_gates(const std::vector<catalog::Gate>& gates,
                                       const catalog::Version& version,
                                       const PlanOptions& options) {
  std::vector<GateReport> out;
  for (const auto& g : gates)
    if (is_chosen(options.only, g.id))
      out.push_back(evaluate_gate(g, version, options.facts, options.fact_sources));
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
                       : "needs " + check.fact +
                             " to be one of the listed values (unknown here; "
                             "pass --fact " +
                             check.fact + "=VALUE)";
    if (check.verdict == Verdict::unknown)
      return check.fact + " is " + check.value + ", which is not a version (needs " +
             check.expected + ")";
    if (check.verdict == Verdict::fails)
      return versioned ? check.fact + " is " + check.value + ", outside " + check.expected
                       : check.fact + " is " + check.value + ", not one of the patchset's";
  }
  return {};
}

// The patchsets that apply, in catalog order, and where each one's report is.
struct Selection {
  std::vector<const catalog::Patchset*> patchsets;
  std::vector<std::size_t> report_index; // into Plan::patchsets
};

// Appends a report for every chosen patchset to `reports`, in catalog order: one outside this
// version or these facts is not-applicable, and each of its edits says why; the others are
// selected, their outcome yet to be told.
Selection select_patchsets(const std::vector<catalog::Patchset>& patchsets,
                           const ResolvedVersion& version, const PlanOptions& options,
                           std::vector<PatchsetReport>& reports) {
  Selection selected;
  for (const auto& p : patchsets) {
    if (!is_chosen(options.only, p.id))
      continue;
    PatchsetReport report{p.id, p.title, Outcome::will_apply, {}, {}, {}};
    report.reason = not_applicable_reason(p, version, options.facts);
    if (report.reason.empty()) {
      selected.patchsets.push_back(&p);
      selected.report_index.push_back(reports.size());
    } else {
      report.outcome = Outcome::not_applicable;
      for (const auto& e : p.edits) {
        EditReport er = report_of(p, e, e.files.empty() ? "" : e.files.front());
        er.outcome = Outcome::not_applicable;
        er.message = report.reason;
        report.edits.push_back(std::move(er));
      }
    }
    reports.push_back(std::move(report));
  }
  return selected;
}

// The anchors of `edit` that search a parse tree (syntax and node anchors).
std::vector<const anchor::CompiledAnchor*> tree_anchors_of(const catalog::Edit& edit) {
  std::vector<const anchor::CompiledAnchor*> found;
  for (const auto* slot : {&edit.anchor, &edit.applied, &edit.upstream_fixed})
    if (*slot && anchor::searches_parse_tree((*slot)->spec().kind))
      found.push_back(&**slot);
  return found;
}

struct Candidates {
  std::vector<CandidateFile> files;                     // sorted by path
  std::vector<std::vector<std::size_t>> files_per_edit; // [patchset][edit] -> files it selects
};

// The files that the selected patchsets' edits name, or that their globs select in `tree`.
Result<Candidates> list_candidates(const std::vector<const catalog::Patchset*>& selected,
                                   TreeSource& tree) {
  Candidates out;
  std::map<std::string, std::vector<EditRef>> edits_by_file;
  catalog::GlobSet globs; // tag: index into glob_refs
  std::vector<EditRef> glob_refs;
  for (std::size_t s = 0; s < selected.size(); ++s) {
    const auto& edits = selected[s]->edits;
    out.files_per_edit.emplace_back(edits.size(), 0);
    for (std::size_t e = 0; e < edits.size(); ++e)
      for (const auto& pattern : edits[e].files) {
        if (catalog::is_glob(pattern)) {
          globs.add(pattern, glob_refs.size());
          glob_refs.push_back({s, e});
        } else {
          edits_by_file[pattern].push_back({s, e});
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
      ++out.files_per_edit[ref.patchset][ref.edit];
    out.files.push_back({path, std::move(refs)});
  }
  return out;
}

// Every file evaluated (evaluate_file), in the order given. Files are independent, so they are
// spread over `threads` threads (0: one per core). Fails on the first file that cannot be read.
Result<std::vector<FileEvaluation>>
evaluate_files(const std::vector<CandidateFile>& files,
               const std::vector<const catalog::Patchset*>& selected, const TreeSource& tree,
               const EarlyParses& early, const anchor::CompileOptions& options, unsigned threads) {
  std::vector<Result<FileEvaluation>> results(files.size(), FileEvaluation{});
  // Files that a syntax or node anchor looks at and that no early parse covers go first: parsing
  // one large C++ file takes longer than lexing hundreds of CMake files, and taken last it would
  // leave the other threads idle. Files parsed early go last, so that their parse has the most
  // time to finish before a thread waits for it.
  std::vector<std::size_t> order(files.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  auto needs_parse = [&](std::size_t i) {
    return std::any_of(files[i].edits.begin(), files[i].edits.end(), [&](const EditRef& ref) {
      return !tree_anchors_of(selected[ref.patchset]->edits[ref.edit]).empty();
    });
  };
  auto parsed_early = [&](std::size_t i) { return early.covers(files[i].path); };
  std::stable_partition(order.begin(), order.end(),
                        [&](std::size_t i) { return !parsed_early(i); });
  std::stable_partition(order.begin(), order.end(),
                        [&](std::size_t i) { return needs_parse(i) && !parsed_early(i); });
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    for (std::size_t k = next++; k < order.size(); k = next++)
      results[order[k]] = evaluate_file(files[order[k]], selected, tree, &early, options);
  };
  threads = threads ? threads : std::max(1u, std::thread::hardware_concurrency());
  threads =
      std::min<unsigned>(threads, static_cast<unsigned>(std::max<std::size_t>(1, files.size())));
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t)
    pool.emplace_back(worker);
  worker();
  for (auto& t : pool)
    t.join();

  std::vector<FileEvaluation> out;
  out.reserve(results.size());
  for (std::size_t i = 0; i < results.size(); ++i) {
    if (!results[i])
      return with_context(results[i], "reading " + files[i].path);
    out.push_back(std::move(*results[i]));
  }
  return out;
}

// Edits whose changes touch the same bytes of one file become `overlap`, both of them; returns
// each such pair of edits once, by file.
std::vector<OverlapReport> mark_overlaps(std::vector<FileEvaluation>& files) {
  std::vector<OverlapReport> overlaps;
  for (auto& file : files) {
    std::vector<edit::TextEdit> all;
    std::vector<std::size_t> owner; // index into file.evaluated
    for (std::size_t k = 0; k < file.evaluated.size(); ++k)
      for (const auto& te : file.evaluated[k].second.raw_edits) {
        all.push_back(te);
        owner.push_back(k);
      }
    for (auto [a, b] : edit::find_overlaps(all)) {
      auto& ea = file.evaluated[owner[a]].second.report;
      auto& eb = file.evaluated[owner[b]].second.report;
      if (owner[a] == owner[b])
        continue; // one edit's own changes never overlap by construction
      std::string with_b = eb.patchset + "/" + eb.edit, with_a = ea.patchset + "/" + ea.edit;
      ea.outcome = Outcome::overlap;
      ea.message = "touches the same bytes as " + with_b;
      eb.outcome = Outcome::overlap;
      eb.message = "touches the same bytes as " + with_a;
      // `all` is in catalog order, so ea comes first. A pair of edits whose changes overlap in
      // several places is listed once.
      bool listed = std::any_of(overlaps.begin(), overlaps.end(), [&](const OverlapReport& o) {
        return o.file == file.path && o.patchset_a == ea.patchset && o.edit_a == ea.edit &&
               o.patchset_b == eb.patchset && o.edit_b == eb.edit;
      });
      if (!listed)
        overlaps.push_back({file.path, line_col_at(file.raw, std::max(all[a].begin, all[b].begin)),
                            ea.patchset, ea.edit, eb.patchset, eb.edit});
    }
  }
  return overlaps;
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

// The one line of an edit that no file reports on: the files it selects need nothing, or it
// selects none.
EditReport nothing_to_report(const catalog::Patchset& p, const catalog::Edit& e,
                             std::size_t files_selected, const TreeSource& tree) {
  EditReport summary = report_of(p, e, e.files.empty() ? "" : e.files.front());
  if (files_selected > 0) {
    summary.outcome = Outcome::already_applied;
    summary.message = "no file needs this edit";
  } else if (auto sub = absent_submodule_of(e.files, tree)) {
    summary.outcome = Outcome::submodule_absent;
    summary.repository = *sub;
    summary.message = submodule_absent_message(*sub, "no file matches");
  } else {
    summary.outcome = Outcome::file_missing;
    summary.message = "no file in the checkout matches";
  }
  return summary;
}

Outcome aggregate(const std::vector<EditReport>& edits) {
  for (const auto& e : edits)
    if (is_conflict(e.outcome))
      return e.outcome;
  bool all_same = std::all_of(edits.begin(), edits.end(), [&](const EditReport& e) {
    return e.outcome == edits.front().outcome;
  });
  if (!edits.empty() && all_same)
    return edits.front().outcome;
  for (const auto& e : edits)
    if (e.outcome == Outcome::will_apply)
      return Outcome::will_apply;
  // Mixed already-applied / upstream-fixed / submodule-absent: nothing left to do here.
  return Outcome::already_applied;
}

// Each selected patchset's edits reported, in edit order and file by file, and its outcome
// folded from theirs. A file where an `any` edit found nothing to do is left out; an edit left
// with no line gets one summary line (nothing_to_report).
void report_edits(const Selection& selected, const std::vector<FileEvaluation>& files,
                  const std::vector<std::vector<std::size_t>>& files_per_edit,
                  const TreeSource& tree, std::vector<PatchsetReport>& reports) {
  // [patchset][edit] -> its evaluation on each file, by path
  std::vector<std::vector<std::vector<const EditOnFile*>>> by_edit;
  for (const auto* p : selected.patchsets)
    by_edit.emplace_back(p->edits.size());
  for (const auto& file : files)
    for (const auto& [ref, evaluated] : file.evaluated)
      by_edit[ref.patchset][ref.edit].push_back(&evaluated);

  for (std::size_t s = 0; s < selected.patchsets.size(); ++s) {
    const auto& p = *selected.patchsets[s];
    auto& report = reports[selected.report_index[s]];
    for (std::size_t e = 0; e < p.edits.size(); ++e) {
      bool shown = false;
      for (const EditOnFile* r : by_edit[s][e]) {
        for (const auto& n : r->notes)
          report.notes.push_back(r->report.file + ": " + n);
        bool quiet = p.edits[e].matches.kind == catalog::MatchCount::Kind::any &&
                     r->report.outcome == Outcome::already_applied;
        if (!quiet) {
          report.edits.push_back(r->report);
          shown = true;
        }
      }
      if (!shown)
        report.edits.push_back(nothing_to_report(p, p.edits[e], files_per_edit[s][e], tree));
    }
    report.outcome = aggregate(report.edits);
  }
}

// The new bytes of every file that a patchset without conflict edits, by path. Each patchset's
// edits are kept apart so that the state after each one can be rebuilt: the edits never
// overlap, so any prefix of them applies to the original bytes as they are.
Result<std::vector<FilePlan>> plan_files(std::vector<FileEvaluation> files,
                                         const Selection& selected,
                                         const std::vector<PatchsetReport>& reports) {
  std::vector<FilePlan> out;
  for (auto& file : files) {
    FilePlan fp;
    std::vector<std::vector<edit::TextEdit>> edits_by_patchset;
    for (const auto& [ref, evaluated] : file.evaluated) {
      const auto& report = reports[selected.report_index[ref.patchset]];
      if (report.outcome != Outcome::will_apply || evaluated.raw_edits.empty())
        continue;
      if (fp.patchsets.empty())
        fp.repository = evaluated.report.repository;
      if (fp.patchsets.empty() || fp.patchsets.back() != report.id) {
        fp.patchsets.push_back(report.id);
        edits_by_patchset.emplace_back();
      }
      auto& edits = edits_by_patchset.back();
      edits.insert(edits.end(), evaluated.raw_edits.begin(), evaluated.raw_edits.end());
    }
    if (fp.patchsets.empty())
      continue;
    fp.path = std::move(file.path);
    fp.before = std::move(file.raw);
    std::vector<edit::TextEdit> so_far;
    for (auto& edits : edits_by_patchset) {
      so_far.insert(so_far.end(), edits.begin(), edits.end());
      auto after = edit::apply_edits(fp.before, so_far);
      if (!after)
        return with_context(after, "planning " + fp.path);
      fp.after_each.push_back(std::move(*after));
    }
    fp.after = fp.after_each.back();
    out.push_back(std::move(fp));
  }
  return out;
}

} // namespace

Result<Plan> plan_patchsets(const catalog::Catalog& catalog, TreeSource& tree,
                            const ResolvedVersion& version, const PlanOptions& options) {
  Plan plan;
  plan.version = version;
  plan.catalog_version = catalog.version;
  // Gates need the facts only: no file is read for them.
  plan.gates = evaluate_gates(catalog.gates, version.version, options);
  // Which patchsets apply to this version and these facts (the others are not-applicable),
  const Selection selected = select_patchsets(catalog.patchsets, version, options, plan.patchsets);
  // (the named files that syntax and node anchors search parsed meanwhile, beside the listing)
  const auto early = std::make_shared<const EarlyParses>(selected.patchsets, tree);
  // which files their edits name or their globs select,
  TP_TRY_ASSIGN(const auto candidates, list_candidates(selected.patchsets, tree));
  // each of those read once and its edits evaluated there, files spread over threads;
  TP_TRY_ASSIGN(auto files,
                evaluate_files(candidates.files, selected.patchsets, tree, *early,
                               anchor::CompileOptions{catalog.export_macros}, options.threads));
  // edits that touch the same bytes of one file conflict;
  plan.overlaps = mark_overlaps(files);
  // each patchset's outcome follows from its edits' on every file;
  report_edits(selected, files, candidates.files_per_edit, tree, plan.patchsets);
  // and the patchsets without conflict give the new bytes of the files they edit.
  TP_TRY_ASSIGN(plan.files, plan_files(std::move(files), selected, plan.patchsets));
  // The plan outlives `tree`; the early parses must be done with it (those of files whose
  // evaluation never asked for them too).
  early->wait();
  plan.analyses = early;
  return plan;
}

} // namespace tp::engine
