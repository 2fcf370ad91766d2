#pragma once
// The did-you-mean of an unknown name: a patchset's TOML key, a command, an option.
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace tp {

// The name in `known` closest to `name` when it is at most two edits away (insert, delete or
// replace one byte), the first such on a tie; nullopt when none is that close.
std::optional<std::string> closest_name(std::string_view name,
                                        std::span<const std::string_view> known);

} // namespace tp
