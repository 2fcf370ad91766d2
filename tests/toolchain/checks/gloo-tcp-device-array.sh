#!/bin/bash
# gloo-tcp-device-array: gloo/transport/tcp/device.h as gloo 5b14351 (PyTorch 1.13.1) shapes it
# (<atomic> ... <thread>, no <array>) and a device.cc that includes it first and then the system
# headers device.cc includes, with its `std::array<char, HOST_NAME_MAX> hostname;`. Before the
# patch GCC 16, GCC 15 and Clang 21 reject it (libstdc++ declares std::array through <thread> and
# <memory> without defining it), as they reject the real file; after it all three compile.
set -u
source "$TP_REPO/tests/toolchain/lib.sh"
source "$TP_REPO/tests/toolchain/cxx.sh"
tp_sid_root || tp_fail "the sid root is not available"
cxx_begin gloo-tcp-device-array
mkdir -p "$work/tree/third_party/gloo/gloo/transport/tcp"
cat >"$work/tree/third_party/gloo/gloo/transport/tcp/device.h" <<'CXX'
#pragma once

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>

#include <string>

namespace gloo {
namespace transport {
namespace tcp {
struct attr { std::string hostname; };
} // namespace tcp
} // namespace transport
} // namespace gloo
CXX
# ibverbs/pair.h (compiled only with USE_IBVERBS) gets the same include; its shape, abridged
mkdir -p "$work/tree/third_party/gloo/gloo/transport/ibverbs"
printf '%s\n' '#pragma once' '' '#include <atomic>' '#include <string>' '#include <vector>' '' \
  '#include "gloo/transport/pair.h"' >"$work/tree/third_party/gloo/gloo/transport/ibverbs/pair.h"
cat >"$work/tree/device.cc" <<'CXX'
#include "gloo/transport/tcp/device.h"

#include <ifaddrs.h>
#include <netdb.h>
#include <netinet/in.h>
#include <string.h>
#include <unistd.h>
#include <climits>

int main() {
  gloo::transport::tcp::attr attr;
  std::array<char, HOST_NAME_MAX> hostname;
  if (gethostname(hostname.data(), hostname.size()) != 0) return 1;
  attr.hostname = hostname.data();
  return attr.hostname.size() > hostname.size();
}
CXX
build() { echo "cd tree && $1 -std=c++17 -Ithird_party/gloo device.cc -o /w/t-$1 && /w/t-$1"; }

cxx_fails_with before-g++ "$(build g++)" "error: aggregate 'std::array<char, 64> hostname' has incomplete type and cannot be defined"
cxx_fails_with before-g++-15 "$(build g++-15)" "error: aggregate 'std::array<char, 64> hostname' has incomplete type and cannot be defined"
cxx_fails_with before-clang++ "$(build clang++)" "error: implicit instantiation of undefined template 'std::array<char, 64>'"
cxx_apply 1.13.1 gloo-tcp-device-array
[ "$(sed -n 8p "$work/tree/third_party/gloo/gloo/transport/tcp/device.h")" = '#include <array>' ] ||
  tp_fail "device.h has no #include <array> right after <thread>"
[ "$(sed -n 6p "$work/tree/third_party/gloo/gloo/transport/ibverbs/pair.h")" = '#include <array>' ] ||
  tp_fail "ibverbs/pair.h has no #include <array> right after <vector>"
for cc in g++ g++-15 clang++; do cxx_passes "after-$cc" "$(build $cc)"; done
echo "gloo-tcp-device-array: passed"
