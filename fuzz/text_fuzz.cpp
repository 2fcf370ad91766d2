// The text layer. NormalizedText must lose nothing: the BOM, every CR of a CRLF (mapped back
// through to_raw) and every other byte rebuild the input exactly; applying zero edits is the
// identity; with_eol round-trips through normalization.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "edit/text_edit.hpp"
#include "fuzz_check.hpp"
#include "text/text.hpp"

using namespace tp;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view raw(reinterpret_cast<const char*>(data), size);
  constexpr std::string_view k_bom = "\xEF\xBB\xBF";

  const text::NormalizedText normalized(raw);
  const std::string& text = normalized.text();
  const text::TextInfo& info = normalized.info();
  TP_FUZZ_CHECK(info.has_bom == raw.starts_with(k_bom));
  TP_FUZZ_CHECK(info.binary == (raw.find('\0') != std::string_view::npos));
  TP_FUZZ_CHECK(info.final_newline == raw.ends_with('\n'));

  // Rebuild the raw bytes from the normalized text and the offset map.
  std::string rebuilt(info.has_bom ? k_bom : std::string_view());
  std::size_t previous = normalized.to_raw(0);
  TP_FUZZ_CHECK(previous == rebuilt.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const std::size_t at = normalized.to_raw(i);
    TP_FUZZ_CHECK(at >= previous && at < raw.size());
    if (text[i] == '\n' && raw[at] == '\r') {
      TP_FUZZ_CHECK(at + 1 < raw.size() && raw[at + 1] == '\n');
      rebuilt += "\r\n";
    } else {
      TP_FUZZ_CHECK(raw[at] == text[i]);
      rebuilt += text[i];
    }
    previous = at;
  }
  TP_FUZZ_CHECK(normalized.to_raw(text.size()) == raw.size());
  TP_FUZZ_CHECK(rebuilt == raw);

  // Line counts agree with the bytes.
  std::size_t newlines = 0;
  for (char c : raw)
    newlines += c == '\n';
  TP_FUZZ_CHECK(info.lf_lines + info.crlf_lines == newlines);

  // Zero edits: the bytes come back unchanged.
  auto same = edit::apply_edits(raw, {});
  TP_FUZZ_CHECK(same.has_value() && *same == raw);

  // with_eol: LF is the identity; CRLF normalizes back to the same text (no BOM to drop).
  TP_FUZZ_CHECK(text::with_eol(raw, text::Eol::lf) == raw);
  if (!raw.starts_with(k_bom)) {
    const std::string crlf = text::with_eol(raw, text::Eol::crlf);
    TP_FUZZ_CHECK(text::NormalizedText(crlf).text() == raw);
  }

  // An edit at every 7th offset pair (non-overlapping, in raw offsets): applied, then undone by
  // the inverse edits, gives the input back.
  std::vector<edit::TextEdit> edits;
  for (std::size_t b = 0; b + 3 <= raw.size(); b += 7)
    edits.push_back({b, b + 3, "<" + std::to_string(b) + ">", "fuzz/e"});
  auto applied = edit::apply_edits(raw, edits);
  TP_FUZZ_CHECK(applied.has_value());
  std::vector<edit::TextEdit> inverse;
  std::ptrdiff_t shift = 0;
  for (const auto& e : edits) {
    const std::size_t begin =
        static_cast<std::size_t>(static_cast<std::ptrdiff_t>(e.begin) + shift);
    inverse.push_back({begin, begin + e.replacement.size(),
                       std::string(raw.substr(e.begin, e.end - e.begin)), "fuzz/inverse"});
    shift += static_cast<std::ptrdiff_t>(e.replacement.size()) -
             static_cast<std::ptrdiff_t>(e.end - e.begin);
  }
  auto undone = edit::apply_edits(*applied, inverse);
  TP_FUZZ_CHECK(undone.has_value() && *undone == raw);
  return 0;
}
