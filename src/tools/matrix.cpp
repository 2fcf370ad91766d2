#include "tools/matrix.hpp"

#include <algorithm>

#include "catalog/glob.hpp"

namespace tp::tools {

namespace {

bool is_under(const std::string& path, const std::string& folder) {
  return path.size() > folder.size() && path.compare(0, folder.size(), folder) == 0 &&
         path[folder.size()] == '/';
}

} // namespace

RevisionTreeSource::RevisionTreeSource(repo::RevisionTree tree) : m_tree(std::move(tree)) {
  for (const auto& f : m_tree.files())
    if (!f.repository.empty())
      m_repository_of.emplace(f.path, f.repository);
}

Result<const std::vector<std::string>*> RevisionTreeSource::files(const repo::PathFilter& keep) {
  m_paths.clear();
  for (const auto& f : m_tree.files())
    if (!keep || keep(f.path))
      m_paths.push_back(f.path);
  return &m_paths;
}

Result<engine::ReadResult> RevisionTreeSource::read(const std::string& path) const {
  TP_TRY_ASSIGN(std::optional<std::string> bytes, m_tree.read(path));
  if (!bytes)
    return engine::ReadResult{engine::ReadResult::Status::missing, {}};
  return engine::ReadResult{engine::ReadResult::Status::ok, std::move(*bytes)};
}

std::string RevisionTreeSource::repository_of(const std::string& path) const {
  auto it = m_repository_of.find(path);
  return it == m_repository_of.end() ? "" : it->second;
}

std::optional<std::string>
RevisionTreeSource::uninitialised_submodule_of(const std::string& path) const {
  for (const auto& missing : m_tree.missing_submodules())
    if (is_under(path, missing.path))
      return missing.path;
  return std::nullopt;
}

Result<engine::ResolvedVersion> resolve_revision_version(const repo::ObjectStore& store,
                                                         const repo::RevisionInfo& revision,
                                                         const repo::RevisionTree& tree) {
  engine::VersionEvidence evidence;
  evidence.tags = revision.tags;
  evidence.subject = revision.name;
  evidence.nearest_tag = [&]() -> Result<std::optional<std::string>> {
    auto tag = store.nearest_tag(revision.commit, "v[0-9]*");
    if (!tag)
      return with_context(tag, "describing " + revision.name);
    return *tag;
  };
  auto text = tree.read("version.txt");
  if (!text)
    return with_context(text, "reading the PyTorch version");
  evidence.version_txt = *text;
  return engine::decide_version(evidence);
}

Result<std::vector<std::string>> matrix_revisions(const repo::ObjectStore& store,
                                                  const MatrixOptions& options) {
  std::vector<std::string> out = options.revisions;
  if (!options.tag_glob.empty() || options.revisions.empty()) {
    TP_TRY_ASSIGN(const std::vector<std::string> tags, store.tag_names());
    std::vector<std::string> chosen;
    for (const auto& tag : tags)
      if (options.tag_glob.empty() ? catalog::is_version_tag(tag)
                                   : catalog::glob_match(options.tag_glob, tag))
        chosen.push_back(tag);
    std::stable_sort(chosen.begin(), chosen.end(), [](const std::string& a, const std::string& b) {
      auto va = catalog::parse_version(a), vb = catalog::parse_version(b);
      if (va && vb)
        return *va < *vb;
      return static_cast<bool>(va) > static_cast<bool>(vb); // versions first, then the rest by name
    });
    for (auto& tag : chosen)
      if (std::find(out.begin(), out.end(), tag) == out.end())
        out.push_back(std::move(tag));
  }
  return out;
}

Result<MatrixReport> plan_matrix(const catalog::Catalog& catalog, const repo::ObjectStore& store,
                                 const MatrixOptions& options) {
  MatrixReport report;
  for (const auto& p : catalog.patchsets)
    report.patchsets.push_back(p.id);
  TP_TRY_ASSIGN(const std::vector<std::string> revisions, matrix_revisions(store, options));
  // A revision's tree keeps only what some patchset could select (whatever the version turns
  // out to be) and version.txt: of the 100,000+ files of a full tree, only those become strings.
  catalog::GlobSet wanted;
  for (const auto& p : catalog.patchsets)
    for (const auto& e : p.edits)
      for (const auto& pattern : e.files)
        wanted.add(pattern, 0);
  const repo::PathFilter keep = [&wanted](std::string_view path) {
    return path == "version.txt" || wanted.matches_any(path);
  };
  for (std::size_t i = 0; i < revisions.size(); ++i) {
    const std::string& name = revisions[i];
    if (options.progress)
      options.progress(i, revisions.size(), name);
    MatrixColumn column;
    column.revision.name = name;
    auto info = store.resolve(name);
    if (!info) {
      column.error = info.error().message();
      report.columns.push_back(std::move(column));
      continue;
    }
    column.revision = *info;
    auto tree = store.tree(info->commit, keep);
    if (!tree)
      return with_context(tree, name);
    auto version = resolve_revision_version(store, *info, *tree);
    if (!version) {
      column.error = version.error().message();
      report.columns.push_back(std::move(column));
      continue;
    }
    column.version = *version;
    RevisionTreeSource source(std::move(*tree));
    engine::PlanOptions plan_options;
    plan_options.facts = options.facts;
    plan_options.threads = options.threads;
    auto plan = engine::plan_patchsets(catalog, source, *version, plan_options);
    if (!plan)
      return with_context(plan, name);
    for (const auto& p : plan->patchsets)
      column.outcomes[p.id] = p.outcome;
    report.columns.push_back(std::move(column));
  }
  return report;
}

} // namespace tp::tools
