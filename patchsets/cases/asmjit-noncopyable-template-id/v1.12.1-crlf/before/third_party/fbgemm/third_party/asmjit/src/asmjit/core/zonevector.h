// AsmJit - Machine code generation for C++
// (abridged: asmjit 8b35b4c as PyTorch 1.12.1 pins it; only the classes around the
// ASMJIT_NONCOPYABLE uses)

#ifndef ASMJIT_CORE_ZONEVECTOR_H_INCLUDED
#define ASMJIT_CORE_ZONEVECTOR_H_INCLUDED

#include "../core/support.h"
#include "../core/zone.h"

ASMJIT_BEGIN_NAMESPACE

//! Base class used by \ref ZoneVector template.
class ZoneVectorBase {
public:
  ASMJIT_NONCOPYABLE(ZoneVectorBase)
};

// ============================================================================
// [asmjit::ZoneVector<T>]
// ============================================================================

//! Template used to store and manage array of Zone allocated data.
template <typename T>
class ZoneVector : public ZoneVectorBase {
public:
  ASMJIT_NONCOPYABLE(ZoneVector<T>)

  // STL compatibility;
  typedef T value_type;
};

//! Zone-allocated bit vector.
class ZoneBitVector {
public:
  //! Bits.
  BitWord* _data = nullptr;

  ASMJIT_NONCOPYABLE(ZoneBitVector)
};

ASMJIT_END_NAMESPACE

#endif // ASMJIT_CORE_ZONEVECTOR_H_INCLUDED
