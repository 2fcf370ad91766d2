#pragma once
// Gates: combinations of PyTorch version and environment known not to build. A gate never edits
// a file; its verdict is reported beside the plan's patchsets.
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/catalog.hpp"
#include "catalog/version.hpp"
#include "engine/facts.hpp"

namespace tp::engine {

// A gate's verdict on this checkout and environment.
enum class GateOutcome {
  blocks,  // the PyTorch version is concerned and every condition holds
  clear,   // the version is not concerned, or some condition fails
  unknown, // the version is concerned, no condition fails, some fact is unknown
};
std::string_view to_string(GateOutcome outcome);

struct GateFact {
  std::string fact;
  std::string value; // empty when unknown
  std::string
      source; // where the value came from ("--fact", "cmake on PATH: …"); empty when unknown
  std::string expected; // what the gate needs for it to block
  Verdict verdict = Verdict::unknown;
};

struct GateReport {
  std::string id;
  std::string title;
  GateOutcome outcome = GateOutcome::clear;
  std::string
      reason; // one sentence: why it blocks / is clear / is unknown (with the --fact to pass)
  std::string versions;  // the gate's PyTorch specifier
  std::string lifted_in; // the first release that lifts it; empty when none is known
  std::vector<GateFact> facts;
};

// Evaluates one gate. `sources` says where each fact came from (may lack entries).
GateReport evaluate_gate(const catalog::Gate& gate, const catalog::Version& version,
                         const std::map<std::string, std::string>& facts,
                         const std::map<std::string, std::string>& sources);

} // namespace tp::engine
