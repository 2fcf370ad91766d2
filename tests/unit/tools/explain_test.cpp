#include "tools/explain.hpp"

#include <algorithm>
#include <string>

#include <doctest/doctest.h>

#include "platform/files.hpp"

namespace {

using tp::tools::explain_log;

const tp::catalog::Catalog& shipped() {
  static const auto loaded = tp::catalog::load_embedded_catalog();
  REQUIRE(loaded.diagnostics.empty());
  return loaded.catalog;
}

// `message` as a compiler would print it inside a noisy Windows build log: a path prefix,
// CRLF line endings, and the message wrapped over two lines.
std::string noisy_log(const std::string& message) {
  std::string wrapped = message;
  auto space = wrapped.find(' ', wrapped.size() / 2);
  if (space != std::string::npos)
    wrapped.replace(space, 1, "\r\n      ");
  return "[1/2] Building CXX object foo.obj\r\n"
         "C:\\Users\\ci\\pytorch\\torch\\csrc\\x.cpp(12,3): " +
         wrapped +
         "\r\n"
         "ninja: build stopped: subcommand failed.\r\n";
}

} // namespace

TEST_SUITE("engine::explain") {

  TEST_CASE("explain_log: a log holding each catalog error message names its patchset") {
    const auto& catalog = shipped();
    std::size_t checked = 0;
    for (const auto& p : catalog.patchsets)
      for (const auto& error : p.errors) {
        CAPTURE(p.id);
        CAPTURE(error);
        auto report = explain_log(catalog, noisy_log(error));
        REQUIRE(!report.matches.empty());
        bool named = false;
        for (const auto& m : report.matches) {
          // A gate may share a patchset's message (nvcc's compute_35 refusal: the no-GPU default
          // list is a patchset's, an explicit list below 5.0 a gate's); explain names both.
          if (m.gate)
            continue;
          // Another patchset may match only if it lists the same message.
          const auto* other = catalog.find(m.patchset);
          REQUIRE(other);
          if (m.patchset == p.id) {
            named = true;
            CHECK(m.line == 2);
            CHECK(m.error == error);
            CHECK(m.log_line.find("C:\\Users\\ci\\pytorch") == 0);
          } else {
            CHECK(std::find(other->errors.begin(), other->errors.end(), error) !=
                  other->errors.end());
          }
        }
        CHECK(named);
        ++checked;
      }
    CHECK(checked >= 5);
  }

  TEST_CASE("explain_log: typographic quotes and letter case do not matter") {
    const auto& catalog = shipped();
    auto report = explain_log(
        catalog, "arena.h:12:5: Error: definition of \xE2\x80\x98unsigned int "
                 "__builtin_clz(unsigned int)\xE2\x80\x99 ambiguates built-in declaration "
                 "\xE2\x80\x98int __builtin_clz(unsigned int)\xE2\x80\x99\n");
    REQUIRE(report.matches.size() == 1);
    CHECK(report.matches[0].patchset == "functorch-builtin-clz");
  }

  TEST_CASE("explain_log: a path's ./ segments do not matter, ../ ones do") {
    const auto& catalog = shipped();
    // GCC 16 on FBGEMM's Utils.cc in the sweep of 1.13.1 (tests/sweep/results/1.13.1-gcc.md)
    auto report =
        explain_log(catalog, "/w/src/third_party/fbgemm/include/fbgemm/././UtilsAvx2.h:47:37: "
                             "error: 'int32_t' in namespace 'std' does not name a type\n");
    REQUIRE(report.matches.size() == 1);
    CHECK(report.matches[0].patchset == "fbgemm-utilsavx2-cstdint");
    auto windows =
        explain_log(catalog, "C:\\fbgemm\\include\\fbgemm\\.\\UtilsAvx2.h:47:37: "
                             "error: 'int32_t' in namespace 'std' does not name a type\n");
    REQUIRE(windows.matches.size() == 1);
    auto elsewhere =
        explain_log(catalog, "include/fbgemm/../UtilsAvx2.h:47:37: "
                             "error: 'int32_t' in namespace 'std' does not name a type\n");
    CHECK(elsewhere.matches.empty());
  }

  TEST_CASE("explain_log: an unrelated log matches nothing") {
    auto report = explain_log(shipped(), "[1/1] Linking CXX executable foo\r\n"
                                         "error: undefined reference to `main'\r\n"
                                         "collect2: error: ld returned 1 exit status\r\n");
    CHECK(report.matches.empty());
    CHECK(explain_log(shipped(), "").matches.empty());
  }

} // TEST_SUITE

TEST_SUITE("engine::explain unexplained") {
  tp::catalog::Catalog gates_catalog() {
    auto files = tp::catalog::read_catalog_folder(TP_SOURCE_DIR "/tests/catalogs/gates");
    REQUIRE(files.has_value());
    auto loaded = tp::catalog::load_catalog(std::move(*files), "gates");
    REQUIRE(loaded.diagnostics.empty());
    return std::move(loaded.catalog);
  }

  std::string read_log(const char* name) {
    auto bytes = tp::platform::read_file(std::string(TP_SOURCE_DIR "/tests/logs/") + name);
    REQUIRE(bytes.has_value());
    return *bytes;
  }

  TEST_CASE("explain_log: patchsets and gates match; the error lines left over are listed once") {
    auto report = explain_log(gates_catalog(), read_log("gcc13-cmake4-py312.log"));
    REQUIRE(report.matches.size() == 2);
    CHECK(report.matches[0].patchset == "cmake-4-only");
    CHECK_FALSE(report.matches[0].gate);
    CHECK(report.matches[0].line == 4);
    CHECK(report.matches[1].patchset == "python-3-12-needs-2-2");
    CHECK(report.matches[1].gate);
    CHECK(report.matches[1].line == 32);
    // The CMake Error line is explained by the message on its indented block; the traceback by
    // its last line; the raise line inside the traceback is no error line of its own.
    REQUIRE(report.unexplained.size() == 1);
    CHECK(report.unexplained[0].line == 18);
    CHECK(report.unexplained[0].text == "/src/pytorch/c10/util/Registry.h:45:20: error: "
                                        "\xE2\x80\x98runtime_error\xE2\x80\x99 is not a "
                                        "member of \xE2\x80\x98std\xE2\x80\x99");
    CHECK(report.unexplained[0].occurrences == 2);
  }

  TEST_CASE("explain_log: an unknown traceback, an MSVC error and a linker error are listed") {
    auto report = explain_log(
        gates_catalog(), "Traceback (most recent call last):\r\n  File \"setup.py\", line 3\r\n"
                         "ModuleNotFoundError: No module named 'typing_extensions'\r\n"
                         "C:\\src\\x.cpp(12): error C2065: 'ssize_t': undeclared identifier\r\n"
                         "x.cpp:(.text+0x1): undefined reference to `foo'\r\n"
                         "warning: unused variable 'x'\r\n");
    CHECK(report.matches.empty());
    REQUIRE(report.unexplained.size() == 3);
    CHECK(report.unexplained[0].text == "ModuleNotFoundError: No module named 'typing_extensions'");
    CHECK(report.unexplained[0].line == 3);
    CHECK(report.unexplained[1].line == 4);
    CHECK(report.unexplained[2].line == 5);
  }

  TEST_CASE("looks_like_error: errors yes; warnings, notes and build chatter no") {
    CHECK(
        tp::tools::looks_like_error("a.cpp:1:2: fatal error: cstdint: No such file or directory"));
    CHECK(tp::tools::looks_like_error("CMake Error at CMakeLists.txt:3 (project):"));
    CHECK(tp::tools::looks_like_error("LINK : fatal error LNK1104: cannot open file 'x.lib'"));
    CHECK_FALSE(tp::tools::looks_like_error("a.cpp:1:2: warning: unused [-Wunused]"));
    CHECK_FALSE(tp::tools::looks_like_error("a.cpp:1:2: note: declared here"));
    CHECK_FALSE(tp::tools::looks_like_error("-- Configuring incomplete, errors occurred!"));
    CHECK_FALSE(tp::tools::looks_like_error("error C is a letter"));
  }
}
