#pragma once
#include <ostream>

namespace torch {
namespace jit {

// Quantization type (dynamic quantization, static quantization).
enum QuantType : uint8_t { DYNAMIC = 0, STATIC };

std::ostream& operator<<(std::ostream& os, QuantType t);

} // namespace jit
} // namespace torch
