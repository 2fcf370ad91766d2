#include "tools/case_runner.hpp"

#include <algorithm>
#include <set>

#include "engine/apply.hpp"
#include "engine/plan.hpp"
#include "platform/files.hpp"
#include "txn/transaction.hpp"

namespace tp::tools {

namespace {

std::string describe_edits(const engine::PatchsetReport& report) {
  std::string out;
  for (const auto& e : report.edits)
    out += "\n      " + e.edit + " " + e.file + ": " + std::string(to_string(e.outcome)) + ": " +
           e.message;
  return out;
}

Result<engine::Plan> plan_tree(const catalog::Catalog& catalog,
                               const std::map<std::string, std::string>& tree,
                               const engine::ResolvedVersion& version,
                               const engine::PlanOptions& options,
                               engine::Committed committed = engine::Committed::no) {
  engine::MemoryTreeSource source(tree, committed);
  return engine::plan_patchsets(catalog, source, version, options);
}

// Writes `tree` under `dir`, applies `plan` there through the transaction, reverts, and checks
// every byte came back.
void round_trip(const engine::Plan& plan, const std::map<std::string, std::string>& tree,
                const std::filesystem::path& dir, CaseResult& result) {
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
  for (const auto& [path, bytes] : tree) {
    const std::filesystem::path target = dir / platform::path_from_utf8(path);
    std::filesystem::create_directories(target.parent_path(), ec);
    if (auto w = platform::write_file_atomic(target, bytes, platform::Durability::no_flush); !w) {
      result.failures.push_back("round trip: " + w.error().message());
      return;
    }
  }
  auto journal = dir / ".torchpatch-journal";
  auto applied = engine::apply_plan(plan, dir, journal, engine::Partial::no, {"test", "test"});
  if (!applied) {
    result.failures.push_back("round trip: apply: " + applied.error().message());
    return;
  }
  for (const auto& f : plan.files) {
    auto now = platform::read_file(dir / platform::path_from_utf8(f.path));
    if (!now || *now != f.after)
      result.failures.push_back("round trip: after apply, " + f.path +
                                " is not what the plan showed");
  }
  auto reverted =
      txn::revert(dir, journal, {}, txn::Force::no, txn::Dry::no, platform::Durability::no_flush);
  if (!reverted) {
    result.failures.push_back("round trip: revert: " + reverted.error().message());
    return;
  }
  for (const auto& [path, bytes] : tree) {
    auto now = platform::read_file(dir / platform::path_from_utf8(path));
    if (!now || *now != bytes)
      result.failures.push_back("round trip: after revert, " + path + " is not byte-identical");
  }
  std::filesystem::remove_all(dir, ec);
}

// A problem of case.toml on one line, as a failure of the case.
std::string one_line(const Diagnostic& d) {
  return d.file + ":" + std::to_string(d.where.line) + ":" + std::to_string(d.where.column) + ": " +
         d.message;
}

// A will-apply case: after/ is what the plan produces, applying again finds everything in
// place, and apply then revert gives before/ back. Problems are added to `result`.
void check_will_apply(const catalog::Catalog& catalog, const catalog::Case& c,
                      const engine::Plan& plan,
                      const std::map<std::string, std::string>& after_tree,
                      const engine::ResolvedVersion& resolved, const engine::PlanOptions& options,
                      const std::filesystem::path& scratch, CaseResult& result) {
  auto& failures = result.failures;
  if (c.after.empty())
    failures.push_back(
        "a will-apply case needs after/ files (torchpatch test --update writes them)");
  for (const auto& [path, bytes] : c.after) {
    auto it = after_tree.find(path);
    if (it == after_tree.end())
      failures.push_back("after/" + path + " has no counterpart in before/");
    else if (it->second != bytes)
      failures.push_back("after/" + path + " differs from what the patchset produces");
  }
  for (const auto& f : plan.files)
    if (!c.after.count(f.path))
      failures.push_back(f.path + " is changed but after/ does not list it");
  auto again = plan_tree(catalog, after_tree, resolved, options);
  if (!again)
    failures.push_back(again.error().message());
  else if (again->patchsets.front().outcome != engine::Outcome::already_applied)
    failures.push_back("after/: expected already-applied on the patched tree, got " +
                       std::string(to_string(again->patchsets.front().outcome)) +
                       describe_edits(again->patchsets.front()));
  round_trip(plan, c.before, scratch / (c.patchset + "-" + c.name), result);
}

CaseResult run_case(const catalog::Catalog& catalog, const catalog::Case& c,
                    const std::filesystem::path& scratch) {
  CaseResult result;
  result.patchset = c.patchset;
  result.name = c.name;
  auto fail_case = [&](std::string why) {
    result.status = CaseResult::Status::failed;
    result.failures.push_back(std::move(why));
    return result;
  };
  if (!catalog.find(c.patchset))
    return fail_case("no patchset '" + c.patchset + "' in the catalog");
  if (!c.problems.empty()) {
    for (const auto& d : c.problems)
      fail_case(one_line(d));
    return result;
  }
  if (c.skip) {
    result.status = CaseResult::Status::skipped;
    result.skip_reason = *c.skip;
    return result;
  }
  const engine::Outcome expected = *engine::parse_outcome(c.outcome); // load_cases checked it
  engine::ResolvedVersion resolved{c.version, "case.toml"};
  engine::PlanOptions options;
  options.only = {c.patchset};
  options.threads = 1;
  options.facts = c.facts;
  const engine::Committed committed = c.committed ? engine::Committed::yes : engine::Committed::no;
  auto plan = plan_tree(catalog, c.before, resolved, options, committed);
  if (!plan)
    return fail_case(plan.error().message());
  const engine::PatchsetReport& report = plan->patchsets.front();
  if (report.outcome != expected)
    fail_case("before/: expected " + std::string(to_string(expected)) + ", got " +
              std::string(to_string(report.outcome)) + describe_edits(report));
  // The whole after tree: before with the plan's changes.
  std::map<std::string, std::string> after_tree = c.before;
  for (const auto& f : plan->files) {
    after_tree[f.path] = f.after;
    result.produced_after[f.path] = f.after;
  }
  if (expected == engine::Outcome::will_apply)
    check_will_apply(catalog, c, *plan, after_tree, resolved, options, scratch, result);
  else if (!plan->files.empty())
    fail_case("expected no change, but the plan changes " + plan->files.front().path);
  if (!result.failures.empty())
    result.status = CaseResult::Status::failed;
  return result;
}

} // namespace

std::vector<catalog::Case> load_cases(const catalog::Catalog& catalog) {
  return catalog::load_cases(
      catalog.files, [](std::string_view name) { return engine::parse_outcome(name).has_value(); });
}

std::vector<CaseResult> run_cases(const catalog::Catalog& catalog, const CaseRunOptions& options) {
  std::vector<CaseResult> out;
  for (const auto& c : load_cases(catalog)) {
    if (!options.only.empty() &&
        std::find(options.only.begin(), options.only.end(), c.patchset) == options.only.end())
      continue;
    out.push_back(run_case(catalog, c, options.scratch));
  }
  std::error_code ec;
  std::filesystem::remove_all(options.scratch, ec);
  return out;
}

std::vector<std::string> patchsets_without_cases(const catalog::Catalog& catalog) {
  std::set<std::string> with;
  for (const auto& c : load_cases(catalog))
    with.insert(c.patchset);
  std::vector<std::string> out;
  for (const auto& p : catalog.patchsets)
    if (!with.count(p.id))
      out.push_back(p.id);
  return out;
}

Result<std::vector<std::filesystem::path>>
write_produced_after(const CaseResult& result, const std::filesystem::path& catalog_dir) {
  std::vector<std::filesystem::path> written;
  if (result.status == CaseResult::Status::skipped)
    return written;
  for (const auto& [path, bytes] : result.produced_after) {
    auto target = catalog_dir / "cases" / platform::path_from_utf8(result.patchset) /
                  platform::path_from_utf8(result.name) / "after" / platform::path_from_utf8(path);
    std::error_code ec;
    std::filesystem::create_directories(target.parent_path(), ec); // a failure shows in the write
    TP_TRY(platform::write_file_atomic(target, bytes));
    written.push_back(std::move(target));
  }
  return written;
}

} // namespace tp::tools
