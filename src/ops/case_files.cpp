#include "ops/case_files.hpp"

namespace tp::ops {

std::vector<CaseFiles> collect_case_files(const catalog::CatalogFiles& files) {
  std::map<std::pair<std::string, std::string>, CaseFiles> cases;
  const std::string prefix = "cases/";
  for (const auto& [path, bytes] : files) {
    if (path.compare(0, prefix.size(), prefix) != 0)
      continue;
    std::string rest = path.substr(prefix.size());
    auto s1 = rest.find('/');
    auto s2 = s1 == std::string::npos ? s1 : rest.find('/', s1 + 1);
    if (s2 == std::string::npos)
      continue;
    std::string id = rest.substr(0, s1), name = rest.substr(s1 + 1, s2 - s1 - 1);
    std::string inner = rest.substr(s2 + 1);
    auto& c = cases[{id, name}];
    c.patchset = id;
    c.name = name;
    c.toml_path = prefix + id + "/" + name + "/case.toml";
    if (inner == "case.toml")
      c.case_toml = bytes;
    else if (inner.compare(0, 7, "before/") == 0)
      c.before[inner.substr(7)] = bytes;
    else if (inner.compare(0, 6, "after/") == 0)
      c.after[inner.substr(6)] = bytes;
  }
  std::vector<CaseFiles> out;
  out.reserve(cases.size());
  for (auto& [key, c] : cases)
    out.push_back(std::move(c));
  return out;
}

} // namespace tp::ops
