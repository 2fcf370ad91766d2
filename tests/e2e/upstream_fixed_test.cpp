// upstream-fixed versus already-applied when upstream's fix is byte-identical to the patchset's:
// the committed file decides (git status), so a fix that came with the checkout is upstream's and
// one made in the work tree is torchpatch's (or the user's).
#include <doctest/doctest.h>

#include "e2e/checkout.hpp"

using namespace tp::e2e;

TEST_SUITE("e2e::upstream_fixed") {
  TEST_CASE("upstream_fixed: a committed fix identical to the patchset's is upstream-fixed, not "
            "already-applied") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.0.1");
    replace_once(checkout / "torch/csrc/jit/runtime/static/native_ops.cpp",
                 "class TORCH_API ForkedSubgraphSRLauncher", "class ForkedSubgraphSRLauncher");
    // In the work tree only: someone (or torchpatch) made the change here.
    CHECK(outcomes_of_text(
              torchpatch_in(checkout, {"list"}).out)["static-runtime-anon-namespace-torch-api"] ==
          "already-applied");
    // Committed: the checkout came with it.
    commit_and_retag(checkout, "v2.0.1", "upstream drops TORCH_API");
    const Output list = torchpatch_in(checkout, {"list"});
    CHECK(outcomes_of_text(list.out)["static-runtime-anon-namespace-torch-api"] ==
          "upstream-fixed");
    const Output json = torchpatch_in(checkout, {"apply", "--dry", "--format", "json"});
    CHECK(json.code == 0);
    CHECK(outcomes_of_json(dir, json.out)["static-runtime-anon-namespace-torch-api"] ==
          "upstream-fixed");
  }

  TEST_CASE("upstream_fixed: after torchpatch apply the same text is already-applied") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.0.1");
    REQUIRE(torchpatch_in(checkout, {"apply"}).code == 0);
    const auto outcomes = outcomes_of_text(torchpatch_in(checkout, {"list"}).out);
    CHECK(outcomes.at("static-runtime-anon-namespace-torch-api") == "already-applied");
    CHECK(outcomes.at("flatbuffers-span-const-count") == "already-applied"); // inside the submodule
  }
}
