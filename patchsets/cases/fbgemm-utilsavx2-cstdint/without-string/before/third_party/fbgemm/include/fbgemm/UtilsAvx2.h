/*
 * Copyright (c) Meta Platforms, Inc. and affiliates.
 * All rights reserved.
 */
#pragma once
// This file defines common utilities used in code compiled with avx2/avx512
// flags.


namespace fbgemm {

enum class FBGEMM_ENUM_CLASS_API RoundingMode { Truncate, NearestEven };

template <typename BIAS_TYPE = std::int32_t>
struct requantizationParams_t {
  std::int32_t A_zero_point;
  const std::int32_t* B_zero_point;
  std::uint32_t ncols;
};

} // namespace fbgemm
