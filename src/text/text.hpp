#pragma once
// The text layer: file bytes <-> normalized text for matching, with the file's own line endings,
// BOM and final newline kept. Nothing here touches the disk.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace tp::text {

enum class Eol { lf, crlf };

struct TextInfo {
  bool has_bom = false;       // UTF-8 byte order mark at the start
  bool binary = false;        // holds a NUL byte: never edited
  bool final_newline = false; // ends with '\n'
  std::size_t lf_lines = 0;   // lines ending in a bare "\n"
  std::size_t crlf_lines = 0; // lines ending in "\r\n"
  Eol dominant = Eol::lf;     // the ending inserted lines take (CRLF only if it is the majority)
};

TextInfo analyse(std::string_view bytes);

// The bytes of a file as anchors see them: BOM dropped and every "\r\n" read as "\n".
// Lone "\r" bytes and invalid UTF-8 pass through unchanged. Offsets map back to the raw bytes.
class NormalizedText {
public:
  explicit NormalizedText(std::string_view raw);

  const std::string& text() const { return m_text; }
  const TextInfo& info() const { return m_info; }
  // The raw byte offset of normalized offset `offset`. The '\n' of a CRLF maps to its '\r', so
  // a span ending after a normalized '\n' ends after the raw "\r\n".
  std::size_t to_raw(std::size_t offset) const;

private:
  std::string m_text;
  TextInfo m_info;
  std::vector<std::size_t> m_removed_cr; // normalized offsets of the '\n's that lost their '\r'
};

// `lf_text` with each "\n" written as `eol`.
std::string with_eol(std::string_view lf_text, Eol eol);

// Whether `haystack` holds `needle`, ASCII letters compared without case (as CMake compares
// command names; independent of the locale). A Horspool search: it skips most of a large file.
bool contains_ascii_case_insensitive(std::string_view haystack, std::string_view needle);

} // namespace tp::text
