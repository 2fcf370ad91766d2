// Result<T> and the early returns TP_TRY / TP_TRY_ASSIGN (base/result.hpp).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "base/result.hpp"

namespace {

using tp::Result;

Result<int> number(bool ok) {
  if (!ok)
    return tp::fail("no number", tp::ExitCode::conflict);
  return 42;
}

Result<void> check(bool ok) {
  if (!ok)
    return tp::fail("check failed");
  return {};
}

// Each step appends to `trace`, so a test sees where an early return stopped the function.
Result<std::string> declared(bool ok, std::vector<std::string>& trace) {
  TP_TRY_ASSIGN(const int n, number(ok));
  trace.push_back("after number");
  return std::to_string(n);
}

Result<void> checked(bool ok, std::vector<std::string>& trace) {
  TP_TRY(check(ok));
  trace.push_back("after check");
  TP_TRY(number(true)); // a value nobody needs
  return {};
}

struct Totals {
  int first = 0;
  int second = 0;
};

Result<Totals> assigned(bool first_ok, bool second_ok) {
  Totals totals;
  TP_TRY_ASSIGN(totals.first, number(first_ok));
  TP_TRY_ASSIGN(totals.second, number(second_ok));
  return totals;
}

} // namespace

TEST_SUITE("base::result") {

  TEST_CASE("TP_TRY_ASSIGN: declares the value, or returns the error unchanged") {
    std::vector<std::string> trace;
    auto good = declared(true, trace);
    REQUIRE(good);
    CHECK(*good == "42");
    CHECK(trace == std::vector<std::string>{"after number"});

    trace.clear();
    auto bad = declared(false, trace);
    REQUIRE_FALSE(bad);
    CHECK(bad.error().message() == "no number");
    CHECK(bad.error().code() == tp::ExitCode::conflict);
    CHECK(trace.empty());
  }

  TEST_CASE("TP_TRY_ASSIGN: assigns to an existing object, one use per line") {
    auto both = assigned(true, true);
    REQUIRE(both);
    CHECK(both->first == 42);
    CHECK(both->second == 42);
    auto second_fails = assigned(true, false);
    REQUIRE_FALSE(second_fails);
    CHECK(second_fails.error().message() == "no number");
  }

  TEST_CASE("TP_TRY: a Result<void> (or an unused value) returns only its error") {
    std::vector<std::string> trace;
    CHECK(checked(true, trace));
    CHECK(trace == std::vector<std::string>{"after check"});

    trace.clear();
    auto bad = checked(false, trace);
    REQUIRE_FALSE(bad);
    CHECK(bad.error().message() == "check failed");
    CHECK(bad.error().code() == tp::ExitCode::environment);
    CHECK(trace.empty());
  }

  TEST_CASE("with_context: prefixes the failure's message and keeps its exit code") {
    auto failed = number(false);
    Result<std::string> wrapped = tp::with_context(failed, "reading x");
    REQUIRE_FALSE(wrapped);
    CHECK(wrapped.error().message() == "reading x: no number");
    CHECK(wrapped.error().code() == tp::ExitCode::conflict);
  }
}
