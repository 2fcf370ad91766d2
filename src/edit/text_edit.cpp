#include "edit/text_edit.hpp"

#include <algorithm>

namespace tp::edit {

bool overlaps(const TextEdit& a, const TextEdit& b) {
  bool a_insert = a.begin == a.end, b_insert = b.begin == b.end;
  if (a_insert && b_insert)
    return a.begin == b.begin && !(a.stacks && b.stacks);
  if (a_insert)
    return a.begin > b.begin && a.begin < b.end;
  if (b_insert)
    return b.begin > a.begin && b.begin < a.end;
  return a.begin < b.end && b.begin < a.end;
}

std::vector<std::pair<std::size_t, std::size_t>> find_overlaps(const std::vector<TextEdit>& edits) {
  std::vector<std::size_t> order(edits.size());
  for (std::size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
    return edits[x].begin != edits[y].begin ? edits[x].begin < edits[y].begin
                                            : edits[x].end < edits[y].end;
  });
  std::vector<std::pair<std::size_t, std::size_t>> out;
  // Sweep in start order: compare each edit with the ones still open (whose end is beyond it).
  for (std::size_t i = 0; i < order.size(); ++i) {
    for (std::size_t j = i + 1; j < order.size(); ++j) {
      const auto& a = edits[order[i]];
      const auto& b = edits[order[j]];
      if (b.begin > a.end)
        break;
      if (overlaps(a, b))
        out.emplace_back(std::min(order[i], order[j]), std::max(order[i], order[j]));
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

Result<std::string> apply_edits(std::string_view raw, std::vector<TextEdit> edits) {
  std::stable_sort(edits.begin(), edits.end(), [](const TextEdit& x, const TextEdit& y) {
    return x.begin != y.begin ? x.begin < y.begin : x.end < y.end;
  });
  for (std::size_t i = 0; i + 1 < edits.size(); ++i)
    if (overlaps(edits[i], edits[i + 1]))
      return fail("edits " + edits[i].owner + " and " + edits[i + 1].owner + " overlap");
  std::string out;
  out.reserve(raw.size());
  std::size_t at = 0;
  for (const auto& e : edits) {
    if (e.end > raw.size() || e.begin > e.end)
      return fail("edit " + e.owner + " lies outside the file");
    out.append(raw.substr(at, e.begin - at));
    out.append(e.replacement);
    at = e.end;
  }
  out.append(raw.substr(at));
  return out;
}

} // namespace tp::edit
