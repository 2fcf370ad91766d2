/**
 * Simple registry implementation that uses static variables to
 * register object creators during program initialization time.
 */
#ifndef C10_UTIL_REGISTRY_H_
#define C10_UTIL_REGISTRY_H_

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <stdexcept>
#include <unordered_map>
#include <vector>

#include <c10/macros/Macros.h>
#include <c10/util/Type.h>

namespace c10 {

template <class SrcType, class ObjectPtrType, class... Args>
class Registry {
 public:
  void Register(const SrcType& key, const std::string& name) {
    if (registry_.count(key) != 0) {
      throw std::runtime_error("Key " + name + " already registered.");
    }
  }

 private:
  std::unordered_map<SrcType, int> registry_;
};

} // namespace c10

#endif // C10_UTIL_REGISTRY_H_
