#pragma once
// The plan: every edit of every selected patchset located and computed in memory, with exactly
// one outcome each. `apply --dry` renders it; `apply` executes it. Nothing here writes.
#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/diagnostic.hpp"
#include "base/result.hpp"
#include "catalog/catalog.hpp"
#include "engine/gates.hpp"
#include "engine/tree_source.hpp"
#include "engine/version.hpp"

namespace tp::engine {

enum class Outcome {
  will_apply,
  already_applied,
  upstream_fixed,
  not_applicable,
  anchor_missing,
  ambiguous,
  parse_degraded,
  overlap,
  file_missing,
  // The file lies in a submodule the checkout has not initialised (a clone without
  // --recursive, or a build against the system's library): nothing there to patch, not a
  // conflict. Initialising the submodule and applying again patches it.
  submodule_absent,
};

std::string_view to_string(Outcome outcome);
// The outcome named `name` (as to_string writes it), if any.
std::optional<Outcome> parse_outcome(std::string_view name);
bool is_conflict(Outcome outcome);

struct EditReport {
  std::string patchset;
  std::string edit;
  std::string file;       // the path, or the glob when no single file stands for the outcome
  std::string repository; // "" superproject, else the submodule path
  LineCol where;          // first match (or where the problem is); 0:0 when none
  Outcome outcome = Outcome::will_apply;
  std::string message;
  std::string expected;   // the expected match count, described
  std::size_t actual = 0; // the matches found
  std::vector<std::size_t> match_lines;
};

struct PatchsetReport {
  std::string id;
  std::string title;
  Outcome outcome = Outcome::will_apply;
  std::string reason; // for not-applicable: why (version, condition)
  std::vector<EditReport> edits;
  std::vector<std::string> notes; // things left alone on purpose, e.g. ${var} versions
};

struct FilePlan {
  std::string path;
  std::string repository;
  std::string before;                 // the bytes read
  std::string after;                  // the bytes to write
  std::vector<std::string> patchsets; // in catalog order
  // The bytes after each patchset in `patchsets` is applied in turn (the last equals `after`),
  // for the journal's per-patchset records and for an exported series.
  std::vector<std::string> after_each;
};

// Two edits that touch the same bytes of one file; both are `overlap` in their reports. An
// edit's report names one of the edits it overlaps; these name every pair.
struct OverlapReport {
  std::string file;
  LineCol where; // in the file's bytes: where the later-starting edit of the pair begins
  std::string patchset_a, edit_a; // the one of the two that comes first in catalog order
  std::string patchset_b, edit_b;
};

struct Plan {
  ResolvedVersion version;
  std::string catalog_version;
  std::vector<PatchsetReport> patchsets; // catalog order
  std::vector<GateReport> gates;         // catalog order; they never edit and never conflict
  std::vector<FilePlan> files;           // changes of conflict-free patchsets, sorted by path
  std::vector<OverlapReport> overlaps;   // by file (sorted by path), each pair of edits once
  // What planning built and the reports no longer need (the early parses' trees), kept with the
  // plan so that freeing it is not on the way to the report: it goes with the plan.
  std::shared_ptr<const void> analyses;
  bool has_conflict() const;
};

struct PlanOptions {
  std::map<std::string, std::string> facts;        // platform, compiler, python, cmake, …
  std::map<std::string, std::string> fact_sources; // where each fact came from, for gate reports
  std::vector<std::string> only;                   // patchset ids; empty = all
  unsigned threads = 0;                            // 0 = all cores
};

// Plans `catalog` against `tree` as PyTorch `version`. Fails only on environment errors
// (unreadable files); everything about the patchsets is in the report.
Result<Plan> plan_patchsets(const catalog::Catalog& catalog, TreeSource& tree,
                            const ResolvedVersion& version, const PlanOptions& options);

} // namespace tp::engine
