// tp_check_embedded_catalog: run by the build before torchpatch is linked (src/CMakeLists.txt).
//
// At run time the embedded catalog compiles a syntax query only when a file first reaches it
// (anchor::QueryCompilation::on_first_use), so nothing at run time reports a bad query there.
// This program does it at build time instead:
//   1. it loads the embedded catalog compiling every anchor, as `lint` does, and prints every
//      problem as patchsets/FILE:LINE:COL;
//   2. it loads it as torchpatch does, and checks that every anchor's prefilter literal (read
//      from the query's text when the query is deferred) is the one the compiled query gives:
//      the prefilter decides which files reach an anchor, so a different literal would change
//      what torchpatch reports;
//   3. it runs every deferred query once, which compiles it the way a run would.
// Exit status 0 when all holds, 1 otherwise.
#include <cstdio>
#include <optional>
#include <string>
#include <utility>

#include "anchor/anchor.hpp"
#include "base/diagnostic.hpp"
#include "catalog/catalog.hpp"
#include "catalog/embedded_catalog.hpp"

namespace {

using tp::catalog::Catalog;
using tp::catalog::Edit;

int g_problems = 0;

void problem(const tp::catalog::SourceRef& where, const std::string& message) {
  std::fprintf(stderr, "patchsets/%s:%zu:%zu: error: %s\n", where.file.c_str(), where.where.line,
               where.where.column, message.c_str());
  ++g_problems;
}

// The anchors of an edit, with the names patchset files give them.
constexpr std::pair<const char*, std::optional<tp::anchor::CompiledAnchor> Edit::*> k_anchors[] = {
    {"anchor", &Edit::anchor},
    {"applied", &Edit::applied},
    {"upstream_fixed", &Edit::upstream_fixed},
};

void compare(const Edit& compiled, const Edit& deferred) {
  for (const auto& [what, member] : k_anchors) {
    const std::optional<tp::anchor::CompiledAnchor>& a = compiled.*member;
    const std::optional<tp::anchor::CompiledAnchor>& b = deferred.*member;
    const std::string where = "edit '" + compiled.name + "', [edits." + what + "]: ";
    if (a.has_value() != b.has_value()) {
      problem(compiled.source, where + "loads differently with deferred queries");
      continue;
    }
    if (!a)
      continue;
    if (a->prefilter_literal() != b->prefilter_literal() ||
        a->prefilter_is_case_insensitive() != b->prefilter_is_case_insensitive())
      problem(compiled.source, where + "the prefilter literal read from the query's text is \"" +
                                   b->prefilter_literal() + "\", the compiled query's \"" +
                                   a->prefilter_literal() +
                                   "\" (anchor/query_text.cpp, literal_from_query_text)");
    (void)b->find(""); // compiles a deferred query as a run would (a failure aborts)
  }
}

} // namespace

int main() {
  tp::catalog::CatalogFiles files;
  for (const auto& f : tp::catalog::embedded_catalog_files())
    files.emplace(std::string(f.path), std::string(f.bytes));
  tp::catalog::LoadResult compiled = tp::catalog::load_catalog(files, "embedded");
  for (const tp::Diagnostic& d : compiled.diagnostics)
    std::fprintf(stderr, "patchsets/%s", d.render().c_str());
  if (!compiled.diagnostics.empty()) {
    std::fprintf(stderr, "the embedded catalog (patchsets/) has %zu problem(s)\n",
                 compiled.diagnostics.size());
    return 1;
  }

  tp::catalog::LoadResult deferred = tp::catalog::load_embedded_catalog();
  if (deferred.diagnostics.size() != compiled.diagnostics.size() ||
      deferred.catalog.patchsets.size() != compiled.catalog.patchsets.size()) {
    std::fprintf(stderr,
                 "error: the embedded catalog loads differently with deferred queries "
                 "(%zu patchsets and %zu problems, against %zu and %zu)\n",
                 deferred.catalog.patchsets.size(), deferred.diagnostics.size(),
                 compiled.catalog.patchsets.size(), compiled.diagnostics.size());
    return 1;
  }
  for (std::size_t p = 0; p < compiled.catalog.patchsets.size(); ++p) {
    const auto& a = compiled.catalog.patchsets[p];
    const auto& b = deferred.catalog.patchsets[p];
    if (a.id != b.id || a.edits.size() != b.edits.size()) {
      problem(a.source, "patchset '" + a.id + "' loads differently with deferred queries");
      continue;
    }
    for (std::size_t e = 0; e < a.edits.size(); ++e)
      compare(a.edits[e], b.edits[e]);
  }
  if (g_problems) {
    std::fprintf(stderr, "the embedded catalog (patchsets/) has %d problem(s)\n", g_problems);
    return 1;
  }
  return 0;
}
