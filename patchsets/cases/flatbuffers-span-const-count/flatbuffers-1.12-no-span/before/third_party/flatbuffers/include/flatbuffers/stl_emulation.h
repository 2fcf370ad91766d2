#ifndef FLATBUFFERS_STL_EMULATION_H_
#define FLATBUFFERS_STL_EMULATION_H_

#include <string>
#include <type_traits>
#include <vector>
#include <memory>
#include <limits>

namespace flatbuffers {

// Retrieve ::back() from a string in a way that is compatible with pre C++11
// STLs (e.g stlport).
inline char& string_back(std::string &value) {
  return value[value.length() - 1];
}

template <typename T> class Optional;  // no span before flatbuffers 2.0

}  // namespace flatbuffers

#endif  // FLATBUFFERS_STL_EMULATION_H_
