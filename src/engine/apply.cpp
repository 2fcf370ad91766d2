#include "engine/apply.hpp"

#include <cstdio>

#include "edit/unified_diff.hpp"

namespace tp::engine {

namespace {

std::vector<std::string> describe_conflicts(const Plan& plan) {
  std::vector<std::string> out;
  for (const auto& p : plan.patchsets)
    for (const auto& e : p.edits)
      if (is_conflict(e.outcome))
        out.push_back(p.id + "/" + e.edit + " " + e.file + ": " +
                      std::string(to_string(e.outcome)) + ": " + e.message);
  return out;
}

// The bytes of `f` before its k-th patchset (plan.files' patchsets and after_each pair up).
const std::string& bytes_before(const FilePlan& f, std::size_t k) {
  return k == 0 ? f.before : f.after_each[k - 1];
}

} // namespace

Result<ApplyReport> apply_plan(const Plan& plan, const std::filesystem::path& root,
                               const std::filesystem::path& journal_dir, Partial partial,
                               const txn::Versions& versions) {
  ApplyReport report;
  if (plan.has_conflict()) {
    if (partial == Partial::no) {
      report.kind = ApplyReport::Kind::refused_conflict;
      return report;
    }
    report.skipped = describe_conflicts(plan);
  }
  // One PatchsetChange per patchset, in catalog order; a file changed by several patchsets is
  // recorded once per patchset with the bytes before and after that patchset.
  std::vector<txn::PatchsetChange> changes;
  for (const auto& p : plan.patchsets) {
    if (p.outcome != Outcome::will_apply)
      continue;
    txn::PatchsetChange change{p.id, {}, {}};
    for (const auto& f : plan.files) {
      for (std::size_t k = 0; k < f.patchsets.size(); ++k) {
        if (f.patchsets[k] != p.id)
          continue;
        change.files.push_back({f.path, f.repository, bytes_before(f, k), f.after_each[k]});
      }
    }
    changes.push_back(std::move(change));
  }
  if (changes.empty())
    return report;
  changes.front().skipped = report.skipped;
  auto record = txn::apply_transaction(root, journal_dir, changes, versions);
  if (!record)
    return with_context(record, "apply");
  report.record = std::move(*record);
  return report;
}

std::vector<SeriesPatch> export_series(const Plan& plan, const catalog::Catalog& catalog,
                                       std::string& series_file) {
  std::vector<SeriesPatch> out;
  series_file.clear();
  std::size_t number = 0;
  for (const auto& p : plan.patchsets) {
    if (p.outcome != Outcome::will_apply)
      continue;
    const catalog::Patchset* source = catalog.find(p.id);
    char prefix[8];
    std::snprintf(prefix, sizeof prefix, "%04zu", ++number);
    SeriesPatch patch;
    patch.file_name = std::string(prefix) + "-" + p.id + ".patch";
    patch.content = "From: torchpatch catalog " + plan.catalog_version + "\nSubject: [PATCH] " +
                    p.id + ": " + p.title + "\n\n";
    if (source) {
      patch.content += source->why;
      if (!patch.content.empty() && patch.content.back() != '\n')
        patch.content += "\n";
      for (const auto& r : source->references)
        patch.content += "Reference: " + r + "\n";
    }
    patch.content += "Generated for PyTorch " + plan.version.version.text + ".\n---\n";
    for (const auto& f : plan.files)
      for (std::size_t k = 0; k < f.patchsets.size(); ++k)
        if (f.patchsets[k] == p.id)
          patch.content += edit::render_unified_diff(f.path, bytes_before(f, k), f.after_each[k]);
    series_file += patch.file_name + "\n";
    out.push_back(std::move(patch));
  }
  return out;
}

} // namespace tp::engine
