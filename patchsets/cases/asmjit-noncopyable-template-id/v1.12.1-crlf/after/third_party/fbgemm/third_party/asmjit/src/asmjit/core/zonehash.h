// AsmJit - Machine code generation for C++
// (abridged: asmjit 8b35b4c as PyTorch 1.12.1 pins it; only the classes around the
// ASMJIT_NONCOPYABLE uses)

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

// ============================================================================
// [asmjit::ZoneHash]
// ============================================================================

//! Low-level hash table specialized for storing string keys and POD values.
template<typename NodeT>
class ZoneHash : public ZoneHashBase {
public:
  ASMJIT_NONCOPYABLE(ZoneHash)

  typedef NodeT Node;
};

ASMJIT_END_NAMESPACE

#endif // ASMJIT_CORE_ZONEHASH_H_INCLUDED
