#pragma once
// The yes/no modes that cross module boundaries, defined once so that a call site reads
// `revert(…, Force::no, Dry::yes)` in every layer and no layer converts between copies.
namespace tp {

enum class Dry { no, yes };     // compute and report, write nothing
enum class Partial { no, yes }; // apply the conflict-free patchsets even when others conflict
enum class Force { no, yes };   // overwrite files changed by hand since apply

} // namespace tp
