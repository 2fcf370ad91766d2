#pragma once

#include <c10/macros/Macros.h>

#define VECTOR_WIDTH 32

namespace at {
namespace vec {
// See Note [CPU_CAPABILITY namespace]
inline namespace CPU_CAPABILITY {

// emulates Vectorized types
#if defined(__s390x__)
template <class T, class TEMP=void>
#else
template <class T>
#endif
struct Vectorized {
private:
  __at_align__ T values[VECTOR_WIDTH / sizeof(T)];
public:
  using value_type = T;
  using size_type = int;
  static constexpr size_type size() {
    return VECTOR_WIDTH / sizeof(T);
  }
  Vectorized() : values{static_cast<T>(0)} {}
};

}}}
