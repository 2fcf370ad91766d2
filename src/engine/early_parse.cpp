#include "engine/early_parse.hpp"

#include "anchor/anchor.hpp"
#include "catalog/glob.hpp"
#include "engine/evaluate_file.hpp"
#include "text/text.hpp"

namespace tp::engine {

// Immovable: `shared` points into `normalized`.
struct PreparedFile {
  explicit PreparedFile(std::string bytes)
      : raw(std::move(bytes)), normalized(raw), shared(normalized.text()) {}
  PreparedFile(const PreparedFile&) = delete;
  PreparedFile& operator=(const PreparedFile&) = delete;

  std::string raw;
  text::NormalizedText normalized;
  anchor::SharedAnalysis shared;
};

const text::NormalizedText& normalized_text(const PreparedFile& file) {
  return file.normalized;
}

const anchor::SharedAnalysis& shared_analysis(const PreparedFile& file) {
  return file.shared;
}

namespace {

using Anchors = std::vector<const anchor::CompiledAnchor*>;

// path -> the syntax and node anchors of the edits that name it exactly.
std::map<std::string, Anchors>
tree_anchors_by_file(const std::vector<const catalog::Patchset*>& selected) {
  std::map<std::string, Anchors> by_file;
  for (const catalog::Patchset* p : selected)
    for (const catalog::Edit& e : p->edits)
      for (const auto* slot : {&e.anchor, &e.applied, &e.upstream_fixed})
        if (*slot && anchor::searches_parse_tree((*slot)->spec().kind))
          for (const std::string& file : e.files)
            if (!catalog::is_glob(file))
              by_file[file].push_back(&**slot);
  return by_file;
}

// `path` read and analysed for those of `anchors` whose literal its bytes hold; null when it
// cannot be read as a file or none of them could match.
std::shared_ptr<const PreparedFile> prepare(const TreeSource& tree, const std::string& path,
                                            const Anchors& anchors) {
  auto read = tree.read(path);
  if (!read || read->status != ReadResult::Status::ok)
    return nullptr;
  std::shared_ptr<PreparedFile> prepared;
  for (const anchor::CompiledAnchor* anchor : anchors) {
    if (!may_match(*anchor, read->bytes))
      continue;
    if (!prepared)
      prepared = std::make_shared<PreparedFile>(std::move(read->bytes));
    anchor->prepare(prepared->shared);
  }
  return prepared;
}

} // namespace

EarlyParses::EarlyParses(const std::vector<const catalog::Patchset*>& selected,
                         const TreeSource& tree) {
  // Each thread gets its own copy of the path and the anchors (Clang before 16 cannot capture a
  // structured binding).
  for (const auto& entry : tree_anchors_by_file(selected))
    m_files.emplace(entry.first, std::async(std::launch::async, [&tree, path = entry.first,
                                                                 anchors = entry.second] {
                                   return prepare(tree, path, anchors);
                                 }).share());
}

EarlyParses::~EarlyParses() {
  wait();
}

void EarlyParses::wait() const {
  for (const auto& [path, prepared] : m_files)
    prepared.wait();
}

bool EarlyParses::covers(const std::string& path) const {
  return m_files.count(path) != 0;
}

const PreparedFile* EarlyParses::take(const std::string& path, std::string_view raw) const {
  auto it = m_files.find(path);
  if (it == m_files.end())
    return nullptr;
  const PreparedFile* prepared = it->second.get().get();
  return prepared && prepared->raw == raw ? prepared : nullptr;
}

} // namespace tp::engine
