#pragma once
// Helpers shared by the anchor tests: compile a spec or fail the test with the error.
#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <variant>

#include "anchor/anchor.hpp"

namespace anchor_test {

inline tp::anchor::CompileOptions torch_options() {
  return {{"TORCH_API", "C10_API", "TORCH_PYTHON_API", "CAFFE2_API"}};
}

inline tp::anchor::CompiledAnchor compiled(const tp::anchor::AnchorSpec& spec,
                                           const tp::anchor::CompileOptions& options = {}) {
  auto result = tp::anchor::CompiledAnchor::compile(spec, options);
  if (const auto* error = std::get_if<tp::anchor::CompileError>(&result))
    FAIL("compile failed at offset ", error->offset, ": ", error->message);
  return std::get<tp::anchor::CompiledAnchor>(std::move(result));
}

inline tp::anchor::CompileError compile_error(const tp::anchor::AnchorSpec& spec,
                                              const tp::anchor::CompileOptions& options = {}) {
  auto result = tp::anchor::CompiledAnchor::compile(spec, options);
  if (!std::holds_alternative<tp::anchor::CompileError>(result))
    FAIL("expected a compile error");
  return std::get<tp::anchor::CompileError>(std::move(result));
}

inline std::string_view text_of(std::string_view text, tp::anchor::Span span) {
  return text.substr(span.begin, span.size());
}

inline tp::anchor::AnchorSpec regex_spec(std::string pattern, std::string target = "") {
  tp::anchor::AnchorSpec spec;
  spec.kind = tp::anchor::Kind::regex;
  spec.pattern = std::move(pattern);
  spec.target = std::move(target);
  return spec;
}

inline tp::anchor::AnchorSpec syntax_spec(tp::anchor::Language language, std::string query,
                                          std::string target = "") {
  tp::anchor::AnchorSpec spec;
  spec.kind = tp::anchor::Kind::syntax;
  spec.language = language;
  spec.pattern = std::move(query);
  spec.target = std::move(target);
  return spec;
}

inline tp::anchor::AnchorSpec node_spec(tp::anchor::Language language, std::string path,
                                        std::string target = "") {
  tp::anchor::AnchorSpec spec = syntax_spec(language, std::move(path), std::move(target));
  spec.kind = tp::anchor::Kind::node;
  return spec;
}

} // namespace anchor_test
