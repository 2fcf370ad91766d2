#pragma once
#include <ATen/Config.h>
#include <c10/macros/Macros.h>
#include <functional>

namespace at {

namespace internal {

// Initialise num_threads lazily at first parallel call
inline TORCH_API void lazy_init_num_threads() {
  thread_local bool init = false;
  if (C10_UNLIKELY(!init)) {
    at::init_num_threads();
    init = true;
  }
}

class TORCH_API ThreadIdGuard {
public:
  ThreadIdGuard(int new_id):
    old_id_(at::get_thread_num()) {
    set_thread_num(new_id);
  }

private:
  int old_id_;
};

}  // namespace internal

} // namespace at
