// MSVC facts (msvc, windows_sdk, msvc_env), detected without running anything: from the variables
// a Visual Studio Developer prompt sets, else from where the cl.exe on PATH lies
// (...\VC\Tools\MSVC\14.44.35207\bin\Hostx64\x64\cl.exe). See facts.hpp.
#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "engine/facts.hpp"
#include "platform/files.hpp"

namespace tp::engine {

namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// "14.44" from "14.44.35207" (or "14.44"); empty unless `s` starts with N.M.
std::string toolset_of(std::string_view s) {
  std::size_t n = 0;
  while (n < s.size() && is_digit(s[n]))
    ++n;
  if (n == 0 || n >= s.size() || s[n] != '.')
    return {};
  std::size_t m = n + 1;
  while (m < s.size() && is_digit(s[m]))
    ++m;
  if (m == n + 1)
    return {};
  return std::string(s.substr(0, m));
}

std::string trimmed(std::string_view s) {
  while (!s.empty() && (std::isspace(static_cast<unsigned char>(s.back())) || s.back() == '\\' ||
                        s.back() == '/'))
    s.remove_suffix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
    s.remove_prefix(1);
  return std::string(s);
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

// The toolset an installation's VC folder selects:
// Auxiliary/Build/Microsoft.VCToolsVersion.default.txt, else its single Tools/MSVC/<version>
// folder.
std::optional<Fact> toolset_of_vcinstalldir(const fs::path& vc) {
  const fs::path txt = vc / "Auxiliary" / "Build" / "Microsoft.VCToolsVersion.default.txt";
  std::error_code ec;
  if (fs::is_regular_file(txt, ec) && fs::file_size(txt, ec) < 256) {
    if (auto bytes = platform::read_file(txt)) {
      std::string v = toolset_of(trimmed(*bytes));
      if (!v.empty())
        return Fact{v, "VCINSTALLDIR: " + txt.generic_string()};
    }
  }
  std::vector<std::string> versions;
  for (fs::directory_iterator it(vc / "Tools" / "MSVC", ec), end; !ec && it != end;
       it.increment(ec))
    if (it->is_directory(ec) && !toolset_of(it->path().filename().string()).empty())
      versions.push_back(it->path().filename().string());
  if (versions.size() != 1)
    return std::nullopt;
  return Fact{toolset_of(versions.front()),
              "VCINSTALLDIR: " + (vc / "Tools" / "MSVC" / versions.front()).generic_string()};
}

// The toolset of a cl.exe that lies in .../MSVC/<version>/bin/...
std::optional<Fact> toolset_of_cl(const fs::path& cl) {
  std::string previous;
  for (const auto& part : cl.parent_path()) {
    std::string name = part.string();
    if (lower(previous) == "msvc") {
      std::string v = toolset_of(name);
      if (!v.empty())
        return Fact{v, "cl.exe on PATH: " + cl.generic_string()};
    }
    previous = name;
  }
  return std::nullopt;
}

std::optional<Fact> detect_toolset(const Environment& env) {
  const auto& vars = env.msvc;
  if (vars.vctools_version) {
    std::string v = toolset_of(trimmed(*vars.vctools_version));
    if (!v.empty())
      return Fact{v, "VCToolsVersion=" + trimmed(*vars.vctools_version)};
  }
  if (vars.vcinstalldir)
    if (auto f = toolset_of_vcinstalldir(fs::path(trimmed(*vars.vcinstalldir))))
      return f;
  if (auto cl = find_on_path(env, "cl"))
    return toolset_of_cl(*cl);
  return std::nullopt;
}

} // namespace

std::vector<std::pair<std::string, Fact>> detect_msvc(const Environment& env) {
  std::vector<std::pair<std::string, Fact>> out;
  if (auto f = detect_toolset(env))
    out.push_back({"msvc", *f});
  const auto& vars = env.msvc;
  if (vars.windows_sdk_version) {
    std::string v = trimmed(*vars.windows_sdk_version);
    if (!v.empty())
      out.push_back({"windows_sdk", Fact{v, "WindowsSDKVersion=" + *vars.windows_sdk_version}});
  }
  if (env.windows) {
    if (vars.target_arch && !trimmed(*vars.target_arch).empty())
      out.push_back({"msvc_env", Fact{lower(trimmed(*vars.target_arch)),
                                      "VSCMD_ARG_TGT_ARCH=" + *vars.target_arch}});
    else if (vars.vctools_version)
      out.push_back({"msvc_env", Fact{"loaded", "VCToolsVersion set, VSCMD_ARG_TGT_ARCH not"}});
    else
      out.push_back(
          {"msvc_env",
           Fact{"none", "no VSCMD_ARG_TGT_ARCH nor VCToolsVersion: no Developer prompt loaded"}});
  }
  return out;
}

MsvcVariables current_msvc_variables() {
  MsvcVariables vars;
  auto get = [](const char* name) -> std::optional<std::string> {
    const char* v = std::getenv(name);
    if (!v || !*v)
      return std::nullopt;
    return std::string(v);
  };
  vars.vctools_version = get("VCToolsVersion");
  vars.vcinstalldir = get("VCINSTALLDIR");
  vars.windows_sdk_version = get("WindowsSDKVersion");
  vars.target_arch = get("VSCMD_ARG_TGT_ARCH");
  return vars;
}

} // namespace tp::engine
