#include "ops/explain.hpp"

#include <algorithm>
#include <string>

#include <doctest/doctest.h>

namespace {

using tp::ops::explain_log;

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
         "C:\\Users\\ci\\pytorch\\torch\\csrc\\x.cpp(12,3): " + wrapped + "\r\n"
         "ninja: build stopped: subcommand failed.\r\n";
}

} // namespace

TEST_SUITE("ops::explain") {

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
        // Another patchset may match only if it lists the same message.
        const auto* other = catalog.find(m.patchset);
        REQUIRE(other);
        if (m.patchset == p.id) {
          named = true;
          CHECK(m.line == 2);
          CHECK(m.error == error);
          CHECK(m.log_line.find("C:\\Users\\ci\\pytorch") == 0);
        } else {
          CHECK(std::find(other->errors.begin(), other->errors.end(), error) != other->errors.end());
        }
      }
      CHECK(named);
      ++checked;
    }
  CHECK(checked >= 5);
}

TEST_CASE("explain_log: typographic quotes and letter case do not matter") {
  const auto& catalog = shipped();
  auto report = explain_log(catalog,
                            "arena.h:12:5: Error: definition of \xE2\x80\x98unsigned int "
                            "__builtin_clz(unsigned int)\xE2\x80\x99 ambiguates built-in declaration "
                            "\xE2\x80\x98int __builtin_clz(unsigned int)\xE2\x80\x99\n");
  REQUIRE(report.matches.size() == 1);
  CHECK(report.matches[0].patchset == "functorch-builtin-clz");
}

TEST_CASE("explain_log: an unrelated log matches nothing") {
  auto report = explain_log(shipped(), "[1/1] Linking CXX executable foo\r\n"
                                       "error: undefined reference to `main'\r\n"
                                       "collect2: error: ld returned 1 exit status\r\n");
  CHECK(report.matches.empty());
  CHECK(explain_log(shipped(), "").matches.empty());
}

} // TEST_SUITE
