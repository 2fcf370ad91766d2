#pragma once
// The prefilter literal of a syntax query read from its text, without compiling it: compiling a
// query on the C++ grammar costs 5-15 ms, and the embedded catalog's queries are compiled only
// for a file that passes the literal (ARCHITECTURE.md, Threads). tree-sitter's own query API
// (ts_query_predicates_for_pattern, ts_query_capture_quantifier_for_id, ...) answers the same
// question only of a compiled query: SyntaxAnchor uses it there (literal_from_predicates), and
// src/check_embedded_catalog.cpp checks at build time that both readings agree.
#include <optional>
#include <string>
#include <string_view>

namespace tp::anchor {

// The literal compile() derives from a query's #eq? predicates, read from the query's text
// without compiling it: the longest string of a positive `#eq?` on a capture every match has,
// when the query holds a single pattern ("" when there is none). Nullopt when the text holds
// something this reading does not follow (non-ASCII bytes, a syntax error): the query must
// then be compiled to know. Follows tree-sitter 0.25's ts_query__parse_pattern.
std::optional<std::string> literal_from_query_text(std::string_view query);

} // namespace tp::anchor
