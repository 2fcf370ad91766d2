#include <torch/csrc/lazy/core/multi_wait.h>

#include <chrono>
#include <exception>
#include <stdexcept>

namespace torch {
namespace lazy {

void MultiWait::Wait(double wait_seconds) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (!cv_.wait_for(lock, std::chrono::duration<double>(wait_seconds), [this]() {
        return completed_count_ >= count_;
      })) {
    throw std::runtime_error("Timeout");
  }
}

} // namespace lazy
} // namespace torch
