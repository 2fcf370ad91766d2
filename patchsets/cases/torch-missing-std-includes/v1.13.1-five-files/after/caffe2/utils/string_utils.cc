#include "caffe2/utils/string_utils.h"

#include <algorithm>
#include <sstream>
#include <vector>
#include <cstdint>

namespace caffe2 {

// Reads one UTF-8 code point (abridged).
#define NEXT_UNSAFE(s, i, c) { \
      (c)=(uint8_t)(s)[(i)++]; \
}

size_t editDistance(const std::string& s1, const std::string& s2);

} // namespace caffe2
