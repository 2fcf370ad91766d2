#pragma once

#include <array>
#include <c10/util/Half.h>

namespace at {
namespace vec {
inline namespace CPU_CAPABILITY {

template <class T>
struct Vectorized {
public:
  using value_type = T;
  using size_type = int;
  static constexpr size_type size() {
    return VECTOR_WIDTH / sizeof(T);
  }
  Vectorized(T val) {
    for (int i = 0; i != size(); i++) {
      values[i] = val;
    }
  }
};

}}}
