/**
 * Copyright (c) 2017-present, Facebook, Inc.
 * All rights reserved.
 */

#pragma once

#include <iostream>
#include <stdint.h>

#ifdef __CUDA_ARCH__
#include <cuda.h>
#endif

#include "gloo/common/common.h"

#ifdef _WIN32
#include <BaseTsd.h>
typedef SSIZE_T ssize_t;
#endif

namespace gloo {

// Unique identifiers for the slot prefixes of the collectives (abridged).
constexpr uint8_t kGatherSlotPrefix = 0x01;
constexpr uint8_t kAllgatherSlotPrefix = 0x02;

} // namespace gloo
