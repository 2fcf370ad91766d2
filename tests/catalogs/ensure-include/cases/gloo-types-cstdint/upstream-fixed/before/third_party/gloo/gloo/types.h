/**
 * Copyright (c) 2017-present, Facebook, Inc.
 * All rights reserved.
 */

#pragma once

#include <cstdint>
#include <iostream>

#ifdef __CUDA_ARCH__
#include <cuda.h>
#include <cuda_fp16.h>
#endif

#include "gloo/common/common.h"

#ifdef _WIN32
#include <BaseTsd.h>
typedef SSIZE_T ssize_t;
#endif

namespace gloo {

// Unlike old style enums, enum class is strongly typed.
enum class ReductionType : uint8_t { SUM, PRODUCT };

} // namespace gloo
