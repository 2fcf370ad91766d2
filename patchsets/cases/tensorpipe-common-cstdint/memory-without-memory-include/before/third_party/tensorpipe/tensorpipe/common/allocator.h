/*
 * Copyright (c) Meta Platforms, Inc. and affiliates.
 * All rights reserved.
 */

#pragma once

#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <vector>

#include <tensorpipe/common/error.h>

namespace tensorpipe {

class Allocator {
 public:
  using TAllocCallback = std::function<void(const Error&, std::shared_ptr<uint8_t>)>;

  explicit Allocator(uint8_t* data, size_t numChunks, size_t chunkSize);
};

} // namespace tensorpipe
