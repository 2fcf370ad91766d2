#include <torch/csrc/jit/runtime/static/ops.h>

namespace torch {
namespace jit {

C10_DEFINE_REGISTRY(SRNativeOperatorRegistry, SROperatorFunctor);

namespace {
/*
  ForkedSubgraphSRLauncher runs a forked subgraph on a new instance of static
  runtime and marks the future complete when it is done.
*/
class ForkedSubgraphSRLauncher {
 public:
  ForkedSubgraphSRLauncher(
      std::shared_ptr<StaticModule> smodule,
      std::vector<IValue> args,
      c10::intrusive_ptr<Future> future,
      TaskLauncher launcher)
      : smodule_(std::move(smodule)),
        args_(std::move(args)),
        future_(std::move(future)),
        launcher_(std::move(launcher)) {}

 private:
  std::shared_ptr<StaticModule> smodule_;
  std::vector<IValue> args_;
  c10::intrusive_ptr<Future> future_;
  torch::jit::TaskLauncher launcher_;
};
} // namespace

} // namespace jit
} // namespace torch
