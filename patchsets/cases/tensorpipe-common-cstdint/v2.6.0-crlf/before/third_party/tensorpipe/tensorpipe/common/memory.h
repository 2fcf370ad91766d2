/*
 * Copyright (c) Meta Platforms, Inc. and affiliates.
 * All rights reserved.
 */

#pragma once

#include <sys/mman.h>

#include <memory>

#include <tensorpipe/common/defs.h>

namespace tensorpipe {

class MmappedPtr {
  MmappedPtr(uint8_t* ptr, size_t length) {
    ptr_ = decltype(ptr_)(ptr, Deleter{length});
  }
};

} // namespace tensorpipe
