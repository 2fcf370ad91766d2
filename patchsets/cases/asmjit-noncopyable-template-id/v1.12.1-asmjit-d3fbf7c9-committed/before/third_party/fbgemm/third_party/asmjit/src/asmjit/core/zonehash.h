// This file is part of AsmJit project <https://asmjit.com>
//
// See asmjit.h or LICENSE.md for license and copyright information
// SPDX-License-Identifier: Zlib
// (abridged: asmjit d3fbf7c9 as PyTorch 1.13.1 pins it)

#ifndef ASMJIT_CORE_ZONEHASH_H_INCLUDED
#define ASMJIT_CORE_ZONEHASH_H_INCLUDED

#include "../core/zone.h"

ASMJIT_BEGIN_NAMESPACE

class ZoneHashNode {
public:
  ASMJIT_NONCOPYABLE(ZoneHashNode)
};

class ZoneHashBase {
public:
  ASMJIT_NONCOPYABLE(ZoneHashBase)
};

//! Low-level hash table specialized for storing string keys and POD values.
template<typename NodeT>
class ZoneHash : public ZoneHashBase {
public:
  ASMJIT_NONCOPYABLE(ZoneHash)

  typedef NodeT Node;
};

ASMJIT_END_NAMESPACE

#endif // ASMJIT_CORE_ZONEHASH_H_INCLUDED
