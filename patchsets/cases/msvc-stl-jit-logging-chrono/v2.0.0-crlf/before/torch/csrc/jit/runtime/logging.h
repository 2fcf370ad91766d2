#pragma once

#include <mutex>
#include <string>

#include <torch/csrc/Export.h>

namespace torch {
namespace jit {
namespace logging {

class TORCH_API LockingLogger : public LoggerBase {
 private:
  mutable std::mutex m;
};

struct JITTimePoint {
  std::chrono::time_point<std::chrono::high_resolution_clock> point;
};

} // namespace logging
} // namespace jit
} // namespace torch
