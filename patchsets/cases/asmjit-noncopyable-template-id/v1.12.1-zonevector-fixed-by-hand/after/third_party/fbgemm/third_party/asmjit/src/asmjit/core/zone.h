// AsmJit - Machine code generation for C++
// (abridged: asmjit 8b35b4c as PyTorch 1.12.1 pins it; only the classes around the
// ASMJIT_NONCOPYABLE uses)

#ifndef ASMJIT_CORE_ZONE_H_INCLUDED
#define ASMJIT_CORE_ZONE_H_INCLUDED

#include "../core/support.h"

ASMJIT_BEGIN_NAMESPACE

class Zone {
public:
  ASMJIT_NONCOPYABLE(Zone)
};

// ============================================================================
// [b2d::ZoneTmp]
// ============================================================================

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
