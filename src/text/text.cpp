#include "text/text.hpp"

#include <algorithm>

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

} // namespace tp::text
