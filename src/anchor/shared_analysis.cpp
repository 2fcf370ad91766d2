#include "anchor/shared_analysis.hpp"

#include <utility>

namespace tp::anchor {

SharedAnalysis::SharedAnalysis(std::string_view text)
    : m_text(text), m_cache(std::make_unique<Cache>()) {}

SharedAnalysis::~SharedAnalysis() = default;

const CmakeLexResult& SharedAnalysis::Cache::cmake(std::string_view text) {
  if (!lexed)
    lexed = lex_cmake(text);
  return *lexed;
}

const SharedAnalysis::Cache::Parsed& SharedAnalysis::Cache::parsed(Language language,
                                                                   std::string_view text,
                                                                   const CompileOptions& options) {
  for (const Parsed& known : trees)
    if (known.language == language && known.export_macros == options.export_macros)
      return known;
  Parsed fresh{language, options.export_macros,
               parse(language, blanked_source(language, text, options))};
  trees.push_back(std::move(fresh));
  return trees.back();
}

} // namespace tp::anchor
