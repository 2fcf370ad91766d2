#pragma once
// A lexer for cmake-language(7) that finds command invocations: case-insensitive identifiers
// followed by '(' , with quoted arguments ("…" with escapes and line continuations), bracket
// arguments ([[…]], [==[…]==]), unquoted arguments, nested parentheses, '#' line comments and
// bracket comments (#[[…]]). Text inside a quoted/bracket argument or a comment is never a command.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "anchor/span.hpp"

namespace tp::anchor {

struct CmakeArgument {
  enum class Kind { unquoted, quoted, bracket };
  Kind kind = Kind::unquoted;
  Span span;         // the argument's bytes including quotes/brackets
  std::string value; // quoted: without the quotes (escapes left as written); bracket: the content
};

struct CmakeInvocation {
  std::string name; // as written (letter case kept)
  Span name_span;
  Span whole;                           // from the name to the closing ')'
  std::vector<CmakeArgument> arguments; // nested parentheses are flattened, as CMake does
};

struct CmakeLexResult {
  std::vector<CmakeInvocation> invocations;
  // Set when the text ends inside an argument list, quoted argument or bracket: the offset where
  // the unterminated construct began. Invocations before it are still returned.
  std::optional<std::size_t> unterminated_at;
};

CmakeLexResult lex_cmake(std::string_view text);

} // namespace tp::anchor
