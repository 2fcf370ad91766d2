// Copyright (c) Facebook, Inc. and its affiliates.
// All rights reserved.
//
// This source code is licensed under the BSD-style license found in the
// LICENSE file in the root directory of this source tree.

#pragma once
#include <ATen/ATen.h>
#include "minpybind.h"

#ifdef _WIN32
#include <intrin.h>
// https://stackoverflow.com/questions/355967/how-to-use-msvc-intrinsics-to-get-the-equivalent-of-this-gcc-code
#ifndef FUNCTORCH_CLZ_DEFINED
#define FUNCTORCH_CLZ_DEFINED
// torchpatch functorch-builtin-clz: project-local count-leading-zeros. The name
// __builtin_clz is reserved and is a compiler builtin for clang-cl / IntelLLVM.
inline unsigned int functorch_clz(unsigned int x) {
    if (x == 0u) {
        return 32u;
    }
    unsigned long r = 0;
    _BitScanReverse(&r, x);
    return (31u - r);
}
#endif
#else
#ifndef FUNCTORCH_CLZ_DEFINED
#define FUNCTORCH_CLZ_DEFINED
inline unsigned int functorch_clz(unsigned int x) {
    return x == 0u ? 32u : static_cast<unsigned int>(__builtin_clz(x));
}
#endif
#endif

inline int round2min8(int num) {
   int nzeros = functorch_clz((num - 1)|4);
   return 1 << (32 - nzeros);
}

struct Arena;
template<typename T>
struct OwnedSlice;

constexpr int ARENA_MAX_SIZE = 4096;
constexpr int ALIGNMENT = 8;
