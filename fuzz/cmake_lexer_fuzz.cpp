// The CMake lexer: any text lexes without crashing, and every span it returns lies inside the
// text, in order, with the argument spans inside their invocation.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "anchor/cmake_lexer.hpp"
#include "fuzz_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto result = tp::anchor::lex_cmake(text);
  std::size_t previous_end = 0;
  for (const auto& invocation : result.invocations) {
    const auto& whole = invocation.whole;
    TP_FUZZ_CHECK(whole.begin <= whole.end && whole.end <= text.size());
    TP_FUZZ_CHECK(whole.begin >= previous_end);
    previous_end = whole.end;
    TP_FUZZ_CHECK(invocation.name_span.begin == whole.begin);
    TP_FUZZ_CHECK(invocation.name_span.end <= whole.end);
    TP_FUZZ_CHECK(text.substr(invocation.name_span.begin, invocation.name_span.size()) ==
                  invocation.name);
    TP_FUZZ_CHECK(!invocation.name.empty());
    TP_FUZZ_CHECK(text[whole.end - 1] == ')');
    std::size_t previous_argument = invocation.name_span.end;
    for (const auto& argument : invocation.arguments) {
      TP_FUZZ_CHECK(argument.span.begin >= previous_argument);
      TP_FUZZ_CHECK(argument.span.begin <= argument.span.end && argument.span.end <= whole.end);
      previous_argument = argument.span.end;
      TP_FUZZ_CHECK(argument.value.size() <= argument.span.size());
    }
  }
  if (result.unterminated_at)
    TP_FUZZ_CHECK(*result.unterminated_at <= text.size() &&
                  *result.unterminated_at >= previous_end);
  return 0;
}
