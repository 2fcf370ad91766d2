// Copyright 2017 The Native Object Protocols Authors (abridged)
#ifndef LIBNOP_INCLUDE_NOP_TYPES_VARIANT_H_
#define LIBNOP_INCLUDE_NOP_TYPES_VARIANT_H_

#include <cstdint>
#include <tuple>
#include <type_traits>

#include <nop/types/detail/variant.h>

namespace nop {

template <typename... Types>
class Variant {
 public:
  template <typename... Args>
  void Construct(Args&&... args) {
    index_ = value_.Construct(std::forward<Args>(args)...);
  }

  template <typename T, typename U>
  void Assign(TypeTag<T>, U&& value) {
    if (!value_.Assign(TypeTag<T>{}, index_, std::forward<U>(value))) {
      Destruct();
    }
  }

  template <typename T>
  void Assign(T&& value) {
    if (!value_.Assign(index_, std::forward<T>(value))) {
      Destruct();
    }
  }

 private:
  std::int32_t index_ = kEmptyIndex;
  detail::Union<std::decay_t<Types>...> value_;
};

}  // namespace nop

#endif  // LIBNOP_INCLUDE_NOP_TYPES_VARIANT_H_
