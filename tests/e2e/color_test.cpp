// Color: only the text format is colored, and only when asked or on a terminal; the diff that
// git apply reads never is.
#include <doctest/doctest.h>

#include "e2e/checkout.hpp"

using namespace tp::e2e;

TEST_SUITE("e2e::color") {
  TEST_CASE(
      "color: --color always colors the text report; --format diff stays plain for git apply") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.0.1");
    // The real binary, without the helper's --color never.
    const std::string tp = quote(binary_path().string()) + " -C " + quote(checkout.string());
    const Output text = shell(tp + " --color always apply --dry");
    CHECK(text.code == 0);
    CHECK(text.out.find("\x1b[32mwill-apply") != std::string::npos);
    CHECK(text.out.find("\x1b[31m-") != std::string::npos); // removed lines are red
    const Output diff = shell(tp + " --color always apply --dry --format diff");
    CHECK(diff.code == 0);
    CHECK(diff.out.find('\x1b') == std::string::npos);
    const Output plain = shell(tp + " apply --dry");
    CHECK(plain.out.find('\x1b') == std::string::npos); // not a terminal: no color by default
  }
}
