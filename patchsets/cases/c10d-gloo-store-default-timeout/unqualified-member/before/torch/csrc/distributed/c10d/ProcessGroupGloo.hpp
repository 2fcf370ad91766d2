#pragma once

#ifdef USE_C10D_GLOO

#include <chrono>
#include <memory>
#include <vector>

#include <gloo/rendezvous/store.h>

#include <torch/csrc/distributed/c10d/Store.hpp>

namespace c10d {

class TORCH_API ProcessGroupGloo : public Backend {
 public:
  class TORCH_API GlooStore : public ::gloo::rendezvous::Store {
   public:
    GlooStore(const c10::intrusive_ptr<::c10d::Store>& store) : store_(store) {}

    void wait(const std::vector<std::string>& keys) override {
      store_->wait(keys, kDefaultTimeout);
    }

    void wait(
        const std::vector<std::string>& keys,
        const std::chrono::milliseconds& timeout) override {
      store_->wait(keys, timeout);
    }

   protected:
    c10::intrusive_ptr<::c10d::Store> store_;
  };
};

} // namespace c10d

#endif // USE_C10D_GLOO
