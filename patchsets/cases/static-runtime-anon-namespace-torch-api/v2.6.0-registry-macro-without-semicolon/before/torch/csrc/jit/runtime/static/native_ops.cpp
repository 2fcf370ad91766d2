#include <torch/csrc/jit/runtime/static/impl.h>
#include <torch/csrc/jit/runtime/static/ops.h>

#include <c10/util/irange.h>
#include <torch/csrc/jit/ir/ir.h>

namespace {
constexpr auto createBorrowedIValue =
    c10::MaybeOwnedTraits<c10::IValue>::createBorrow;
} // namespace
namespace torch::jit {

namespace {

std::vector<IValue> boxInputs(const ProcessedNode& pnode) {
  std::vector<IValue> result;
  for (const auto i : c10::irange(pnode.num_inputs())) {
    result.push_back(pnode.Input(i));
  }
  return result;
}

} // namespace

C10_DEFINE_REGISTRY(SRNativeOperatorRegistry, SROperatorFunctor)

bool nativeOpIsRegistered(const c10::Symbol& op_name) {
  const std::string name(op_name.toQualString());
  return SRNativeOperatorRegistry()->Has(name);
}

REGISTER_NATIVE_OPERATOR_FUNCTOR(
    prim::TupleUnpack,
    prim_TupleUnpack,
    [](Node* n) -> SROperator {
      return [](ProcessedNode* p_node) {
        const auto& elems = p_node->Input(0).toTupleRef().elements();
        const size_t num_outputs = p_node->outputs().size();
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
  ForkedSubgraphSRLauncher(
      std::shared_ptr<StaticModule> smodule,
      std::vector<IValue> args,
      c10::intrusive_ptr<Future> future,
      TaskLauncher launcher)
      : smodule_(std::move(smodule)),
        args_(std::move(args)),
        future_(std::move(future)),
        launcher_(std::move(launcher)) {}

  void operator()() {
    StaticRuntime runtime(*smodule_);
    auto future_subgraph = runtime.runAsync(args_, {}, launcher_);
    future_subgraph->waitAndThrow();
    future_->markCompleted(future_subgraph->value());
  }

 private:
  std::shared_ptr<StaticModule> smodule_;
  std::vector<IValue> args_;
  c10::intrusive_ptr<Future> future_;
  torch::jit::TaskLauncher launcher_;
};
} // namespace

REGISTER_NATIVE_OPERATOR_FUNCTOR(
    prim::fork,
    prim_Fork,
    [](Node* node) -> SROperator {
      return [](ProcessedNode* p_node) {
        auto* launcher = p_node->metadata()->launcher();
        DCHECK(launcher);
        ForkedSubgraphSRLauncher runtime_launcher(
            p_node->metadata()->smodule(), boxInputs(*p_node), nullptr, *launcher);
        (*launcher)(std::move(runtime_launcher));
      };
    })

} // namespace torch::jit
