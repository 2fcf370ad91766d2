#include <torch/csrc/jit/runtime/logging.h>

#include <atomic>
#include <mutex>
#include <unordered_map>

namespace torch {
namespace jit {
namespace logging {

int64_t LockingLogger::getCounterValue(const std::string& name) const {
  std::unique_lock<std::mutex> lk(m);
  if (!raw_counters.count(name)) {
    return 0;
  }
  switch (agg_types.at(name)) {
    case AggregationType::SUM:
      return raw_counters.at(name).sum;
    default:
      throw std::runtime_error("Unknown aggregation type!");
  }
}

} // namespace logging
} // namespace jit
} // namespace torch
