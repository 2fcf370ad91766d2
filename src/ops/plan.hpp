#pragma once
// The plan: every edit of every selected patchset located and computed in memory, with exactly
// one outcome each. `apply --dry` renders it; `apply` executes it. Nothing here writes.
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "base/diagnostic.hpp"
#include "base/result.hpp"
#include "catalog/catalog.hpp"
#include "ops/facts.hpp"
#include "ops/tree_source.hpp"

namespace tp::ops {

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

struct ResolvedVersion {
  catalog::Version version;
  std::string source; // "--torch-version", "tag v2.0.1 at HEAD", "version.txt", "nearest tag …"
};

struct EditReport {
  std::string patchset;
  std::string edit;
  std::string file;        // the path, or the glob when no single file stands for the outcome
  std::string repository;  // "" superproject, else the submodule path
  LineCol where;           // first match (or where the problem is); 0:0 when none
  Outcome outcome = Outcome::will_apply;
  std::string message;
  std::string expected;    // the expected match count, described
  std::size_t actual = 0;  // the matches found
  std::vector<std::size_t> match_lines;
};

struct PatchsetReport {
  std::string id;
  std::string title;
  Outcome outcome = Outcome::will_apply;
  std::string reason;                 // for not-applicable: why (version, condition)
  std::vector<EditReport> edits;
  std::vector<std::string> notes;     // things left alone on purpose, e.g. ${var} versions
};

// A gate's verdict on this checkout and environment.
enum class GateOutcome {
  blocks,  // the PyTorch version is concerned and every condition holds
  clear,   // the version is not concerned, or some condition fails
  unknown, // the version is concerned, no condition fails, some fact is unknown
};
std::string_view to_string(GateOutcome outcome);

struct GateFact {
  std::string fact;
  std::string value;    // empty when unknown
  std::string source;   // where the value came from ("--fact", "cmake on PATH: …"); empty when unknown
  std::string expected; // what the gate needs for it to block
  Verdict verdict = Verdict::unknown;
};

struct GateReport {
  std::string id;
  std::string title;
  GateOutcome outcome = GateOutcome::clear;
  std::string reason;    // one sentence: why it blocks / is clear / is unknown (with the --fact to pass)
  std::string versions;  // the gate's PyTorch specifier
  std::string lifted_in; // the first release that lifts it; empty when none is known
  std::vector<GateFact> facts;
};

// Evaluates one gate. `sources` says where each fact came from (may lack entries).
GateReport evaluate_gate(const catalog::Gate& gate, const catalog::Version& version,
                         const std::map<std::string, std::string>& facts,
                         const std::map<std::string, std::string>& sources);

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
  bool has_conflict() const;
};

struct PlanOptions {
  std::map<std::string, std::string> facts;        // platform, compiler, python, cmake, …
  std::map<std::string, std::string> fact_sources; // where each fact came from, for gate reports
  std::vector<std::string> only;            // patchset ids; empty = all
  unsigned threads = 0;                     // 0 = all cores
};

// Plans `catalog` against `tree` as PyTorch `version`. Fails only on environment errors
// (unreadable files); everything about the patchsets is in the report.
Result<Plan> plan_patchsets(const catalog::Catalog& catalog, TreeSource& tree,
                            const ResolvedVersion& version, const PlanOptions& options);

// What a commit says about its PyTorch version, for decide_version.
struct VersionEvidence {
  std::vector<std::string> tags;          // the tags that point at the commit
  std::string tag_where;                  // " at HEAD" for a checkout, "" for a revision
  std::optional<std::string> version_txt; // version.txt at the root, if there is one
  // The nearest tag matching v[0-9]* (git describe), asked only when needed; may be empty.
  std::function<Result<std::optional<std::string>>()> nearest_tag;
  std::string subject;                    // the checkout or revision, for the error message
  std::string hint;                       // appended to the error message
};

// The order of evidence: a version tag at the commit (the highest if several); else version.txt,
// unless it holds a development value (2.0.0a0) and the nearest tag is of the same major.minor;
// else the nearest version tag. Non-version tags (ciflow/…) are ignored.
Result<ResolvedVersion> decide_version(const VersionEvidence& evidence);

// Decides the checkout's PyTorch version: --torch-version wins; else a version tag at HEAD;
// else version.txt at the root; else the nearest version tag (git describe). A pre-release value
// in version.txt (release branches keep e.g. 2.0.0a0) yields to a nearest tag of the same
// major.minor, which is more precise.
Result<ResolvedVersion> resolve_version(const std::optional<std::string>& override_version,
                                        const repo::Repository* repository,
                                        const fs::path& root);

// The host's facts: platform = linux | windows | macos.
std::map<std::string, std::string> host_facts();

} // namespace tp::ops
