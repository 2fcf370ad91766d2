#pragma once
#include <cstddef>

namespace tp::anchor {

// A half-open byte range [begin, end) in normalized text.
struct Span {
  std::size_t begin = 0;
  std::size_t end = 0;
  std::size_t size() const { return end - begin; }
  bool operator==(const Span&) const = default;
};

} // namespace tp::anchor
