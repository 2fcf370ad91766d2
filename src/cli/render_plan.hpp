#pragma once
// Renders a plan as text (diff + one line per patchset), a bare diff, JSON or GitHub annotations.
#include <string>

#include "cli/context.hpp"
#include "engine/plan.hpp"

namespace tp::cli {

// The unified diff of every file the plan changes, paths from the checkout root.
std::string render_plan_diff(const engine::Plan& plan, bool color);

// One line per patchset ("will-apply  id  title"), its edits' problems indented below it.
std::string render_plan_summary(const engine::Plan& plan, bool color);

// `list`: the summary's first line, then one line per patchset (outcome, id, what it would do
// here: the files it changes, its conflicts, the submodules it waits for, or why it does not
// apply) and one per gate (outcome, id, why), in aligned columns.
std::string render_plan_list(const engine::Plan& plan, bool color);

// The versioned JSON report; docs/json-report.md documents the schema. `action` is "plan",
// "apply" or "dry-run".
std::string render_plan_json(const engine::Plan& plan, const std::string& action);

// GitHub Actions workflow commands: ::error for conflicts, ::notice for the rest.
std::string render_plan_github(const engine::Plan& plan);

std::string render_plan(const engine::Plan& plan, Format format, bool color,
                        const std::string& action);

} // namespace tp::cli
