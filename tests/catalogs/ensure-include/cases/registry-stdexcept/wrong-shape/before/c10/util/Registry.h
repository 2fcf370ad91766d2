#ifndef C10_UTIL_REGISTRY_H_
#define C10_UTIL_REGISTRY_H_

#include <algorithm>
#include <cstdio>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "c10/macros/Macros.h"
#include <c10/util/Type.h>

namespace c10 {
} // namespace c10

#endif // C10_UTIL_REGISTRY_H_
