#include <torch/csrc/jit/runtime/static/impl.h>
#include <torch/csrc/jit/runtime/static/ops.h>

namespace torch::jit {

C10_DEFINE_REGISTRY(SRNativeOperatorRegistry, SROperatorFunctor)

REGISTER_NATIVE_OPERATOR_FUNCTOR(
    prim::TupleUnpack,
    prim_TupleUnpack,
    [](Node* n) -> SROperator {
      return [](ProcessedNode* p_node) {
        TORCH_CHECK(
            num_outputs == elems.size(),
            "Number of outputs must match number of tuple elements.")
        for (size_t i = 0; i < num_outputs; ++i) {
          p_node->Output(i) = elems[i];
        }
      };
    })

namespace {
/*
  ForkedSubgraphSRLauncher is responsible for the execution of
  forked subgraph on new instance of static runtime.
*/
class TORCH_API ForkedSubgraphSRLauncher {
 public:
  void operator()() {
    StaticRuntime runtime(*smodule_);
    auto future_subgraph = runtime.runAsync(args_, {}, launcher_);
    future_subgraph->waitAndThrow();
    future_->markCompleted(future_subgraph->value());
  }

 private:
  std::shared_ptr<StaticModule> smodule_;
  torch::jit::TaskLauncher launcher_;
};
} // namespace

REGISTER_NATIVE_OPERATOR_FUNCTOR(
    prim::fork,
    prim_Fork,
    [](Node* node) -> SROperator {
      return [](ProcessedNode* p_node) {
        auto* launcher = p_node->metadata()->launcher();
        ForkedSubgraphSRLauncher runtime_launcher(
            p_node->metadata()->smodule(), boxInputs(*p_node), nullptr, *launcher);
        (*launcher)(std::move(runtime_launcher));
      };
    })

} // namespace torch::jit
