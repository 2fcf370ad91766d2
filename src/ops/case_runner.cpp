#include "ops/case_runner.hpp"

#include <algorithm>
#include <set>

#include "ops/apply.hpp"
#include "ops/case_files.hpp"
#include "ops/plan.hpp"
#include "platform/files.hpp"
#include "txn/transaction.hpp"

namespace tp::ops {

namespace {

// case.toml is tiny and flat (key = "value" lines, # comments); reading it here keeps toml++ in
// the catalog module alone.
std::map<std::string, std::string> read_flat_toml(const std::string& text, std::string& error) {
  std::map<std::string, std::string> out;
  std::size_t line_no = 0, at = 0;
  while (at <= text.size()) {
    auto nl = text.find('\n', at);
    std::string line = text.substr(at, nl == std::string::npos ? std::string::npos : nl - at);
    at = nl == std::string::npos ? text.size() + 1 : nl + 1;
    ++line_no;
    if (!line.empty() && line.back() == '\r')
      line.pop_back();
    auto first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#')
      continue;
    auto eq = line.find('=');
    auto q1 = line.find('"', eq == std::string::npos ? 0 : eq);
    auto q2 = q1 == std::string::npos ? q1 : line.find('"', q1 + 1);
    if (eq == std::string::npos || q2 == std::string::npos) {
      error = "case.toml:" + std::to_string(line_no) + ": expected key = \"value\"";
      return out;
    }
    std::string key = line.substr(first, eq - first);
    key.erase(key.find_last_not_of(" \t") + 1);
    out[key] = line.substr(q1 + 1, q2 - q1 - 1);
  }
  return out;
}

std::string describe_edits(const PatchsetReport& report) {
  std::string out;
  for (const auto& e : report.edits)
    out += "\n      " + e.edit + " " + e.file + ": " + std::string(to_string(e.outcome)) + ": " +
           e.message;
  return out;
}

Result<Plan> plan_tree(const catalog::Catalog& catalog, const std::map<std::string, std::string>& tree,
                       const ResolvedVersion& version, const PlanOptions& options,
                       Committed committed = Committed::no) {
  MemoryTreeSource source(tree, committed);
  return plan_patchsets(catalog, source, version, options);
}

// Writes `tree` under `dir`, applies `plan` there through the transaction, reverts, and checks
// every byte came back.
void round_trip(const Plan& plan, const std::map<std::string, std::string>& tree,
                const std::filesystem::path& dir, CaseResult& result) {
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
  for (const auto& [path, bytes] : tree) {
    std::filesystem::create_directories((dir / path).parent_path(), ec);
    if (auto w = platform::write_file_atomic(dir / path, bytes, platform::Durability::no_flush); !w) {
      result.failures.push_back("round trip: " + w.error().message());
      return;
    }
  }
  auto journal = dir / ".torchpatch-journal";
  auto applied = apply_plan(plan, dir, journal, Partial::no, {"test", "test"});
  if (!applied) {
    result.failures.push_back("round trip: apply: " + applied.error().message());
    return;
  }
  for (const auto& f : plan.files) {
    auto now = platform::read_file(dir / f.path);
    if (!now || *now != f.after)
      result.failures.push_back("round trip: after apply, " + f.path + " is not what the plan showed");
  }
  auto reverted = txn::revert(dir, journal, {}, txn::Force::no, txn::Dry::no, platform::Durability::no_flush);
  if (!reverted) {
    result.failures.push_back("round trip: revert: " + reverted.error().message());
    return;
  }
  for (const auto& [path, bytes] : tree) {
    auto now = platform::read_file(dir / path);
    if (!now || *now != bytes)
      result.failures.push_back("round trip: after revert, " + path + " is not byte-identical");
  }
  std::filesystem::remove_all(dir, ec);
}

CaseResult run_case(const catalog::Catalog& catalog, const CaseFiles& c,
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
  std::string error;
  if (!c.case_toml)
    return fail_case("the case has no case.toml");
  auto fields = read_flat_toml(*c.case_toml, error);
  if (!error.empty())
    return fail_case(error);
  if (fields.count("skip")) {
    result.status = CaseResult::Status::skipped;
    result.skip_reason = fields["skip"];
    return result;
  }
  auto expected = parse_outcome(fields["outcome"]);
  if (!expected)
    return fail_case("case.toml: 'outcome' must name an outcome, not '" + fields["outcome"] + "'");
  auto version = catalog::parse_version(fields["version"]);
  if (!version)
    return fail_case("case.toml: 'version' must be a PyTorch version, not '" + fields["version"] + "'");
  ResolvedVersion resolved{*version, "case.toml"};
  PlanOptions options;
  options.only = {c.patchset};
  options.threads = 1;
  for (const auto& [key, value] : fields)
    if (key.compare(0, 5, "fact.") == 0)
      options.facts[key.substr(5)] = value;
  if (!options.facts.count("platform"))
    options.facts["platform"] = "windows"; // the catalog's patches are for Windows builds

  // committed = "yes": before/ stands for files exactly as their repository committed them
  // (a checkout of a release that carries upstream's fix), so a patched form found there is
  // upstream-fixed rather than already-applied.
  const std::string committed_field = fields.count("committed") ? fields["committed"] : "no";
  if (committed_field != "yes" && committed_field != "no")
    return fail_case("case.toml: 'committed' must be \"yes\" or \"no\", not '" + committed_field + "'");
  const Committed committed = committed_field == "yes" ? Committed::yes : Committed::no;
  auto plan = plan_tree(catalog, c.before, resolved, options, committed);
  if (!plan)
    return fail_case(plan.error().message());
  const PatchsetReport& report = plan->patchsets.front();
  if (report.outcome != *expected)
    fail_case("before/: expected " + std::string(to_string(*expected)) + ", got " +
              std::string(to_string(report.outcome)) + describe_edits(report));

  // The whole after tree: before with the plan's changes.
  std::map<std::string, std::string> after_tree = c.before;
  for (const auto& f : plan->files) {
    after_tree[f.path] = f.after;
    result.produced_after[f.path] = f.after;
  }
  if (*expected == Outcome::will_apply) {
    if (c.after.empty())
      fail_case("a will-apply case needs after/ files (torchpatch test --update writes them)");
    for (const auto& [path, bytes] : c.after) {
      auto it = after_tree.find(path);
      if (it == after_tree.end())
        fail_case("after/" + path + " has no counterpart in before/");
      else if (it->second != bytes)
        fail_case("after/" + path + " differs from what the patchset produces");
    }
    for (const auto& f : plan->files)
      if (!c.after.count(f.path))
        fail_case(f.path + " is changed but after/ does not list it");
    // Applying again finds everything in place.
    auto again = plan_tree(catalog, after_tree, resolved, options);
    if (!again)
      fail_case(again.error().message());
    else if (again->patchsets.front().outcome != Outcome::already_applied)
      fail_case("after/: expected already-applied on the patched tree, got " +
                std::string(to_string(again->patchsets.front().outcome)) +
                describe_edits(again->patchsets.front()));
    round_trip(*plan, c.before, scratch / (c.patchset + "-" + c.name), result);
  } else if (!plan->files.empty()) {
    fail_case("expected no change, but the plan changes " + plan->files.front().path);
  }
  if (!result.failures.empty())
    result.status = CaseResult::Status::failed;
  return result;
}

} // namespace

std::vector<CaseResult> run_cases(const catalog::Catalog& catalog, const CaseRunOptions& options) {
  std::vector<CaseResult> out;
  for (const auto& c : collect_case_files(catalog.files)) {
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
  for (const auto& c : collect_case_files(catalog.files))
    with.insert(c.patchset);
  std::vector<std::string> out;
  for (const auto& p : catalog.patchsets)
    if (!with.count(p.id))
      out.push_back(p.id);
  return out;
}

} // namespace tp::ops
