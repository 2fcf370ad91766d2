/*
 * Copyright (c) Meta Platforms, Inc. and affiliates.
 * All rights reserved.
 */

#pragma once

#include <assert.h>
#include <iostream>
#include <string>
#include <vector>

namespace KINETO_NAMESPACE {

class SampleValue {
 public:
  template <typename T>
  void init(T v);

 private:
  int64_t int_{0};
};

inline void SampleValue::init(uint64_t v) {
  int_ = v;
}

} // namespace KINETO_NAMESPACE
