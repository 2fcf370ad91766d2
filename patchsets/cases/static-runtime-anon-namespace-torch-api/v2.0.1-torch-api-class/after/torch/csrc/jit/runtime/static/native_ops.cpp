#include <torch/csrc/jit/runtime/static/ops.h>

namespace torch {
namespace jit {

C10_DEFINE_REGISTRY(SRNativeOperatorRegistry, SROperatorFunctor);

// (synthetic for this case) exported declarations that must keep their macro
TORCH_API SROperator getNativeOperation(Node* n);
class TORCH_API SRNativeOperatorAudit {
 public:
  static bool enabled();
};

namespace {
class ForkedSubgraphSRLauncher {
 public:
  void operator()() {
    try {
      StaticRuntime runtime(*smodule_);
      auto future_subgraph = runtime.runAsync(args_, {}, launcher_);
      future_subgraph->waitAndThrow();
      future_->markCompleted(future_subgraph->value());
    } catch (const std::exception& e) {
      future_->setErrorIfNeeded(
          std::make_exception_ptr(c10::ivalue::Future::FutureError(e.what())));
    }
  }
};
} // namespace

} // namespace jit
} // namespace torch
