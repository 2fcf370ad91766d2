#pragma once

#ifdef TORCH_ENABLE_LLVM
#include <torch/csrc/Export.h>

#include <torch/csrc/jit/tensorexpr/codegen.h>

#include <string>
#include <vector>

namespace torch {
namespace jit {
namespace tensorexpr {

// Hand-written for this case, in the shape of the 2.6.0 header: an exported
// class whose call members no longer repeat the export macro.
class TORCH_API LLVMCodeGen : public CodeGen {
 public:
  explicit LLVMCodeGen(StmtPtr stmt);
  ~LLVMCodeGen() override;

  void cleanup_memory();

  void call(const std::vector<CallArg>& args) override;
  void call_raw(const std::vector<void*>& args) override;
  void call_with_numel(void** args, int64_t numel) override;

  std::string getCodeText(const std::string& attr = "") override;
};

// Exported free functions keep their macro.
TORCH_API bool& LLVMAOTWorkflow();

} // namespace tensorexpr
} // namespace jit
} // namespace torch

#endif // TORCH_ENABLE_LLVM
