#include <torch/csrc/jit/runtime/static/ops.h>

namespace torch::jit {

namespace {
/*
  ForkedSubgraphSRLauncher is responsible for the execution of
  forked subgraph on new instance of static runtime.
*/
class ForkedSubgraphSRLauncher {
 public:
  void operator()();

 private:
  c10::intrusive_ptr<Future> future_;
  torch::jit::TaskLauncher launcher_;
};
} // namespace

} // namespace torch::jit
