// The hostile-input suite: one doctest binary driving torchpatch (in process, and as a child
// process where it must die) on fixture checkouts with hostile catalogs, paths, files, journals
// and interruptions. Every case ends in a clear error or conflict and leaves every byte in place,
// unless its outcome says otherwise. It reuses the end-to-end helpers (tests/e2e/checkout.hpp).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include "e2e/checkout.hpp"

namespace {

bool g_current_test_failed = false;

// Keeps the temporary folder of a failing test (tests/e2e/main.cpp does the same for e2e).
struct FailureListener : doctest::IReporter {
  explicit FailureListener(const doctest::ContextOptions&) {}
  void report_query(const doctest::QueryData&) override {}
  void test_run_start() override {}
  void test_run_end(const doctest::TestRunStats&) override {}
  void test_case_start(const doctest::TestCaseData&) override { g_current_test_failed = false; }
  void test_case_reenter(const doctest::TestCaseData&) override {}
  void test_case_end(const doctest::CurrentTestCaseStats&) override {}
  void test_case_exception(const doctest::TestCaseException&) override { g_current_test_failed = true; }
  void subcase_start(const doctest::SubcaseSignature&) override {}
  void subcase_end() override {}
  void log_assert(const doctest::AssertData& data) override {
    if (data.m_failed)
      g_current_test_failed = true;
  }
  void log_message(const doctest::MessageData& data) override {
    if (data.m_severity & (doctest::assertType::is_check | doctest::assertType::is_require))
      g_current_test_failed = true;
  }
  void test_case_skipped(const doctest::TestCaseData&) override {}
};

} // namespace

REGISTER_LISTENER("hostile-failure-tracker", 1, FailureListener);

namespace tp::e2e {
bool current_test_failed() { return g_current_test_failed; }
} // namespace tp::e2e
