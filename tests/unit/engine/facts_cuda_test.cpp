// CUDA fact detection (facts_cuda.hpp) on fake toolkit layouts in temporary folders: Debian's,
// NVIDIA's /usr/local/cuda-X.Y, conda's and Windows' CUDA_PATH_V<X>_<Y>. No process is run.
#include "engine/facts_cuda.hpp"

#include <doctest/doctest.h>

#include "platform/test_dir.hpp"

using namespace tp::engine;

namespace {

// The lines of CUDA 12.4's crt/host_config.h that decide (Debian's nvidia-cuda-dev 12.4.127,
// /usr/include/crt/host_config.h), with the lines around them.
// (lines 116-119 and 139-164, the #error texts cut short).
const char* const k_host_config_12_4 =
    "#if defined(__GRCO_CLANG_COMPILER__)\n"
    "#if (__GRCO_CLANG_COMPILER__ == 1) && ((__clang_major__ < 16) || (__clang_major__ > 17))\n"
    "#error -- unsupported Grace clang version! The version must be 16.x to 17.x.\n"
    "#endif  /* (__GRCO_CLANG_COMPILER__ == 1) && ((__clang_major__ < 16) || (__clang_major__ > "
    "17)) */\n"
    "#endif /* __GRCO_CLANG_COMPILER__  */\n"
    "#if defined(__GNUC__)\n"
    "\n"
    "#if __GNUC__ > 13\n"
    "\n"
    "#error -- unsupported GNU version! gcc versions later than 13 are not supported!\n"
    "\n"
    "#endif /* __GNUC__ > 13 */\n"
    "\n"
    "\n"
    "#if defined(__HORIZON__)\n"
    "#if (__clang_major__ >= 99) || (__clang_major__ < 3) || ((__clang_major__ == 3) &&  "
    "(__clang_minor__ < 3))\n"
    "#error -- unsupported HOS clang version! (99: not 12.4's 18, to show the block is skipped)\n"
    "#endif\n"
    "#endif /* __HORIZON__  */\n"
    "\n"
    "#if defined(__clang__) && !defined(__ibmxl_vrm__) && !defined(__ICC) && !defined(__HORIZON__) "
    "&& "
    "!defined(__APPLE__) && !defined(__GRCO_CLANG_COMPILER__)\n"
    "\n"
    "#if (__clang_major__ >= 18) || (__clang_major__ < 3) || ((__clang_major__ == 3) &&  "
    "(__clang_minor__ < 3))\n"
    "#error -- unsupported clang version! clang version must be less than 18 and greater than 3.2 "
    ".\n"
    "\n"
    "#endif  /* (__clang_major__ >=  18) || (__clang_major__ < 3) || ((__clang_major__ == 3) &&  "
    "(__clang_minor__ < 3)) */\n"
    "\n"
    "#endif /* defined(__clang__) && … */\n"
    "\n"
    "\n"
    "#endif /* __GNUC__ */\n";

const char* const k_cuda_h_12_4 =
    "#ifndef __cuda_cuda_h__\n#define __cuda_cuda_h__\n#define CUDA_VERSION 12040\n#endif\n";

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

TEST_SUITE("engine::facts_cuda") {
  TEST_CASE("Debian's layout: /usr/bin/nvcc, headers in /usr/include, no version.json") {
    TP_TEST_DIR(dir);
    dir.write("usr/lib/nvidia-cuda-toolkit/bin/nvcc", "ELF");
    dir.write("usr/bin/nvcc", "#!/bin/sh\nexec /usr/lib/nvidia-cuda-toolkit/bin/nvcc \"$@\"\n");
    dir.write("usr/include/cuda.h", k_cuda_h_12_4);
    dir.write("usr/include/crt/host_config.h", k_host_config_12_4);
    auto env = path_of(dir, {"usr/bin"});
    CHECK_FALSE(detect_cuda(env)); // facts.cpp's own detection needs version.json / version.txt
    auto f = detect_cuda_from_header(env);
    REQUIRE(f);
    CHECK(f->value == "12.4");
    CHECK(f->source.find("usr/include/cuda.h") != std::string::npos);
  }

  TEST_CASE("NVIDIA's /usr/local/cuda-X.Y and conda's targets/<triple>/include") {
    TP_TEST_DIR(dir);
    dir.write("usr/local/cuda-12.1/bin/nvcc", "ELF");
    dir.write("usr/local/cuda-12.1/include/cuda.h", "#define CUDA_VERSION 12010\n");
    auto f = detect_cuda_from_header(path_of(dir, {"usr/local/cuda-12.1/bin"}));
    REQUIRE(f);
    CHECK(f->value == "12.1");
    dir.write("conda/bin/nvcc", "ELF");
    dir.write("conda/targets/x86_64-linux/include/cuda.h", "#define CUDA_VERSION 12060\n");
    auto conda = detect_cuda_from_header(path_of(dir, {"conda/bin"}));
    REQUIRE(conda);
    CHECK(conda->value == "12.6");
    // CUDA 13.0's cuda.h is 1.1 MB (`#define CUDA_VERSION 13000` at line 263 of 1.1 MB).
    dir.write("usr/local/cuda-13.0/bin/nvcc", "ELF");
    dir.write("usr/local/cuda-13.0/include/cuda.h",
              "#define CUDA_VERSION 13000\n" + std::string(1200 * 1024, ' ') + "\n");
    auto big = detect_cuda_from_header(path_of(dir, {"usr/local/cuda-13.0/bin"}));
    REQUIRE(big);
    CHECK(big->value == "13.0");
  }

  TEST_CASE("Windows: the newest CUDA_PATH_V<X>_<Y> when CUDA_PATH is unset") {
    TP_TEST_DIR(dir);
    dir.write("v11.8/include/cuda.h", "#define CUDA_VERSION 11080\n");
    dir.write("v12.4/include/cuda.h", k_cuda_h_12_4);
    Environment env;
    env.windows = true;
    env.variables["CUDA_PATH_V11_8"] = (dir / "v11.8").string();
    env.variables["CUDA_PATH_V12_4"] = (dir / "v12.4").string();
    auto kit = find_cuda_toolkit(env);
    REQUIRE(kit);
    CHECK(kit->source.rfind("CUDA_PATH_V12_4: ", 0) == 0);
    auto f = detect_cuda_from_header(env);
    REQUIRE(f);
    CHECK(f->value == "12.4");
    env.cuda_home = (dir / "v11.8").string(); // CUDA_PATH (or CUDA_HOME) wins
    CHECK(detect_cuda_from_header(env)->value == "11.8");
  }

  TEST_CASE("detect_cuda_arch: numbers, +PTX, (x.y), a-suffix, names; nothing for Auto or unset") {
    Environment env;
    CHECK(detect_cuda_arch(env).empty());
    env.variables["TORCH_CUDA_ARCH_LIST"] = "3.5;5.2(5.0) 8.6+PTX;9.0a";
    auto f = detect_cuda_arch(env);
    CHECK(value_of(f, "cuda_arch_min") == "3.5");
    CHECK(value_of(f, "cuda_arch_max") == "9.0");
    env.variables["TORCH_CUDA_ARCH_LIST"] = "8.9 12.0";
    f = detect_cuda_arch(env);
    CHECK(value_of(f, "cuda_arch_min") == "8.9");
    CHECK(value_of(f, "cuda_arch_max") == "12.0");
    env.variables["TORCH_CUDA_ARCH_LIST"] = "Kepler;Ampere+PTX";
    f = detect_cuda_arch(env);
    CHECK(value_of(f, "cuda_arch_min") == "3.5");
    CHECK(value_of(f, "cuda_arch_max") == "8.6");
    env.variables["TORCH_CUDA_ARCH_LIST"] = "Auto";
    CHECK(detect_cuda_arch(env).empty());
  }

  TEST_CASE("host_compiler_limits reads CUDA 12.4's #if lines: GCC <= 13, Clang <= 17") {
    auto limits = host_compiler_limits(k_host_config_12_4);
    REQUIRE(limits.gcc_max);
    CHECK(*limits.gcc_max == 13);
    REQUIRE(limits.clang_max);
    CHECK(*limits.clang_max == 17);
    CHECK_FALSE(host_compiler_limits("#if __GNUC__ >= 4\n#endif\n").gcc_max);
  }

  TEST_CASE("detect_nvcc_host_compiler: CUDAHOSTCXX first, else the compiler facts") {
    TP_TEST_DIR(dir);
    dir.write("usr/bin/nvcc", "ELF");
    dir.write("usr/include/cuda.h", k_cuda_h_12_4);
    dir.write("usr/include/crt/host_config.h", k_host_config_12_4);
    dir.write("usr/bin/g++-13", "ELF");
    auto env = path_of(dir, {"usr/bin"});
    Facts gcc15{{"compiler", {"gcc", "test"}}, {"compiler_version", {"15", "test"}}};
    auto f = detect_nvcc_host_compiler(env, gcc15);
    REQUIRE(f);
    CHECK(f->value == "unsupported");
    env.variables["CUDAHOSTCXX"] = "g++-13";
    f = detect_nvcc_host_compiler(env, gcc15);
    REQUIRE(f);
    CHECK(f->value == "supported");
    CHECK(f->source.rfind("CUDAHOSTCXX=g++-13", 0) == 0);
    env.variables.clear();
    Facts clang18{{"compiler", {"clang", "test"}}, {"compiler_version", {"18", "test"}}};
    CHECK(detect_nvcc_host_compiler(env, clang18)->value == "unsupported");
    CHECK_FALSE(detect_nvcc_host_compiler(env, Facts{{"compiler", {"gcc", "test"}}})); // no major
    // Debian's layout: nvcc's own g++ wrapper picks g++-13 when GCC is the C++ compiler.
    dir.write("usr/lib/nvidia-cuda-toolkit/bin/g++", "#!/bin/sh\n");
    f = detect_nvcc_host_compiler(env, gcc15);
    REQUIRE(f);
    CHECK(f->value == "supported");
    CHECK(f->source.find("Debian's nvcc") != std::string::npos);
    CHECK(detect_nvcc_host_compiler(env, clang18)->value ==
          "unsupported"); // passed as host compiler
  }

  TEST_CASE("detect_cudnn: cudnn_version.h in CUDNN_INCLUDE_DIR, the toolkit, conda, the system") {
    TP_TEST_DIR(dir);
    Environment env;
    CHECK_FALSE(detect_cudnn(env, {dir / "sys"}));
    dir.write("sys/cudnn_version.h",
              "#define CUDNN_MAJOR 8\n#define CUDNN_MINOR 9\n#define CUDNN_PATCHLEVEL 7\n");
    CHECK(detect_cudnn(env, {dir / "sys"})->value == "8.9");
    dir.write("conda/include/cudnn_version.h", "#define CUDNN_MAJOR 9\n#define CUDNN_MINOR 1\n");
    env.variables["CONDA_PREFIX"] = (dir / "conda").string();
    CHECK(detect_cudnn(env, {dir / "sys"})->value == "9.1");
    dir.write("mine/cudnn_version.h", "#  define CUDNN_MAJOR 9\n#  define CUDNN_MINOR 3\n");
    env.variables["CUDNN_INCLUDE_DIR"] = (dir / "mine").string();
    auto f = detect_cudnn(env, {dir / "sys"});
    REQUIRE(f);
    CHECK(f->value == "9.3");
    CHECK(f->source.rfind("CUDNN_INCLUDE_DIR: ", 0) == 0);
  }

  TEST_CASE("gather_facts: detected CUDA facts, and --fact wins over them") {
    TP_TEST_DIR(dir);
    dir.write("usr/bin/nvcc", "ELF");
    dir.write("usr/include/cuda.h", k_cuda_h_12_4);
    auto env = path_of(dir, {"usr/bin"});
    env.variables["TORCH_CUDA_ARCH_LIST"] = "3.5 8.0";
    auto facts = gather_facts(env, {"cuda_arch_max=12.0"});
    CHECK(facts["cuda"].value == "12.4");
    CHECK(facts["cuda_arch_min"].value == "3.5");
    CHECK(facts["cuda_arch_max"].value == "12.0");
    CHECK(facts["cuda_arch_max"].source == "--fact");
    auto unknown = gather_facts(env, {"cuda="});
    CHECK(unknown["cuda"].value.empty());
  }

  TEST_CASE("cuda_turned_off: CMake's false constants in USE_CUDA, any case; nothing else") {
    for (const char* off : {"0", "OFF", "off", "No", "FALSE", "n", "IGNORE", "NotFound"}) {
      CAPTURE(off);
      Environment env;
      env.variables["USE_CUDA"] = off;
      auto f = cuda_turned_off(env);
      REQUIRE(f);
      CHECK(f->value == "none");
      CHECK(f->source == std::string("USE_CUDA=") + off + ": a build without CUDA");
    }
    for (const char* on : {"1", "ON", "yes", "", "2", "OFFF"}) {
      CAPTURE(on);
      Environment env;
      env.variables["USE_CUDA"] = on;
      CHECK_FALSE(cuda_turned_off(env));
    }
    CHECK_FALSE(cuda_turned_off(Environment{}));
  }

  TEST_CASE("gather_facts: USE_CUDA=0 or --fact cuda=none makes every CUDA fact none") {
    TP_TEST_DIR(dir);
    dir.write("usr/bin/nvcc", "ELF");
    dir.write("usr/include/cuda.h", k_cuda_h_12_4);
    dir.write("usr/include/cudnn_version.h", "#define CUDNN_MAJOR 9\n#define CUDNN_MINOR 1\n");
    auto env = path_of(dir, {"usr/bin"});
    env.variables["TORCH_CUDA_ARCH_LIST"] = "3.5 8.0";
    env.variables["USE_CUDA"] = "0";
    auto off = gather_facts(env, {});
    CHECK(off["cuda"].value == "none");
    CHECK(off["cuda"].source == "USE_CUDA=0: a build without CUDA");
    for (const char* name : {"cuda_arch_min", "cuda_arch_max", "cudnn", "nvcc_host_compiler"}) {
      CAPTURE(name);
      CHECK(off[name].value == "none");
      CHECK(off[name].source == "cuda is none");
    }
    env.variables.erase("USE_CUDA");
    CHECK(gather_facts(env, {})["cuda_arch_min"].value == "3.5");
    auto given = gather_facts(env, {"cuda=none", "cudnn=9.1"});
    CHECK(given["cuda"].value == "none");
    CHECK(given["cuda_arch_min"].value == "none");
    CHECK(given["cudnn"].value == "9.1"); // a --fact stays as given
  }
}
