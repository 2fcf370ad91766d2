#include "anchor/query_pool.hpp"

#include <limits>

#include "anchor/parse_tree.hpp"

namespace tp::anchor {

std::optional<QueryPool::Slot> QueryPool::add(Language language, std::string query) {
  std::lock_guard lock(m_mutex);
  PerLanguage& pool = m_languages.at(static_cast<std::size_t>(language));
  if (pool.compiled)
    return std::nullopt;
  pool.queries.push_back(std::move(query));
  return Slot{language, pool.queries.size() - 1};
}

namespace {

// The index of the registered query that holds byte `offset` of the combined text.
std::size_t query_at(const std::vector<std::size_t>& starts, std::size_t offset) {
  std::size_t index = 0;
  while (index + 1 < starts.size() && starts[index + 1] <= offset)
    ++index;
  return index;
}

} // namespace

void QueryPool::compile(Language language, PerLanguage& pool) {
  {
    std::lock_guard lock(m_mutex);
    pool.compiled = true; // from here on, add() leaves this language alone
  }
  for (const std::string& query : pool.queries) {
    pool.starts.push_back(pool.text.size());
    pool.text += query;
    pool.text += '\n';
  }
  if (pool.text.size() > std::numeric_limits<uint32_t>::max())
    return;
  uint32_t error_offset = 0;
  TSQueryError error_type = TSQueryErrorNone;
  TSQuery* query =
      ts_query_new(language_of(language), pool.text.data(), static_cast<uint32_t>(pool.text.size()),
                   &error_offset, &error_type);
  if (!query)
    return;
  pool.query = std::shared_ptr<const TSQuery>(query, ts_query_delete);
  // Each query's first pattern; a query that yields no pattern of its own cannot be told apart.
  const uint32_t count = ts_query_pattern_count(query);
  pool.first_pattern.assign(pool.queries.size() + 1, count);
  for (uint32_t pattern = count; pattern-- > 0;)
    pool.first_pattern[query_at(pool.starts, ts_query_start_byte_for_pattern(query, pattern))] =
        pattern;
  for (std::size_t i = 0; i < pool.queries.size(); ++i)
    if (pool.first_pattern[i] >= pool.first_pattern[i + 1])
      pool.query.reset();
}

std::optional<PooledQuery> QueryPool::patterns_of(Slot slot) {
  PerLanguage& pool = m_languages.at(static_cast<std::size_t>(slot.language));
  std::call_once(pool.once, [&] { compile(slot.language, pool); });
  if (!pool.query)
    return std::nullopt;
  return PooledQuery{pool.query, pool.first_pattern[slot.index], pool.first_pattern[slot.index + 1],
                     pool.text};
}

std::shared_ptr<QueryPool> make_query_pool() {
  return std::make_shared<QueryPool>();
}

} // namespace tp::anchor
