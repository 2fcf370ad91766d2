#include "cli/render_plan.hpp"

#include <algorithm>

#include "cli/json.hpp"
#include "edit/unified_diff.hpp"

namespace tp::cli {

namespace {

constexpr int k_json_schema_version = 1;

const char* outcome_color(ops::Outcome o) {
  if (ops::is_conflict(o))
    return "\x1b[31m";
  if (o == ops::Outcome::will_apply)
    return "\x1b[32m";
  return "\x1b[2m";
}

std::string where(const ops::EditReport& e) {
  std::string out = e.file;
  if (e.where.line > 0 && e.outcome != ops::Outcome::not_applicable)
    out += ":" + std::to_string(e.where.line) + ":" + std::to_string(e.where.column);
  return out;
}

// GitHub's workflow-command escaping for messages and properties.
std::string github_escape(std::string s, bool property) {
  std::string out;
  for (char c : s) {
    if (c == '%') out += "%25";
    else if (c == '\r') out += "%0D";
    else if (c == '\n') out += "%0A";
    else if (property && c == ':') out += "%3A";
    else if (property && c == ',') out += "%2C";
    else out += c;
  }
  return out;
}

const char* gate_color(ops::GateOutcome o) {
  switch (o) {
  case ops::GateOutcome::blocks: return "\x1b[33m";
  case ops::GateOutcome::unknown: return "\x1b[36m";
  case ops::GateOutcome::clear: break;
  }
  return "\x1b[2m";
}

// "python 3.13 (python3 on PATH: …) needs >=3.12: holds"
std::string describe_fact(const ops::GateFact& f) {
  std::string verdict = f.verdict == ops::Verdict::holds   ? "holds"
                        : f.verdict == ops::Verdict::fails ? "does not hold"
                                                           : "unknown";
  std::string value = f.value.empty() ? "unknown" : f.value;
  if (!f.source.empty())
    value += " (" + f.source + ")";
  return f.fact + " " + value + "; the gate needs " + f.expected + ": " + verdict;
}

std::string render_gates(const std::vector<ops::GateReport>& gates, bool color) {
  std::string out;
  for (const auto& g : gates) {
    std::string outcome = "gate " + std::string(ops::to_string(g.outcome));
    outcome.resize(std::max<std::size_t>(outcome.size() + 1, 17), ' ');
    if (color)
      outcome = std::string(gate_color(g.outcome)) + outcome + "\x1b[0m";
    out += outcome + g.id + "  " + g.title + " (" + g.reason + ")\n";
    if (g.outcome == ops::GateOutcome::clear && g.reason.rfind("PyTorch ", 0) == 0)
      continue; // not concerned: the facts do not matter
    for (const auto& f : g.facts)
      out += "    " + describe_fact(f) + "\n";
  }
  return out;
}

} // namespace

std::string render_plan_diff(const ops::Plan& plan, bool color) {
  std::string out;
  edit::DiffOptions options;
  options.color = color;
  for (const auto& f : plan.files)
    out += edit::render_unified_diff(f.path, f.before, f.after, options);
  return out;
}

std::string render_plan_summary(const ops::Plan& plan, bool color) {
  std::string out = "PyTorch " + plan.version.version.text + " (from " + plan.version.source +
                    "), catalog " + plan.catalog_version + "\n";
  for (const auto& p : plan.patchsets) {
    std::string outcome(ops::to_string(p.outcome));
    outcome.resize(std::max<std::size_t>(outcome.size() + 1, 17), ' ');
    if (color)
      outcome = std::string(outcome_color(p.outcome)) + outcome + "\x1b[0m";
    out += outcome;
    out += p.id + "  " + p.title;
    if (p.outcome == ops::Outcome::not_applicable)
      out += " (" + p.reason + ")";
    out += "\n";
    for (const auto& e : p.edits) {
      // A submodule that is not there is shown with the way to get it.
      bool interesting = ops::is_conflict(e.outcome) || e.outcome == ops::Outcome::will_apply ||
                         e.outcome == ops::Outcome::submodule_absent || e.outcome != p.outcome;
      if (!interesting || p.outcome == ops::Outcome::not_applicable)
        continue;
      out += "    " + std::string(ops::to_string(e.outcome)) + "  " + e.edit + "  " + where(e) +
             ": " + e.message + "\n";
    }
    for (const auto& n : p.notes)
      out += "    note: " + n + "\n";
  }
  out += render_gates(plan.gates, color);
  return out;
}

std::string render_plan_json(const ops::Plan& plan, const std::string& action) {
  JsonWriter w;
  w.begin_object();
  w.key("schema_version").value(static_cast<std::size_t>(k_json_schema_version));
  w.key("action").value(action);
  w.key("torch_version").begin_object();
  w.key("version").value(plan.version.version.text);
  w.key("source").value(plan.version.source);
  w.end_object();
  w.key("catalog_version").value(plan.catalog_version);
  w.key("conflict").value(plan.has_conflict());
  w.key("patchsets").begin_array();
  for (const auto& p : plan.patchsets) {
    w.begin_object();
    w.key("id").value(p.id);
    w.key("title").value(p.title);
    w.key("outcome").value(ops::to_string(p.outcome));
    w.key("conflict").value(ops::is_conflict(p.outcome));
    w.key("reason").value(p.reason);
    w.key("notes").begin_array();
    for (const auto& n : p.notes)
      w.value(n);
    w.end_array();
    w.key("edits").begin_array();
    for (const auto& e : p.edits) {
      w.begin_object();
      w.key("id").value(e.edit);
      w.key("file").value(e.file);
      w.key("repository").value(e.repository);
      w.key("line").value(e.where.line);
      w.key("column").value(e.where.column);
      w.key("outcome").value(ops::to_string(e.outcome));
      w.key("message").value(e.message);
      w.key("expected_matches").value(e.expected);
      w.key("actual_matches").value(e.actual);
      w.end_object();
    }
    w.end_array();
    w.end_object();
  }
  w.end_array();
  w.key("gates").begin_array();
  for (const auto& g : plan.gates) {
    w.begin_object();
    w.key("id").value(g.id);
    w.key("title").value(g.title);
    w.key("outcome").value(ops::to_string(g.outcome));
    w.key("reason").value(g.reason);
    w.key("versions").value(g.versions);
    w.key("lifted_in").value(g.lifted_in);
    w.key("facts").begin_array();
    for (const auto& f : g.facts) {
      w.begin_object();
      w.key("fact").value(f.fact);
      if (f.value.empty())
        w.key("value").null();
      else
        w.key("value").value(f.value);
      w.key("source").value(f.source);
      w.key("expected").value(f.expected);
      w.key("verdict").value(f.verdict == ops::Verdict::holds   ? "holds"
                             : f.verdict == ops::Verdict::fails ? "fails"
                                                                : "unknown");
      w.end_object();
    }
    w.end_array();
    w.end_object();
  }
  w.end_array();
  w.key("files").begin_array();
  for (const auto& f : plan.files) {
    w.begin_object();
    w.key("path").value(f.path);
    w.key("repository").value(f.repository);
    w.key("patchsets").begin_array();
    for (const auto& id : f.patchsets)
      w.value(id);
    w.end_array();
    w.end_object();
  }
  w.end_array();
  w.end_object();
  return w.str() + "\n";
}

std::string render_plan_github(const ops::Plan& plan) {
  std::string out;
  for (const auto& p : plan.patchsets) {
    for (const auto& e : p.edits) {
      bool conflict = ops::is_conflict(e.outcome);
      out += conflict ? "::error" : "::notice";
      std::string props = " file=" + github_escape(e.file, true);
      if (e.where.line > 0)
        props += ",line=" + std::to_string(e.where.line) + ",col=" + std::to_string(e.where.column);
      props += ",title=" + github_escape("torchpatch " + p.id + " " + std::string(ops::to_string(e.outcome)), true);
      out += props + "::" + github_escape(p.id + "/" + e.edit + ": " + e.message, false) + "\n";
    }
  }
  // Gates name no file: a blocking one is a warning (it never fails the job), the rest notices.
  for (const auto& g : plan.gates) {
    out += g.outcome == ops::GateOutcome::blocks ? "::warning" : "::notice";
    out += " title=" + github_escape("torchpatch gate " + g.id + " " + std::string(ops::to_string(g.outcome)), true);
    out += "::" + github_escape(g.id + ": " + g.title + " (" + g.reason + ")", false) + "\n";
  }
  return out;
}

std::string render_plan(const ops::Plan& plan, Format format, bool color, const std::string& action) {
  switch (format) {
  case Format::diff: return render_plan_diff(plan, false);
  case Format::json: return render_plan_json(plan, action);
  case Format::github: return render_plan_github(plan);
  case Format::text: break;
  }
  std::string diff = render_plan_diff(plan, color);
  return diff + (diff.empty() ? "" : "\n") + render_plan_summary(plan, color);
}

} // namespace tp::cli
