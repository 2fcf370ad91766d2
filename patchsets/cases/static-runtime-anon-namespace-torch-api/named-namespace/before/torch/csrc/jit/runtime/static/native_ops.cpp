#include <torch/csrc/jit/runtime/static/ops.h>

namespace torch {
namespace jit {

namespace fork_impl {
class TORCH_API ForkedSubgraphSRLauncher {
 private:
  std::shared_ptr<StaticModule> smodule_;
  std::vector<IValue> args_;
};

c10::intrusive_ptr<Future> createFutureTypeFromGraphOutput(
    const std::shared_ptr<torch::jit::Graph>& graph) {
  TypePtr return_type_ = graph->outputs().at(0)->type();
  return c10::make_intrusive<Future>(return_type_);
}
} // namespace fork_impl

} // namespace jit
} // namespace torch
