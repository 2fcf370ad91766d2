#pragma once
// Internal to src/engine: the named files that the selected patchsets' syntax and node anchors
// will search, read and parsed while the checkout is being listed (plan.cpp). A parse of a large
// C++ file takes as long as listing a small tree, and its path is known from the catalog alone,
// so it need not wait for the listing. Not part of the module's interface.
#include <future>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/catalog.hpp"
#include "engine/tree_source.hpp"

// Declared, not included: only engine's .cpp files use this header, and they include anchor/ and
// text/ themselves (as evaluate_file.hpp does).
namespace tp::text {
class NormalizedText;
}
namespace tp::anchor {
class SharedAnalysis;
}

namespace tp::engine {

// One file as read and analysed ahead (early_parse.cpp): its bytes, their normalized text, and
// the parse trees its anchors need, kept in its SharedAnalysis.
struct PreparedFile;
const text::NormalizedText& normalized_text(const PreparedFile& file);
// May be used by one thread at a time.
const anchor::SharedAnalysis& shared_analysis(const PreparedFile& file);

class EarlyParses {
public:
  // Starts, on a thread per file, reading and parsing each file that a syntax or node anchor of
  // `selected` names exactly (not by a glob) and whose bytes hold that anchor's literal. `tree`
  // must outlive this.
  EarlyParses(const std::vector<const catalog::Patchset*>& selected, const TreeSource& tree);
  ~EarlyParses(); // waits for the threads still running

  // Waits for every thread: after this, nothing here uses the TreeSource any more (a file whose
  // evaluation never asked for its analysis may still be being parsed until then).
  void wait() const;

  EarlyParses(const EarlyParses&) = delete;
  EarlyParses& operator=(const EarlyParses&) = delete;

  // Whether `path` is being prepared (so evaluating it may wait for that).
  bool covers(const std::string& path) const;
  // The analysis of `path`, waiting for it if need be, if it was prepared from exactly `raw`
  // (null otherwise).
  const PreparedFile* take(const std::string& path, std::string_view raw) const;

private:
  std::map<std::string, std::shared_future<std::shared_ptr<const PreparedFile>>> m_files;
};

} // namespace tp::engine
