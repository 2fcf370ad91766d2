// explain on Windows build logs (CRLF, MSVC's error forms): each log under tests/logs/ names the
// shipped catalog's Windows patchsets and gates (issue #23).
#include "tools/explain.hpp"

#include <algorithm>
#include <string>

#include <doctest/doctest.h>

#include "platform/files.hpp"

namespace {

const tp::catalog::Catalog& shipped() {
  static const auto loaded = tp::catalog::load_embedded_catalog();
  REQUIRE(loaded.diagnostics.empty());
  return loaded.catalog;
}

std::string read_log(const std::string& name) {
  auto bytes = tp::platform::read_file(std::string(TP_SOURCE_DIR "/tests/logs/") + name);
  REQUIRE(bytes.has_value());
  return *bytes;
}

// The ids explain names for `log`, in report order.
std::vector<std::string> named(const tp::tools::ExplainReport& report) {
  std::vector<std::string> out;
  for (const auto& m : report.matches)
    out.push_back(m.patchset);
  return out;
}

bool has(const std::vector<std::string>& ids, const std::string& id) {
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}

// The log named `log` explained: exactly one match, `id` on line `line`, nothing unexplained.
void check_explains_only(const std::string& log, const std::string& id, std::size_t line) {
  CAPTURE(log);
  auto report = tp::tools::explain_log(shipped(), read_log(log));
  auto ids = named(report);
  REQUIRE(ids.size() == 1);
  CHECK(ids[0] == id);
  CHECK(report.matches[0].line == line);
  CHECK(report.unexplained.empty());
}

} // namespace

TEST_SUITE("engine::explain windows") {

  TEST_CASE(
      "explain: MSVC 14.43's C2039 on jit/runtime/logging.h names msvc-stl-jit-logging-chrono") {
    auto report = tp::tools::explain_log(shipped(), read_log("msvc-14-43-jit-logging-chrono.log"));
    auto ids = named(report);
    REQUIRE(ids.size() == 1);
    CHECK(ids[0] == "msvc-stl-jit-logging-chrono");
    CHECK(report.matches[0].line == 4);
    // the longest message on the line wins: the one with the header's path
    CHECK(report.matches[0].error.find("logging.h(60)") != std::string::npos);
    // C2065 on the same header is no message of the catalog: it is listed as unexplained
    REQUIRE(report.unexplained.size() == 1);
    CHECK(report.unexplained[0].line == 6);
  }

  TEST_CASE("explain: the MSVC STL oracle's form of the same error (clang-cl with microsoft/STL "
            "17.14 on the real 1.13.1 logging.h) names msvc-stl-jit-logging-chrono") {
    check_explains_only("clang-cl-stl-17.14-jit-logging-chrono.log", "msvc-stl-jit-logging-chrono",
                        3);
  }

  TEST_CASE("explain: the oracle's dllexport errors on the real 2.6.0 llvm_codegen.h (and MSVC's "
            "C2487 form) name tensorexpr-llvm-codegen-member-torch-api") {
    check_explains_only("clang-cl-stl-17.14-llvm-codegen-member-torch-api.log",
                        "tensorexpr-llvm-codegen-member-torch-api", 3);
    // MSVC's form of the same error: the C2487 text Microsoft documents, on the same line
    auto msvc = tp::tools::explain_log(
        shipped(), "C:\\src\\pytorch\\torch\\csrc\\jit\\tensorexpr\\llvm_codegen.h(44): error "
                   "C2487: 'call': member of dll interface class may not be declared with dll "
                   "interface\r\n");
    auto msvc_ids = named(msvc);
    REQUIRE(msvc_ids.size() == 1);
    CHECK(msvc_ids[0] == "tensorexpr-llvm-codegen-member-torch-api");
  }

  TEST_CASE("explain: the oracle's isA errors on the real 2.6.0 Fbgemm.cc (a clang-cl build of the "
            "FBGEMM DLL) name fbgemm-packmatrix-isa-clang-cl") {
    check_explains_only("clang-cl-stl-17.14-fbgemm-isa.log", "fbgemm-packmatrix-isa-clang-cl", 2);
  }

  TEST_CASE("explain: MSVC 19.51 crashing sleef's builtin-math probe names "
            "sleef-msvc-1951-builtin-math") {
    // nothing unexplained: the CMake Error line is covered by the two-line message
    check_explains_only("msvc-14-51-sleef-builtin-math.log", "sleef-msvc-1951-builtin-math", 6);
  }

  TEST_CASE("explain: MSVC 14.38's C1001 in vec_base.h names vec-base-size-t-msvc-ice") {
    check_explains_only("msvc-14-38-vec-base-ice.log", "vec-base-size-t-msvc-ice", 2);
  }

  TEST_CASE("explain: CUDA 12.2 under MSVC 14.44: nvcc's host_config.h and STL1002 name the "
            "MSVC/CUDA gates") {
    auto report = tp::tools::explain_log(shipped(), read_log("cuda-12-2-msvc-14-44.log"));
    auto ids = named(report);
    CHECK(has(ids, "cuda-12-3-rejects-msvc-14-40"));
    CHECK(has(ids, "msvc-stl-14-41-needs-cuda-12-4"));
    CHECK(has(ids, "vs2026-cuda-needs-2-9")); // the same host_config.h message; its facts decide
    for (const auto& m : report.matches)
      CHECK(m.gate);
    CHECK(report.unexplained.empty());
  }

  TEST_CASE("explain: a 2.6 extension build under setuptools 75.9 and a VS 2026 generator") {
    auto report = tp::tools::explain_log(shipped(), read_log("windows-setuptools-generator.log"));
    auto ids = named(report);
    CHECK(has(ids, "cpp-extension-msvccompiler"));
    CHECK(has(ids, "setuptools-msvccompiler")); // build_pytorch_libs.py prints the same error
    CHECK(has(ids, "cmake-py-vs-generators"));
    CHECK(report.unexplained.empty());
  }

} // TEST_SUITE
