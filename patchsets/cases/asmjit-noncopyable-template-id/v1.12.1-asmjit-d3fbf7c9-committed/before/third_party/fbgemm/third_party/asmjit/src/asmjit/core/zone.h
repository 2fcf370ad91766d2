// This file is part of AsmJit project <https://asmjit.com>
//
// See asmjit.h or LICENSE.md for license and copyright information
// SPDX-License-Identifier: Zlib
// (abridged: asmjit d3fbf7c9 as PyTorch 1.13.1 pins it)

#ifndef ASMJIT_CORE_ZONE_H_INCLUDED
#define ASMJIT_CORE_ZONE_H_INCLUDED

#include "../core/support.h"

ASMJIT_BEGIN_NAMESPACE

class Zone {
public:
  ASMJIT_NONCOPYABLE(Zone)
};

//! \ref Zone with `N` bytes of a static storage, used for the initial block.
template<size_t N>
class ZoneTmp : public Zone {
public:
  ASMJIT_NONCOPYABLE(ZoneTmp)

  //! Temporary storage, embedded after \ref Zone.
  struct Storage {
    char data[N];
  } _storage;
};

class ZoneAllocator {
public:
  ASMJIT_NONCOPYABLE(ZoneAllocator)
};

ASMJIT_END_NAMESPACE

#endif // ASMJIT_CORE_ZONE_H_INCLUDED
