#pragma once
// Executing a plan (apply), and turning it into a quilt-style series (export).
#include <filesystem>
#include <string>
#include <vector>

#include "base/modes.hpp"
#include "base/result.hpp"
#include "engine/plan.hpp"
#include "txn/transaction.hpp"

namespace tp::engine {

using tp::Partial; // callers may keep writing engine::Partial

struct ApplyReport {
  enum class Kind {
    applied,          // the plan's changes were written (possibly none were needed)
    refused_conflict, // a conflict and no --partial: nothing was written
  };
  Kind kind = Kind::applied;
  txn::ApplyRecord record;          // what the transaction wrote
  std::vector<std::string> skipped; // with --partial: "patchset/edit file: outcome: message"
};

// Writes the plan's changes as one transaction. With a conflict nothing is written unless
// Partial::yes, which writes the conflict-free patchsets and records what was skipped and why.
Result<ApplyReport> apply_plan(const Plan& plan, const std::filesystem::path& root,
                               const std::filesystem::path& journal_dir, Partial partial,
                               const txn::Versions& versions);

struct SeriesPatch {
  std::string file_name; // "0001-<id>.patch"
  std::string content;   // a description header, then the unified diff
};

// One patch per patchset that will apply, in order, each against the tree as the previous ones
// leave it, plus the `series` file listing them.
std::vector<SeriesPatch> export_series(const Plan& plan, const catalog::Catalog& catalog,
                                       std::string& series_file);

} // namespace tp::engine
