#pragma once
// SharedAnalysis's cache (anchor/ only): what the anchors searching one text work out once, the
// CMake lexing and one parse tree per language and export-macro list.
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "anchor/anchor.hpp"
#include "anchor/cmake_lexer.hpp"
#include "anchor/parse_tree.hpp"

namespace tp::anchor {

struct SharedAnalysis::Cache {
  struct Parsed {
    Language language = Language::cpp;
    std::vector<std::string> export_macros;
    TreePtr tree; // null: the parser refused the text (find() reports parse degradation)
  };

  // lex_cmake(text), lexed on the first call.
  const CmakeLexResult& cmake(std::string_view text);
  // The tree of `text` parsed as `language` with `options`' export macros blanked, parsed on the
  // first call for that pair.
  const Parsed& parsed(Language language, std::string_view text, const CompileOptions& options);

  std::optional<CmakeLexResult> lexed;
  std::deque<Parsed> trees; // a deque: a tree handed out stays where it is
};

} // namespace tp::anchor
