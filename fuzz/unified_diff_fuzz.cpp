// render_unified_diff(old, new), applied by a minimal hunk applier (diff_apply.hpp), reproduces
// `new` exactly: CRLF, lone CRs, missing final newlines, NULs and invalid UTF-8 included.
// Input: first byte = context lines (0..7), then old and new separated by the first 0xFF 0x00.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "diff_apply.hpp"
#include "edit/unified_diff.hpp"
#include "fuzz_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0)
    return 0;
  const std::size_t context = data[0] & 7;
  const std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
  constexpr std::string_view k_separator("\xFF\x00", 2);
  const auto at = rest.find(k_separator);
  const std::string_view old_bytes = rest.substr(0, at);
  const std::string_view new_bytes =
      at == std::string_view::npos ? std::string_view() : rest.substr(at + k_separator.size());

  tp::edit::DiffOptions options;
  options.context = context;
  const std::string diff =
      tp::edit::render_unified_diff("dir/file.txt", old_bytes, new_bytes, options);
  TP_FUZZ_CHECK(diff.empty() == (old_bytes == new_bytes));
  const auto applied = tp::fuzz::apply_unified_diff(old_bytes, diff);
  if (!applied || *applied != new_bytes) {
    std::fprintf(stderr, "diff that does not apply:\n%s\n", diff.c_str());
    TP_FUZZ_CHECK(applied.has_value());
    TP_FUZZ_CHECK(*applied == new_bytes);
  }
  return 0;
}
