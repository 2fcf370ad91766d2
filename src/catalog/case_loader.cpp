// Loads a catalog's cases: groups cases/<id>/<case>/… files by case and reads each case.toml.
#include "catalog/case.hpp"

#include <algorithm>
#include <utility>

#include "catalog/case_toml.hpp"

namespace tp::catalog {

namespace {

// Facts a case has unless its case.toml sets them: the catalog's patches are for Windows builds.
const std::map<std::string, std::string> k_default_facts = {{"platform", "windows"}};

// Fills `c` from its case.toml `text`; problems go to c.problems.
void read_case_toml(Case& c, const std::string& text, const IsOutcome& is_outcome) {
  auto fields = read_string_fields(c.toml_path, text, {"outcome", "version", "skip", "committed", "fact"},
                                   "fact", {"platform", "compiler", "compiler_version", "python", "cmake", "cuda",
                                            "cuda_arch_min", "cuda_arch_max", "cudnn", "nvcc_host_compiler"},
                                   c.problems);
  if (!fields)
    return;
  auto problem = [&](std::size_t offset, std::string message) {
    c.problems.push_back(Diagnostic::at(c.toml_path, text, offset, std::move(message)));
  };
  // A key whose value is there but not a string is already reported: only its absence is
  // reported here, only a string value is checked.
  auto present = [&](const char* key) { return fields->count(key) != 0; };
  auto string_of = [&](const char* key) -> const StringField* {
    auto it = fields->find(key);
    return it == fields->end() || !it->second.value ? nullptr : &it->second;
  };

  if (auto* skip = string_of("skip"))
    c.skip = skip->value;
  const bool skipped = present("skip"); // a skipped case need not say what it would expect

  if (auto* outcome = string_of("outcome")) {
    if (is_outcome(*outcome->value))
      c.outcome = *outcome->value;
    else
      problem(outcome->offset, "'outcome' must name an outcome, not '" + *outcome->value + "'");
  } else if (!present("outcome") && !skipped) {
    problem(0, "missing key 'outcome' (will-apply, already-applied, …)");
  }

  if (auto* version = string_of("version")) {
    if (auto parsed = parse_version(*version->value))
      c.version = *parsed;
    else
      problem(version->offset, "'version' must be a PyTorch version, not '" + *version->value + "'");
  } else if (!present("version") && !skipped) {
    problem(0, "missing key 'version' (the PyTorch version the case pretends to be)");
  }

  if (auto* committed = string_of("committed")) {
    if (*committed->value == "yes" || *committed->value == "no")
      c.committed = *committed->value == "yes";
    else
      problem(committed->offset,
              "'committed' must be \"yes\" or \"no\", not '" + *committed->value + "'");
  }

  c.facts = k_default_facts;
  const std::string fact_prefix = "fact.";
  for (const auto& [key, field] : *fields)
    if (key.compare(0, fact_prefix.size(), fact_prefix) == 0 && field.value)
      c.facts[key.substr(fact_prefix.size())] = *field.value;
}

} // namespace

std::vector<Case> load_cases(const CatalogFiles& files, const IsOutcome& is_outcome) {
  std::map<std::pair<std::string, std::string>, Case> cases;
  std::map<std::pair<std::string, std::string>, const std::string*> toml_of;
  const std::string prefix = "cases/";
  for (const auto& [path, bytes] : files) {
    if (path.compare(0, prefix.size(), prefix) != 0)
      continue;
    const std::string rest = path.substr(prefix.size());
    const auto s1 = rest.find('/');
    const auto s2 = s1 == std::string::npos ? s1 : rest.find('/', s1 + 1);
    if (s2 == std::string::npos)
      continue; // a file beside the cases, not in one
    const std::pair<std::string, std::string> key{rest.substr(0, s1), rest.substr(s1 + 1, s2 - s1 - 1)};
    const std::string inner = rest.substr(s2 + 1);
    Case& c = cases[key];
    c.patchset = key.first;
    c.name = key.second;
    c.toml_path = prefix + key.first + "/" + key.second + "/case.toml";
    if (inner == "case.toml")
      toml_of[key] = &bytes;
    else if (inner.compare(0, 7, "before/") == 0)
      c.before[inner.substr(7)] = bytes;
    else if (inner.compare(0, 6, "after/") == 0)
      c.after[inner.substr(6)] = bytes;
  }
  std::vector<Case> out;
  out.reserve(cases.size());
  for (auto& [key, c] : cases) {
    if (auto toml = toml_of.find(key); toml != toml_of.end())
      read_case_toml(c, *toml->second, is_outcome);
    else
      c.problems.push_back({c.toml_path, {1, 1}, "the case has no case.toml", ""});
    std::stable_sort(c.problems.begin(), c.problems.end(), [](const Diagnostic& a, const Diagnostic& b) {
      return std::pair(a.where.line, a.where.column) < std::pair(b.where.line, b.where.column);
    }); // in file order, as lint shows them
    out.push_back(std::move(c));
  }
  return out;
}

} // namespace tp::catalog
