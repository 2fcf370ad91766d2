#include "tools/query.hpp"

#include <algorithm>

#include "text/text.hpp"

namespace tp::tools {

std::variant<QueryReport, Diagnostic> run_query(const QueryRequest& request,
                                                std::string_view file_bytes,
                                                const std::string& pattern_name) {
  anchor::AnchorSpec spec;
  spec.kind = request.kind;
  spec.language = request.language;
  if (request.kind == anchor::Kind::cmake)
    spec.commands = {request.pattern};
  else
    spec.pattern = request.pattern;
  auto compiled = anchor::CompiledAnchor::compile(spec, {request.export_macros});
  if (auto* error = std::get_if<anchor::CompileError>(&compiled))
    return Diagnostic::at(pattern_name, request.pattern, error->offset, error->message);
  const auto& anchor = std::get<anchor::CompiledAnchor>(compiled);

  text::NormalizedText normalized(file_bytes);
  const std::string& text = normalized.text();
  auto slice = [&](anchor::Span span) { return text.substr(span.begin, span.size()); };
  auto found = anchor.find(text);
  QueryReport report;
  report.parse_degraded = found.parse_degraded;
  if (found.parse_degraded)
    report.degraded_at = line_col_at(text, found.degraded_at);
  for (const auto& m : found.matches) {
    QueryMatch out;
    out.where = line_col_at(text, m.whole.begin);
    out.text = slice(m.whole);
    if (m.invocation) {
      std::size_t n = 0;
      for (const auto& argument : m.invocation->arguments)
        out.captures.push_back({"argument " + std::to_string(++n),
                                line_col_at(text, argument.span.begin), slice(argument.span)});
    } else {
      std::vector<std::pair<std::string, anchor::Span>> groups(m.groups.begin(), m.groups.end());
      std::stable_sort(groups.begin(), groups.end(), [](const auto& a, const auto& b) {
        return a.second.begin < b.second.begin;
      });
      for (const auto& [name, span] : groups)
        out.captures.push_back({name, line_col_at(text, span.begin), slice(span)});
    }
    report.matches.push_back(std::move(out));
  }
  return report;
}

} // namespace tp::tools
