#!/bin/bash
# tensorpipe-common-cstdint: tensorpipe/common/allocator.h and memory.h as tensorpipe 52791a2
# (PyTorch 1.13.1 - 2.6.0) shapes them (uint8_t used; <cstddef>/<deque>/<functional>/<memory> and
# <sys/mman.h> included) and a source that includes each first, as allocator.cc does. Before the
# patch GCC 16, GCC 15 and Clang 21 reject both; after it all three compile.
set -u
source "$TP_REPO/tests/toolchain/lib.sh"
source "$TP_REPO/tests/toolchain/cxx.sh"
tp_sid_root || tp_fail "the sid root is not available"
cxx_begin tensorpipe-common-cstdint
d="$work/tree/third_party/tensorpipe/tensorpipe/common"
mkdir -p "$d"
cat >"$d/allocator.h" <<'CXX'
#pragma once

#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <vector>

namespace tensorpipe {

class Allocator {
 public:
  using TAllocCallback = std::function<void(std::shared_ptr<uint8_t>)>;
  explicit Allocator(uint8_t* data, size_t numChunks, size_t chunkSize)
      : data_(data), numChunks_(numChunks), chunkSize_(chunkSize) {}

 private:
  uint8_t* const data_;
  const size_t numChunks_;
  const size_t chunkSize_;
  std::deque<TAllocCallback> pendingAllocations_;
};

} // namespace tensorpipe
CXX
cat >"$d/memory.h" <<'CXX'
#pragma once

#include <sys/mman.h>

#include <memory>

namespace tensorpipe {

class MmappedPtr {
 public:
  MmappedPtr(uint8_t* ptr, size_t length) : ptr_(ptr), length_(length) {}
  uint8_t* ptr() { return ptr_; }

 private:
  uint8_t* ptr_;
  size_t length_;
};

} // namespace tensorpipe
CXX
printf '#include <tensorpipe/common/allocator.h>\nint main() { unsigned char b[4]; tensorpipe::Allocator a(b, 1, 4); (void)a; return 0; }\n' >"$work/tree/allocator.cc"
printf '#include <tensorpipe/common/memory.h>\nint main() { unsigned char b[4]; tensorpipe::MmappedPtr p(b, 4); return p.ptr() == b ? 0 : 1; }\n' >"$work/tree/memory.cc"
build() { echo "cd tree && $1 -std=c++17 -Ithird_party/tensorpipe $2.cc -o /w/t-$1-$2 && /w/t-$1-$2"; }

cxx_fails_with before-g++-allocator "$(build g++ allocator)" "error: 'uint8_t' was not declared in this scope"
cxx_fails_with before-g++-15-memory "$(build g++-15 memory)" "error: expected ')' before '*' token"
cxx_fails_with before-clang++-allocator "$(build clang++ allocator)" "error: use of undeclared identifier 'uint8_t'"
cxx_fails_with before-clang++-memory "$(build clang++ memory)" "error: unknown type name 'uint8_t'"
cxx_apply 2.0.1 tensorpipe-common-cstdint
for cc in g++ g++-15 clang++; do
  for tu in allocator memory; do cxx_passes "after-$cc-$tu" "$(build $cc $tu)"; done
done
echo "tensorpipe-common-cstdint: passed"
