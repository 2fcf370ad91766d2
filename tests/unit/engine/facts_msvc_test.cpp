// MSVC fact detection (src/engine/facts_msvc.cpp) on fake Visual Studio folders and fake Developer
// prompt variables: no process is run, only names and small files are read.
#include "engine/facts.hpp"

#include <doctest/doctest.h>

#include "platform/test_dir.hpp"

using namespace tp::engine;

namespace {
std::string value_of(const std::vector<std::pair<std::string, Fact>>& facts,
                     const std::string& name) {
  for (const auto& [n, f] : facts)
    if (n == name)
      return f.value;
  return "(none)";
}

std::string source_of(const std::vector<std::pair<std::string, Fact>>& facts,
                      const std::string& name) {
  for (const auto& [n, f] : facts)
    if (n == name)
      return f.source;
  return "(none)";
}
} // namespace

TEST_SUITE("engine::facts_msvc") {
  TEST_CASE("detect_msvc: a loaded x64 Developer prompt: VCToolsVersion, WindowsSDKVersion, "
            "VSCMD_ARG_TGT_ARCH") {
    Environment env;
    env.windows = true;
    env.msvc.vctools_version = "14.44.35207";
    env.msvc.windows_sdk_version = "10.0.26100.0\\";
    env.msvc.target_arch = "x64";
    auto facts = detect_msvc(env);
    CHECK(value_of(facts, "msvc") == "14.44");
    CHECK(source_of(facts, "msvc") == "VCToolsVersion=14.44.35207");
    CHECK(value_of(facts, "windows_sdk") == "10.0.26100.0");
    CHECK(value_of(facts, "msvc_env") == "x64");
  }

  TEST_CASE("detect_msvc: VCINSTALLDIR's default toolset file, else its one Tools/MSVC folder") {
    TP_TEST_DIR(dir);
    dir.write("VS/VC/Auxiliary/Build/Microsoft.VCToolsVersion.default.txt", "14.50.35717\r\n");
    dir.write("VS/VC/Tools/MSVC/14.50.35717/bin/Hostx64/x64/cl.exe", "MZ");
    dir.write("VS/VC/Tools/MSVC/14.44.35207/bin/Hostx64/x64/cl.exe", "MZ");
    Environment env;
    env.msvc.vcinstalldir = (dir / "VS/VC/").string();
    CHECK(value_of(detect_msvc(env), "msvc") == "14.50");
    TP_TEST_DIR(one);
    one.write("VC/Tools/MSVC/14.38.33130/bin/Hostx64/x64/cl.exe", "MZ");
    env.msvc.vcinstalldir = (one / "VC").string();
    CHECK(value_of(detect_msvc(env), "msvc") == "14.38");
    // two toolsets and no default file: not guessed
    one.write("VC/Tools/MSVC/14.29.30133/bin/Hostx64/x64/cl.exe", "MZ");
    CHECK(value_of(detect_msvc(env), "msvc") == "(none)");
  }

  TEST_CASE("detect_msvc: the MSVC/<version> folder of the cl.exe on PATH; no prompt loaded") {
    TP_TEST_DIR(dir);
    dir.write("VS/VC/Tools/MSVC/14.51.36014/bin/Hostx64/x64/cl.exe", "MZ");
    Environment env;
    env.windows = true;
    env.path.push_back(dir / "VS/VC/Tools/MSVC/14.51.36014/bin/Hostx64/x64");
    auto facts = detect_msvc(env);
    CHECK(value_of(facts, "msvc") == "14.51");
    CHECK(source_of(facts, "msvc").find("cl.exe on PATH: ") == 0);
    CHECK(value_of(facts, "msvc_env") == "none");
    CHECK(value_of(facts, "windows_sdk") == "(none)");
  }

  TEST_CASE("detect_msvc: a cl.exe outside an MSVC/<version> folder, and Linux hosts") {
    TP_TEST_DIR(dir);
    dir.write("llvm/bin/cl.exe", "MZ");
    Environment env;
    env.windows = true;
    env.path.push_back(dir / "llvm/bin");
    auto facts = detect_msvc(env);
    CHECK(value_of(facts, "msvc") == "(none)");
    CHECK(value_of(facts, "msvc_env") == "none");
    Environment linux_env; // no variables, not Windows: nothing at all, msvc_env stays unknown
    CHECK(detect_msvc(linux_env).empty());
    linux_env.msvc.vctools_version = "garbage";
    CHECK(value_of(detect_msvc(linux_env), "msvc") == "(none)");
  }

  TEST_CASE("gather_facts: the MSVC facts, and --fact msvc= over them") {
    Environment env;
    env.windows = true;
    env.msvc.vctools_version = "14.29.30133";
    env.msvc.target_arch = "x86";
    auto facts = gather_facts(env, {});
    CHECK(facts["msvc"].value == "14.29");
    CHECK(facts["msvc_env"].value == "x86");
    auto overridden = gather_facts(env, {"msvc=14.51", "msvc_env=x64"});
    CHECK(overridden["msvc"].value == "14.51");
    CHECK(overridden["msvc"].source == "--fact");
    CHECK(overridden["msvc_env"].value == "x64");
  }
}
