// Fact detection on fake toolchain folders: no process is run, only names, links and small
// files are read.
#include "engine/facts.hpp"

#include <doctest/doctest.h>

#include "platform/test_dir.hpp"

using namespace tp::engine;

namespace {
void link(const tp::test::TestDir& dir, const std::string& target, const std::string& at) {
  std::filesystem::create_directories((dir / at).parent_path());
  std::filesystem::create_symlink(target, dir / at);
}

Environment path_of(const tp::test::TestDir& dir, std::initializer_list<const char*> folders) {
  Environment env;
  for (auto f : folders)
    env.path.push_back(dir / f);
  return env;
}

std::string value_of(const std::vector<std::pair<std::string, Fact>>& facts,
                     const std::string& name) {
  for (const auto& [n, f] : facts)
    if (n == name)
      return f.value;
  return "(none)";
}
} // namespace

TEST_SUITE("engine::facts") {
  TEST_CASE("detect_python: the python3.X name at the end of python3's symlink chain") {
    TP_TEST_DIR(dir);
    dir.write("usr/bin/python3.13", "#!");
    link(dir, "python3.13", "usr/bin/python3");
    auto f = detect_python(path_of(dir, {"nothing-here", "usr/bin"}));
    REQUIRE(f);
    CHECK(f->value == "3.13");
    CHECK(f->source.find("-> python3.13") != std::string::npos);
  }

  TEST_CASE("detect_python: a venv's pyvenv.cfg, else a single lib/python3.X beside bin") {
    TP_TEST_DIR(dir);
    dir.write("venv/bin/python3", "#!");
    dir.write("venv/pyvenv.cfg",
              "home = /usr/bin\ninclude-system-site-packages = false\nversion = 3.12.4\n");
    auto venv = detect_python(path_of(dir, {"venv/bin"}));
    REQUIRE(venv);
    CHECK(venv->value == "3.12");
    dir.write("opt/py/bin/python3", "#!");
    dir.write("opt/py/lib/python3.10/os.py", "");
    auto prefix = detect_python(path_of(dir, {"opt/py/bin"}));
    REQUIRE(prefix);
    CHECK(prefix->value == "3.10");
    dir.write("opt/py/lib/python3.11/os.py", "");
    CHECK_FALSE(detect_python(path_of(dir, {"opt/py/bin"}))); // two: cannot tell
  }

  TEST_CASE("detect_python: Windows python.exe beside python312.dll") {
    TP_TEST_DIR(dir);
    dir.write("Python312/python.exe", "MZ");
    dir.write("Python312/python312.dll", "MZ");
    auto env = path_of(dir, {"Python312"});
    env.windows = true;
    auto f = detect_python(env);
    REQUIRE(f);
    CHECK(f->value == "3.12");
  }

  TEST_CASE("detect_python: nothing on PATH is unknown") {
    TP_TEST_DIR(dir);
    CHECK_FALSE(detect_python(path_of(dir, {"bin"})));
  }

  TEST_CASE("detect_cmake: share/cmake-X.Y beside the real binary, through a symlink") {
    TP_TEST_DIR(dir);
    dir.write("opt/cmake/bin/cmake", "ELF");
    dir.write("opt/cmake/share/cmake-4.3/Modules/CMake.cmake", "");
    dir.write("opt/cmake/share/cmake-3.5/Modules/CMake.cmake", "");
    link(dir, "../../opt/cmake/bin/cmake", "usr/bin/cmake");
    auto f = detect_cmake(path_of(dir, {"usr/bin"}));
    REQUIRE(f);
    CHECK(f->value == "4.3");
    dir.write("other/bin/cmake", "#!/usr/bin/python3"); // pip's wrapper: no share/ beside it
    CHECK_FALSE(detect_cmake(path_of(dir, {"other/bin"})));
  }

  TEST_CASE("detect_compiler: c++ -> g++ -> g++-15 gives gcc 15; CXX wins over PATH") {
    TP_TEST_DIR(dir);
    dir.write("usr/bin/x86_64-linux-gnu-g++-15", "ELF");
    link(dir, "x86_64-linux-gnu-g++-15", "usr/bin/g++-15");
    link(dir, "g++-15", "usr/bin/g++");
    link(dir, "g++", "usr/bin/c++");
    dir.write("usr/lib/llvm-21/bin/clang", "ELF");
    link(dir, "../lib/llvm-21/bin/clang", "usr/bin/clang++-21");
    auto env = path_of(dir, {"usr/bin"});
    auto gcc = detect_compiler(env);
    CHECK(value_of(gcc, "compiler") == "gcc");
    CHECK(value_of(gcc, "compiler_version") == "15");
    env.cxx = "ccache clang++-21";
    auto clang = detect_compiler(env);
    CHECK(value_of(clang, "compiler") == "clang");
    CHECK(value_of(clang, "compiler_version") == "21");
    env.cxx = (dir / "usr/bin/c++").string() + " -O2";
    CHECK(value_of(detect_compiler(env), "compiler_version") == "15");
  }

  TEST_CASE("detect_compiler: a name without a version gives the family alone; others nothing") {
    TP_TEST_DIR(dir);
    dir.write("bin/clang++", "ELF");
    dir.write("bin/clang-format-15", "ELF");
    auto env = path_of(dir, {"bin"});
    env.cxx = "clang++";
    auto f = detect_compiler(env);
    CHECK(value_of(f, "compiler") == "clang");
    CHECK(value_of(f, "compiler_version") == "(none)");
    env.cxx = "clang-format-15";
    CHECK(detect_compiler(env).empty());
  }

  TEST_CASE("detect_cuda: version.json of CUDA_HOME, else version.txt beside nvcc") {
    TP_TEST_DIR(dir);
    dir.write("cuda-12.4/version.json", "{\n   \"cuda\" : {\n      \"name\" : \"CUDA SDK\",\n      "
                                        "\"version\" : \"12.4.1\"\n   },\n"
                                        "   \"cuda_cudart\" : {\"version\" : \"12.4.127\"}\n}\n");
    Environment env;
    env.cuda_home = (dir / "cuda-12.4").string();
    auto f = detect_cuda(env);
    REQUIRE(f);
    CHECK(f->value == "12.4");
    dir.write("cuda-11.8/bin/nvcc", "ELF");
    dir.write("cuda-11.8/version.txt", "CUDA Version 11.8.0\n");
    auto nvcc = detect_cuda(path_of(dir, {"cuda-11.8/bin"}));
    REQUIRE(nvcc);
    CHECK(nvcc->value == "11.8");
    CHECK_FALSE(detect_cuda(path_of(dir, {"nothing"})));
  }

  TEST_CASE("gather_facts: --fact wins over detection and says so") {
    TP_TEST_DIR(dir);
    dir.write("bin/python3.11", "#!");
    link(dir, "python3.11", "bin/python3");
    auto facts = gather_facts(path_of(dir, {"bin"}), {"python=3.13", "compiler=clang-cl"});
    CHECK(facts["python"].value == "3.13");
    CHECK(facts["python"].source == "--fact");
    CHECK(facts["compiler"].value == "clang-cl");
    CHECK(facts.count("platform") == 1);
  }

  TEST_CASE("check_conditions: listed and versioned facts; unknown and unparsable values") {
    tp::catalog::Conditions c;
    c["compiler"].values = {"gcc"};
    c["python"].versions = tp::catalog::parse_specifier(">=3.12", nullptr, nullptr);
    auto checks = check_conditions(c, {{"compiler", "gcc"}, {"python", "3.11"}});
    REQUIRE(checks.size() == 2);
    CHECK(checks[0].verdict == Verdict::holds);
    CHECK(checks[1].verdict == Verdict::fails);
    CHECK(checks[1].expected == ">=3.12");
    CHECK(check_conditions(c, {{"python", "3.12"}})[1].verdict == Verdict::holds);
    CHECK(check_conditions(c, {})[1].verdict == Verdict::unknown);
    CHECK(check_conditions(c, {{"python", "system"}})[1].verdict == Verdict::unknown);
    // "none" (USE_CUDA=0, --fact cuda=none): absent, so no version range holds; unknown it is not
    CHECK(check_conditions(c, {{"python", "none"}})[1].verdict == Verdict::fails);
    CHECK(check_conditions(c, {{"compiler", "none"}})[0].verdict == Verdict::fails);
  }
}

TEST_SUITE("engine::facts pyenv") {
  TEST_CASE("detect_python: a pyenv shim reads PYENV_VERSION, else the root's version file") {
    TP_TEST_DIR(dir);
    dir.write("pyenv/shims/python3", "#!/usr/bin/env bash\nexec pyenv exec python3\n");
    dir.write("pyenv/versions/3.12.1/bin/python3.12", "ELF");
    dir.write("pyenv/versions/3.11.7/bin/python3.11", "ELF");
    dir.write("pyenv/version", "3.11.7\n");
    auto env = path_of(dir, {"pyenv/shims"});
    auto global = detect_python(env);
    REQUIRE(global);
    CHECK(global->value == "3.11");
    env.pyenv_version = "3.12.1";
    auto chosen = detect_python(env);
    REQUIRE(chosen);
    CHECK(chosen->value == "3.12");
    CHECK(chosen->source.find("PYENV_VERSION=3.12.1") != std::string::npos);
  }

  TEST_CASE("detect_python: pyenv's \"system\" moves on to the next python3 on PATH") {
    TP_TEST_DIR(dir);
    dir.write("pyenv/shims/python3", "#!");
    dir.write("pyenv/versions/3.12.1/bin/python3.12", "ELF");
    dir.write("pyenv/version", "system\n");
    dir.write("usr/bin/python3.13", "ELF");
    link(dir, "python3.13", "usr/bin/python3");
    auto f = detect_python(path_of(dir, {"pyenv/shims", "usr/bin"}));
    REQUIRE(f);
    CHECK(f->value == "3.13");
  }
}
