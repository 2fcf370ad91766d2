#pragma once

#include <torch/csrc/jit/tensorexpr/expr.h>
#include <torch/csrc/jit/tensorexpr/ir.h>

namespace torch {
namespace jit {
namespace tensorexpr {
namespace analysis {

enum OverlapKind { ContainedOrEqual, Contains, PartialOverlap, NoOverlap };

// The Bound comparison result.
//     TRUE: Every Bound element always satifies the given comparison operator
//     FALSE: Every Bound element always does NOT satify the given comparison
//     operator
//     NOT_DETERMINED: Some elements satify the given comparison operator and
//     some elements not
#if defined(_WIN32)
#undef TRUE
#undef FALSE
#endif
enum CmpEvalResult { TRUE, FALSE, NOT_DETERMINED };

// Returns the kind of overlap between Bound A and Bound A in a single
// dimension.
OverlapKind TORCH_API boundOverlap(Bound A, Bound B);

CmpEvalResult TORCH_API compareBound(
    const Bound& a,
    const Bound& b,
    const CompareSelectOperation& cmp_op);

} // namespace analysis
} // namespace tensorexpr
} // namespace jit
} // namespace torch
