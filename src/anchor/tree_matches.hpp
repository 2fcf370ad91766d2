#pragma once
// What the two anchors that search a parse tree share (syntax: a tree-sitter query; node: a path
// checked outwards from a token): the optional `within` regex that narrows a match's target, the
// order of their matches, and the rule that says when a parse error may hide a match
// (FindResult::parse_degraded). anchor/ only.
#include <tree_sitter/api.h>

#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "anchor/anchor.hpp"
#include "anchor/regex_anchor.hpp"

namespace tp::anchor {

// spec.within compiled (with spec.within_group as its target), none when it is empty; an error
// has `in_within` set. Compiled at load in every mode: RE2 compiles in microseconds, and a bad
// `within` is then reported wherever the anchor is loaded.
std::variant<std::optional<RegexAnchor>, CompileError> compile_within(const AnchorSpec& spec);

// The prefilter literal: the one the tree structure requires, or the within regex's if longer.
std::string required_literal_of(std::string from_structure,
                                const std::optional<RegexAnchor>& within);

// Narrows match.target to what `within` finds inside it (its groups join match.groups, a group
// already there wins). False when `within` finds nothing: then there is no match.
bool narrow_to_within(const RegexAnchor& within, std::string_view text, Match& match);

// Puts result.matches in start order without duplicates, then judges parse degradation: with no
// match, an error around an occurrence of `located_by` (anywhere when it is empty) may hide one;
// with matches, an error inside one makes it doubtful.
void finish_tree_search(FindResult& result, TSNode root, std::string_view text,
                        const std::string& located_by);

} // namespace tp::anchor
