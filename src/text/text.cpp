#include "text/text.hpp"

#include <algorithm>
#include <array>

namespace tp::text {

namespace {
constexpr std::string_view k_bom = "\xEF\xBB\xBF";
}

TextInfo analyse(std::string_view bytes) {
  TextInfo info;
  info.has_bom = bytes.substr(0, k_bom.size()) == k_bom;
  info.binary = bytes.find('\0') != std::string_view::npos;
  info.final_newline = !bytes.empty() && bytes.back() == '\n';
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    if (bytes[i] != '\n')
      continue;
    if (i > 0 && bytes[i - 1] == '\r')
      ++info.crlf_lines;
    else
      ++info.lf_lines;
  }
  info.dominant = info.crlf_lines > info.lf_lines ? Eol::crlf : Eol::lf;
  return info;
}

NormalizedText::NormalizedText(std::string_view raw) : m_info(analyse(raw)) {
  std::string_view body = m_info.has_bom ? raw.substr(k_bom.size()) : raw;
  m_text.reserve(body.size());
  for (std::size_t i = 0; i < body.size(); ++i) {
    if (body[i] == '\r' && i + 1 < body.size() && body[i + 1] == '\n') {
      m_removed_cr.push_back(m_text.size());
      continue;
    }
    m_text.push_back(body[i]);
  }
}

std::size_t NormalizedText::to_raw(std::size_t offset) const {
  auto removed_before = static_cast<std::size_t>(
      std::lower_bound(m_removed_cr.begin(), m_removed_cr.end(), offset) - m_removed_cr.begin());
  return offset + removed_before + (m_info.has_bom ? k_bom.size() : 0);
}

std::string with_eol(std::string_view lf_text, Eol eol) {
  if (eol == Eol::lf)
    return std::string(lf_text);
  std::string out;
  out.reserve(lf_text.size() + lf_text.size() / 32);
  for (char c : lf_text) {
    if (c == '\n')
      out += '\r';
    out += c;
  }
  return out;
}

namespace {

unsigned char ascii_lower(unsigned char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<unsigned char>(c - 'A' + 'a') : c;
}

unsigned char ascii_upper(unsigned char c) {
  return c >= 'a' && c <= 'z' ? static_cast<unsigned char>(c - 'a' + 'A') : c;
}

} // namespace

bool contains_ascii_case_insensitive(std::string_view haystack, std::string_view needle) {
  const std::size_t m = needle.size();
  if (m == 0)
    return true;
  if (haystack.size() < m)
    return false;
  // How far the window may move when its last byte is c: from the last place c (either case)
  // has in the needle before its final byte, else the needle's whole length.
  std::array<std::size_t, 256> shift;
  shift.fill(m);
  for (std::size_t i = 0; i + 1 < m; ++i) {
    const unsigned char c = static_cast<unsigned char>(needle[i]);
    shift[ascii_lower(c)] = shift[ascii_upper(c)] = m - 1 - i;
  }
  for (std::size_t at = 0; at + m <= haystack.size();
       at += shift[static_cast<unsigned char>(haystack[at + m - 1])]) {
    std::size_t j = m;
    while (j > 0 && ascii_lower(static_cast<unsigned char>(haystack[at + j - 1])) ==
                        ascii_lower(static_cast<unsigned char>(needle[j - 1])))
      --j;
    if (j == 0)
      return true;
  }
  return false;
}

} // namespace tp::text
