#pragma once
// One tree-sitter query per language for a whole catalog. ts_query_new analyses a query against
// the whole grammar, and most of that cost is the same for every query on one language (about
// 10 ms for C++ on these machines, against 2-6 ms per further pattern). The loader registers
// every deferred syntax query of a catalog here; the first anchor that needs its query compiles
// all of its language's queries as one, and each anchor then reads only its own patterns of it.
// anchor/ only (it names tree-sitter types); CompileOptions carries it.
#include <tree_sitter/api.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "anchor/anchor.hpp"

namespace tp::anchor {

// An anchor's patterns in its language's combined query: [first_pattern, end_pattern), and the
// combined query's text, against which tree-sitter reports offsets.
struct PooledQuery {
  std::shared_ptr<const TSQuery> query;
  uint32_t first_pattern = 0;
  uint32_t end_pattern = 0;
  std::string_view text;
};

class QueryPool {
public:
  struct Slot {
    Language language = Language::cpp;
    std::size_t index = 0;
  };

  // Registers a query for the combined compilation of its language. Nullopt once that language
  // is compiled: a query added later is compiled on its own.
  std::optional<Slot> add(Language language, std::string query);

  // The slot's patterns, compiling its language's combined query on the first call (once, from
  // whichever thread gets there first). Nullopt when the combined query does not compile or does
  // not split into the registered queries: the caller then compiles its query alone.
  std::optional<PooledQuery> patterns_of(Slot slot);

private:
  struct PerLanguage {
    std::vector<std::string> queries;
    std::string text;                    // the queries joined, one per line
    std::vector<std::size_t> starts;     // where each query begins in `text`
    std::vector<uint32_t> first_pattern; // per query, then the pattern count at the end
    std::shared_ptr<const TSQuery> query;
    bool compiled = false;
    std::once_flag once;
  };
  void compile(Language language, PerLanguage& pool);

  std::mutex m_mutex;
  std::array<PerLanguage, 3> m_languages;
};

} // namespace tp::anchor
