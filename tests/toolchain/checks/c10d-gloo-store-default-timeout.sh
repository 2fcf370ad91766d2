#!/bin/bash
# c10d-gloo-store-default-timeout: GlooStore::wait as torch/csrc/distributed/c10d/ProcessGroupGloo.hpp
# has it in 2.0.x (`store_->wait(keys, Store::kDefaultTimeout)` inside a class derived from
# ::gloo::rendezvous::Store), compiled as C++17 like torch 2.0, linked against a gloo whose store.cc
# (with gloo's out-of-line `constexpr ... Store::kDefaultTimeout;`) was built on its own with gloo's
# -std=c++11, as a system gloo is. Before the patch GNU ld rejects the link with g++ 16 and g++-15;
# after it both link and the program uses c10d's timeout.
set -u
source "$TP_REPO/tests/toolchain/lib.sh"
source "$TP_REPO/tests/toolchain/cxx.sh"
tp_sid_root || tp_fail "the sid root is not available"
cxx_begin c10d-gloo-store-default-timeout
t="$work/tree"
mkdir -p "$t/gloo/rendezvous" "$t/torch/csrc/distributed/c10d"
cat >"$t/gloo/rendezvous/store.h" <<'CXX'
#pragma once
#include <chrono>
#include <string>
#include <vector>
namespace gloo {
namespace rendezvous {
class Store {
 public:
  static constexpr std::chrono::milliseconds kDefaultTimeout = std::chrono::seconds(30);
  virtual ~Store();
  virtual void wait(const std::vector<std::string>& keys) = 0;
  virtual void wait(const std::vector<std::string>& keys, const std::chrono::milliseconds& timeout) = 0;
};
} // namespace rendezvous
} // namespace gloo
CXX
cat >"$t/gloo/rendezvous/store.cc" <<'CXX'
#include "gloo/rendezvous/store.h"
namespace gloo {
namespace rendezvous {
constexpr std::chrono::milliseconds Store::kDefaultTimeout;

// Have to provide implementation for pure virtual destructor.
Store::~Store() {}
} // namespace rendezvous
} // namespace gloo
CXX
cat >"$t/torch/csrc/distributed/c10d/ProcessGroupGloo.hpp" <<'CXX'
#pragma once

#include <chrono>
#include <memory>
#include <vector>

#include <gloo/rendezvous/store.h>

namespace c10d {

class Store {
 public:
  static constexpr std::chrono::milliseconds kDefaultTimeout = std::chrono::seconds(300);
  long long waited = 0;
  void wait(const std::vector<std::string>&, const std::chrono::milliseconds& timeout) {
    waited = timeout.count();
  }
};

class ProcessGroupGloo {
 public:
  class GlooStore : public ::gloo::rendezvous::Store {
   public:
    GlooStore(const std::shared_ptr<::c10d::Store>& store) : store_(store) {}

    void wait(const std::vector<std::string>& keys) override {
      store_->wait(keys, Store::kDefaultTimeout);
    }

    void wait(
        const std::vector<std::string>& keys,
        const std::chrono::milliseconds& timeout) override {
      store_->wait(keys, timeout);
    }

   protected:
    std::shared_ptr<::c10d::Store> store_;
  };
};

} // namespace c10d
CXX
cat >"$t/ProcessGroupGloo.cpp" <<'CXX'
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
int main() {
  auto store = std::make_shared<c10d::Store>();
  c10d::ProcessGroupGloo::GlooStore gs(store);
  gs.wait({"key"});
  return store->waited == 300000 ? 0 : 1; // c10d's default, as upstream's qualified name gives
}
CXX
build() {
  echo "cd tree && $1 -std=c++11 -I. -c gloo/rendezvous/store.cc -o /w/store.o && ar rcs /w/libgloo.a /w/store.o &&
        $1 -std=c++17 -I. -c ProcessGroupGloo.cpp -o /w/pg.o && $1 /w/pg.o /w/libgloo.a -o /w/t-$1 && /w/t-$1"
}

cxx_fails_with before-g++ "$(build g++)" "multiple definition of \`gloo::rendezvous::Store::kDefaultTimeout'"
cxx_fails_with before-g++-15 "$(build g++-15)" "multiple definition of \`gloo::rendezvous::Store::kDefaultTimeout'"
cxx_apply 2.0.1 c10d-gloo-store-default-timeout
grep -q 'store_->wait(keys, ::c10d::Store::kDefaultTimeout);' "$t/torch/csrc/distributed/c10d/ProcessGroupGloo.hpp" ||
  tp_fail "ProcessGroupGloo.hpp does not use ::c10d::Store::kDefaultTimeout"
for cc in g++ g++-15 clang++; do cxx_passes "after-$cc" "$(build $cc)"; done
echo "c10d-gloo-store-default-timeout: passed"
