#include "cli/render_plan.hpp"

#include <algorithm>

#include "cli/json.hpp"
#include "edit/unified_diff.hpp"

namespace tp::cli {

namespace {

constexpr int k_json_schema_version = 1;

const char* outcome_color(engine::Outcome o) {
  if (engine::is_conflict(o))
    return "\x1b[31m";
  if (o == engine::Outcome::will_apply)
    return "\x1b[32m";
  return "\x1b[2m";
}

// The outcome column of the summary and the list: 17 wide, wider only for a longer name.
std::string outcome_column(std::string_view name, const char* color_code, bool color) {
  std::string column(name);
  column.resize(std::max<std::size_t>(column.size() + 1, 17), ' ');
  return color ? std::string(color_code) + column + "\x1b[0m" : column;
}

std::string counted(std::size_t n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

std::string version_line(const engine::Plan& plan) {
  return "PyTorch " + plan.version.version.text + " (from " + plan.version.source + "), catalog " +
         plan.catalog_version + "\n";
}

std::string where(const engine::EditReport& e) {
  std::string out = e.file;
  if (e.where.line > 0 && e.outcome != engine::Outcome::not_applicable)
    out += ":" + std::to_string(e.where.line) + ":" + std::to_string(e.where.column);
  return out;
}

// GitHub's workflow-command escaping for messages and properties.
std::string github_escape(std::string s, bool property) {
  std::string out;
  for (char c : s) {
    if (c == '%')
      out += "%25";
    else if (c == '\r')
      out += "%0D";
    else if (c == '\n')
      out += "%0A";
    else if (property && c == ':')
      out += "%3A";
    else if (property && c == ',')
      out += "%2C";
    else
      out += c;
  }
  return out;
}

const char* gate_color(engine::GateOutcome o) {
  switch (o) {
  case engine::GateOutcome::blocks:
    return "\x1b[33m";
  case engine::GateOutcome::unknown:
    return "\x1b[36m";
  case engine::GateOutcome::clear:
    break;
  }
  return "\x1b[2m";
}

// "python 3.13 (python3 on PATH: …) needs >=3.12: holds"
std::string describe_fact(const engine::GateFact& f) {
  std::string verdict = f.verdict == engine::Verdict::holds   ? "holds"
                        : f.verdict == engine::Verdict::fails ? "does not hold"
                                                              : "unknown";
  std::string value = f.value.empty() ? "unknown" : f.value;
  if (!f.source.empty())
    value += " (" + f.source + ")";
  return f.fact + " " + value + "; the gate needs " + f.expected + ": " + verdict;
}

std::string render_gates(const std::vector<engine::GateReport>& gates, bool color) {
  std::string out;
  for (const auto& g : gates) {
    out += outcome_column("gate " + std::string(engine::to_string(g.outcome)),
                          gate_color(g.outcome), color) +
           g.id + "  " + g.title + " (" + g.reason + ")\n";
    if (g.outcome == engine::GateOutcome::clear && g.reason.rfind("PyTorch ", 0) == 0)
      continue; // not concerned: the facts do not matter
    for (const auto& f : g.facts)
      out += "    " + describe_fact(f) + "\n";
  }
  return out;
}

// What a patchset would do here, in a few words: "changes 3 files", "1 conflict in 1 file",
// "submodule third_party/fbgemm not initialised", "nothing to change", or why it does not apply.
std::string patchset_effect(const engine::Plan& plan, const engine::PatchsetReport& p) {
  if (p.outcome == engine::Outcome::not_applicable)
    return p.reason;
  std::size_t changed = 0;
  for (const auto& f : plan.files)
    if (std::find(f.patchsets.begin(), f.patchsets.end(), p.id) != f.patchsets.end())
      ++changed;
  std::size_t conflicts = 0;
  std::vector<std::string> conflict_files, absent;
  for (const auto& e : p.edits) {
    if (engine::is_conflict(e.outcome)) {
      ++conflicts;
      if (std::find(conflict_files.begin(), conflict_files.end(), e.file) == conflict_files.end())
        conflict_files.push_back(e.file);
    }
    if (e.outcome == engine::Outcome::submodule_absent &&
        std::find(absent.begin(), absent.end(), e.repository) == absent.end())
      absent.push_back(e.repository);
  }
  std::vector<std::string> parts;
  if (changed > 0)
    parts.push_back("changes " + counted(changed, "file", "files"));
  if (conflicts > 0)
    parts.push_back(counted(conflicts, "conflict", "conflicts") + " in " +
                    counted(conflict_files.size(), "file", "files"));
  if (!absent.empty()) {
    std::string names;
    for (const auto& a : absent)
      names += (names.empty() ? "" : ", ") + a;
    parts.push_back((absent.size() == 1 ? "submodule " : "submodules ") + names +
                    " not initialised");
  }
  if (parts.empty())
    return "nothing to change";
  std::string out;
  for (const auto& part : parts)
    out += (out.empty() ? "" : "; ") + part;
  return out;
}

} // namespace

std::string render_plan_diff(const engine::Plan& plan, bool color) {
  std::string out;
  edit::DiffOptions options;
  options.color = color;
  for (const auto& f : plan.files)
    out += edit::render_unified_diff(f.path, f.before, f.after, options);
  return out;
}

std::string render_plan_summary(const engine::Plan& plan, bool color) {
  std::string out = version_line(plan);
  for (const auto& p : plan.patchsets) {
    out += outcome_column(engine::to_string(p.outcome), outcome_color(p.outcome), color);
    out += p.id + "  " + p.title;
    if (p.outcome == engine::Outcome::not_applicable)
      out += " (" + p.reason + ")";
    out += "\n";
    for (const auto& e : p.edits) {
      // A submodule that is not there is shown with the way to get it.
      bool interesting = engine::is_conflict(e.outcome) ||
                         e.outcome == engine::Outcome::will_apply ||
                         e.outcome == engine::Outcome::submodule_absent || e.outcome != p.outcome;
      if (!interesting || p.outcome == engine::Outcome::not_applicable)
        continue;
      out += "    " + std::string(engine::to_string(e.outcome)) + "  " + e.edit + "  " + where(e) +
             ": " + e.message + "\n";
    }
    for (const auto& n : p.notes)
      out += "    note: " + n + "\n";
  }
  out += render_gates(plan.gates, color);
  return out;
}

std::string render_plan_list(const engine::Plan& plan, bool color) {
  std::size_t id_width = 0;
  for (const auto& p : plan.patchsets)
    id_width = std::max(id_width, p.id.size());
  for (const auto& g : plan.gates)
    id_width = std::max(id_width, g.id.size());
  auto id_column = [&](std::string id) {
    id.resize(id_width + 2, ' ');
    return id;
  };
  std::string out = version_line(plan);
  for (const auto& p : plan.patchsets)
    out += outcome_column(engine::to_string(p.outcome), outcome_color(p.outcome), color) +
           id_column(p.id) + patchset_effect(plan, p) + "\n";
  for (const auto& g : plan.gates)
    out += outcome_column("gate " + std::string(engine::to_string(g.outcome)),
                          gate_color(g.outcome), color) +
           id_column(g.id) + g.reason + "\n";
  return out;
}

namespace {

void write_edit_json(JsonWriter& w, const engine::EditReport& e) {
  w.begin_object();
  w.key("id").value(e.edit);
  w.key("file").value(e.file);
  w.key("repository").value(e.repository);
  w.key("line").value(e.where.line);
  w.key("column").value(e.where.column);
  w.key("outcome").value(engine::to_string(e.outcome));
  w.key("message").value(e.message);
  w.key("expected_matches").value(e.expected);
  w.key("actual_matches").value(e.actual);
  w.end_object();
}

void write_patchset_json(JsonWriter& w, const engine::PatchsetReport& p) {
  w.begin_object();
  w.key("id").value(p.id);
  w.key("title").value(p.title);
  w.key("outcome").value(engine::to_string(p.outcome));
  w.key("conflict").value(engine::is_conflict(p.outcome));
  w.key("reason").value(p.reason);
  w.key("notes").begin_array();
  for (const auto& n : p.notes)
    w.value(n);
  w.end_array();
  w.key("edits").begin_array();
  for (const auto& e : p.edits)
    write_edit_json(w, e);
  w.end_array();
  w.end_object();
}

std::string_view verdict_name(engine::Verdict verdict) {
  return verdict == engine::Verdict::holds   ? "holds"
         : verdict == engine::Verdict::fails ? "fails"
                                             : "unknown";
}

void write_gate_json(JsonWriter& w, const engine::GateReport& g) {
  w.begin_object();
  w.key("id").value(g.id);
  w.key("title").value(g.title);
  w.key("outcome").value(engine::to_string(g.outcome));
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
    w.key("verdict").value(verdict_name(f.verdict));
    w.end_object();
  }
  w.end_array();
  w.end_object();
}

void write_file_json(JsonWriter& w, const engine::FilePlan& f) {
  w.begin_object();
  w.key("path").value(f.path);
  w.key("repository").value(f.repository);
  w.key("patchsets").begin_array();
  for (const auto& id : f.patchsets)
    w.value(id);
  w.end_array();
  w.end_object();
}

} // namespace

std::string render_plan_json(const engine::Plan& plan, const std::string& action) {
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
  for (const auto& p : plan.patchsets)
    write_patchset_json(w, p);
  w.end_array();
  w.key("gates").begin_array();
  for (const auto& g : plan.gates)
    write_gate_json(w, g);
  w.end_array();
  w.key("files").begin_array();
  for (const auto& f : plan.files)
    write_file_json(w, f);
  w.end_array();
  w.end_object();
  return w.str() + "\n";
}

std::string render_plan_github(const engine::Plan& plan) {
  std::string out;
  for (const auto& p : plan.patchsets) {
    for (const auto& e : p.edits) {
      bool conflict = engine::is_conflict(e.outcome);
      out += conflict ? "::error" : "::notice";
      std::string props = " file=" + github_escape(e.file, true);
      if (e.where.line > 0)
        props += ",line=" + std::to_string(e.where.line) + ",col=" + std::to_string(e.where.column);
      props += ",title=" +
               github_escape("torchpatch " + p.id + " " + std::string(engine::to_string(e.outcome)),
                             true);
      out += props + "::" + github_escape(p.id + "/" + e.edit + ": " + e.message, false) + "\n";
    }
  }
  // Gates name no file: a blocking one is a warning (it never fails the job), the rest notices.
  for (const auto& g : plan.gates) {
    out += g.outcome == engine::GateOutcome::blocks ? "::warning" : "::notice";
    out += " title=" +
           github_escape(
               "torchpatch gate " + g.id + " " + std::string(engine::to_string(g.outcome)), true);
    out += "::" + github_escape(g.id + ": " + g.title + " (" + g.reason + ")", false) + "\n";
  }
  return out;
}

std::string render_plan(const engine::Plan& plan, Format format, bool color,
                        const std::string& action) {
  switch (format) {
  case Format::diff:
    return render_plan_diff(plan, false);
  case Format::json:
    return render_plan_json(plan, action);
  case Format::github:
    return render_plan_github(plan);
  case Format::text:
    break;
  }
  std::string diff = render_plan_diff(plan, color);
  return diff + (diff.empty() ? "" : "\n") + render_plan_summary(plan, color);
}

} // namespace tp::cli
