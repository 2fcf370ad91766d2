#pragma once
// Facts about the build environment that patchset and gate conditions name (platform, compiler,
// python, cmake, compiler_version, cuda): detected without running anything (docs/security.md:
// the binary spawns no process) from the files a toolchain installs, and overridden by
// `--fact KEY=VALUE`. Each detection is one small function of the environment it is given, so
// that tests run it on fake folders.
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"

namespace tp::engine {

namespace fs = std::filesystem;

struct Fact {
  std::string value;
  std::string source; // how it was found: "--fact", "host", "python3 on PATH: /usr/bin/python3 ->
                      // python3.13"
};
using Facts = std::map<std::string, Fact>;

// The variables a Visual Studio Developer prompt (vcvars64.bat / VsDevCmd.bat) sets.
struct MsvcVariables {
  std::optional<std::string> vctools_version;     // $VCToolsVersion: 14.44.35207
  std::optional<std::string> vcinstalldir;        // $VCINSTALLDIR: ...\VC\ of the installation
  std::optional<std::string> windows_sdk_version; // $WindowsSDKVersion: 10.0.26100.0\ (sic)
  std::optional<std::string> target_arch;         // $VSCMD_ARG_TGT_ARCH: x64 | x86 | arm64
};

// What detection looks at: PATH split into folders, and a few environment variables.
struct Environment {
  std::vector<fs::path> path;               // PATH, in order
  std::optional<std::string> cxx;           // $CXX
  std::optional<std::string> cuda_home;     // $CUDA_HOME, else $CUDA_PATH
  std::optional<std::string> pyenv_version; // $PYENV_VERSION
  bool windows = false;                     // look for .exe names and pythonXY.dll
  MsvcVariables msvc;                       // see facts_msvc.cpp
  std::map<std::string, std::string>
      variables; // what else facts_cuda.cpp reads (add_cuda_variables)
};

// The process's own environment (std::getenv).
Environment current_environment();

// `name` found in the folders of `env.path` (with ".exe" on Windows); nullopt if absent.
std::optional<fs::path> find_on_path(const Environment& env, const std::string& name);

// The names a symbolic link chain passes through, `file` first, up to 16 links.
std::vector<fs::path> symlink_chain(const fs::path& file);

// python3 on PATH -> "3.13" from a python3.X name in its symlink chain, else a venv's
// pyvenv.cfg `version`, else a single lib/python3.X folder beside it, else pythonXY.dll (Windows).
// A pyenv shim (…/shims/python3 beside …/versions) is read as pyenv does without a local
// .python-version: $PYENV_VERSION, else the root's `version` file; "system" moves on along PATH.
std::optional<Fact> detect_python(const Environment& env);

// cmake on PATH -> "4.3" from the share/cmake-X.Y folder beside its real binary.
std::optional<Fact> detect_cmake(const Environment& env);

// $CXX (its compiler word, after a ccache/sccache launcher), else c++ on PATH -> compiler
// (gcc | clang) and compiler_version (the major) from a g++-15 / clang++-21 name in its symlink
// chain. The compiler alone when no name carries a version.
std::vector<std::pair<std::string, Fact>> detect_compiler(const Environment& env);

// $CUDA_HOME/$CUDA_PATH, else nvcc on PATH (its toolkit root) -> "12.4" from version.json
// ("cuda": {"version": "12.4.1"}) or version.txt ("CUDA Version 11.8.0").
std::optional<Fact> detect_cuda(const Environment& env);

// MSVC (facts_msvc.cpp), from the Developer prompt's variables or the cl.exe on PATH:
//   msvc         the toolset as major.minor, "14.44": $VCToolsVersion, else the default of
//                $VCINSTALLDIR (Auxiliary/Build/Microsoft.VCToolsVersion.default.txt, or its one
//                Tools/MSVC/<version> folder), else the MSVC/<version> folder cl.exe on PATH is in;
//   windows_sdk  $WindowsSDKVersion without its trailing backslash, "10.0.26100.0";
//   msvc_env     (Windows only) the loaded Developer prompt's target, $VSCMD_ARG_TGT_ARCH ("x64",
//                "x86", "arm64"), "loaded" when only $VCToolsVersion says one is, else "none".
std::vector<std::pair<std::string, Fact>> detect_msvc(const Environment& env);

// The variables of MsvcVariables read from the process's environment.
MsvcVariables current_msvc_variables();

// The host's facts: platform = linux | windows | macos.
std::map<std::string, std::string> host_facts();

// The host's platform plus every detected fact, then `overrides` ("KEY=VALUE", from --fact) on top.
Facts gather_facts(const Environment& env, const std::vector<std::string>& overrides);

// Values only, for PlanOptions.
std::map<std::string, std::string> values_of(const Facts& facts);

// How a condition fares against the facts.
enum class Verdict { holds, fails, unknown };

struct ConditionCheck {
  std::string fact;
  Verdict verdict = Verdict::unknown;
  std::string value;    // the fact's value; empty when unknown
  std::string expected; // "one of gcc, clang" / ">=3.12"
};

// Every condition checked, in fact-name order. A versioned condition on a fact whose value is
// "none" (cuda_turned_off, or --fact cuda=none) fails: what is absent has no version in range.
std::vector<ConditionCheck> check_conditions(const catalog::Conditions& conditions,
                                             const std::map<std::string, std::string>& facts);

} // namespace tp::engine
