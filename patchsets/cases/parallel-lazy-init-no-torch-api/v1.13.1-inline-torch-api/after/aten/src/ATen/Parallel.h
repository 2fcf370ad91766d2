#pragma once
#include <ATen/Config.h>
#include <c10/macros/Macros.h>

namespace at {

// Called during new thread initialization
TORCH_API void init_num_threads();

namespace internal {

// Initialise num_threads lazily at first parallel call
inline void lazy_init_num_threads() {
  thread_local bool init = false;
  if (C10_UNLIKELY(!init)) {
    at::init_num_threads();
    init = true;
  }
}

TORCH_API void set_thread_num(int);

} // namespace internal

} // namespace at
