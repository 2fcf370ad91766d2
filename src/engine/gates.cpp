#include "engine/gates.hpp"

namespace tp::engine {

std::string_view to_string(GateOutcome outcome) {
  switch (outcome) {
  case GateOutcome::blocks:
    return "blocks";
  case GateOutcome::clear:
    return "clear";
  case GateOutcome::unknown:
    return "unknown";
  }
  return "?";
}

GateReport evaluate_gate(const catalog::Gate& gate, const catalog::Version& version,
                         const std::map<std::string, std::string>& facts,
                         const std::map<std::string, std::string>& sources) {
  GateReport r;
  r.id = gate.id;
  r.title = gate.title;
  r.versions = gate.versions.text;
  r.lifted_in = gate.lifted_in ? gate.lifted_in->text : "";
  for (const auto& check : check_conditions(gate.conditions, facts)) {
    GateFact f{check.fact, check.value, "", check.expected, check.verdict};
    if (auto it = sources.find(check.fact); it != sources.end() && !check.value.empty())
      f.source = it->second;
    r.facts.push_back(std::move(f));
  }
  const std::string lifted = r.lifted_in.empty() ? "" : "; lifted in PyTorch " + r.lifted_in;
  if (!gate.versions.contains(version)) {
    r.outcome = GateOutcome::clear;
    r.reason = "PyTorch " + version.text + " is outside " + gate.versions.text;
    return r;
  }
  std::vector<std::string> unknown;
  for (const auto& f : r.facts) {
    if (f.verdict == Verdict::fails) {
      r.outcome = GateOutcome::clear;
      r.reason = f.fact + " is " + f.value + ", not " + f.expected;
      return r;
    }
    if (f.verdict == Verdict::unknown)
      unknown.push_back(f.fact);
  }
  if (!unknown.empty()) {
    r.outcome = GateOutcome::unknown;
    r.reason = "PyTorch " + version.text + " is concerned, but";
    for (std::size_t i = 0; i < unknown.size(); ++i)
      r.reason += std::string(i ? "," : "") + " " + unknown[i];
    r.reason += std::string(unknown.size() == 1 ? " is" : " are") + " unknown here; pass";
    for (std::size_t i = 0; i < unknown.size(); ++i)
      r.reason += std::string(i ? "," : "") + " --fact " + unknown[i] + "=" +
                  (catalog::is_versioned_fact(unknown[i]) ? "VERSION" : "VALUE");
    r.reason += lifted;
    return r;
  }
  r.outcome = GateOutcome::blocks;
  r.reason = "PyTorch " + version.text + " with";
  for (std::size_t i = 0; i < r.facts.size(); ++i)
    r.reason += std::string(i ? "," : "") + " " + r.facts[i].fact + " " + r.facts[i].value;
  if (r.facts.empty())
    r.reason += " any toolchain";
  r.reason += lifted.empty() ? "; no release lifts it yet" : lifted;
  return r;
}

} // namespace tp::engine
