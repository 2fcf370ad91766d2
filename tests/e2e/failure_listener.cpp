// Shared by the e2e and hostile binaries: tracks whether the running test case has failed, so
// that TempDir keeps the folder of a failing test (and says where it is) and removes the others.
#include <doctest/doctest.h>

#include "e2e/checkout.hpp"

// Tracks whether the running test case has failed, so that TempDir keeps the folder of a failing
// test (and says where it is) and removes the others.
namespace {

bool g_current_test_failed = false;

struct FailureListener : doctest::IReporter {
  explicit FailureListener(const doctest::ContextOptions&) {}
  void report_query(const doctest::QueryData&) override {}
  void test_run_start() override {}
  void test_run_end(const doctest::TestRunStats&) override {}
  void test_case_start(const doctest::TestCaseData&) override { g_current_test_failed = false; }
  void test_case_reenter(const doctest::TestCaseData&) override {}
  void test_case_end(const doctest::CurrentTestCaseStats&) override {}
  void test_case_exception(const doctest::TestCaseException&) override {
    g_current_test_failed = true;
  }
  void subcase_start(const doctest::SubcaseSignature&) override {}
  void subcase_end() override {}
  void log_assert(const doctest::AssertData& data) override {
    if (data.m_failed)
      g_current_test_failed = true;
  }
  void log_message(const doctest::MessageData& data) override {
    // FAIL_CHECK and FAIL, not MESSAGE.
    if (data.m_severity & (doctest::assertType::is_check | doctest::assertType::is_require))
      g_current_test_failed = true;
  }
  void test_case_skipped(const doctest::TestCaseData&) override {}
};

} // namespace

REGISTER_LISTENER("failure-tracker", 1, FailureListener);

namespace tp::e2e {
bool current_test_failed() {
  return g_current_test_failed;
}
} // namespace tp::e2e
