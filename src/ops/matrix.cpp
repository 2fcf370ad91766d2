#include "ops/matrix.hpp"

#include <algorithm>

#include "catalog/glob.hpp"

namespace tp::ops {

namespace {

bool is_under(const std::string& path, const std::string& folder) {
  return path.size() > folder.size() && path.compare(0, folder.size(), folder) == 0 &&
         path[folder.size()] == '/';
}

} // namespace

RevisionTreeSource::RevisionTreeSource(repo::RevisionTree tree) : m_tree(std::move(tree)) {
  m_paths.reserve(m_tree.files().size());
  for (const auto& f : m_tree.files()) {
    m_paths.push_back(f.path);
    if (!f.repository.empty())
      m_repository_of.emplace(f.path, f.repository);
  }
}

Result<const std::vector<std::string>*> RevisionTreeSource::files() { return &m_paths; }

Result<ReadResult> RevisionTreeSource::read(const std::string& path) const {
  auto bytes = m_tree.read(path);
  if (!bytes)
    return unexpected(bytes.error());
  if (!*bytes)
    return ReadResult{ReadResult::Status::missing, {}};
  return ReadResult{ReadResult::Status::ok, std::move(**bytes)};
}

std::string RevisionTreeSource::repository_of(const std::string& path) const {
  auto it = m_repository_of.find(path);
  return it == m_repository_of.end() ? "" : it->second;
}

std::optional<std::string> RevisionTreeSource::uninitialised_submodule_of(const std::string& path) const {
  for (const auto& missing : m_tree.missing_submodules())
    if (is_under(path, missing.path))
      return missing.path;
  return std::nullopt;
}

Result<ResolvedVersion> resolve_revision_version(const repo::ObjectStore& store,
                                                 const repo::RevisionInfo& revision,
                                                 const repo::RevisionTree& tree) {
  std::optional<catalog::Version> best;
  std::string best_tag;
  for (const auto& tag : revision.tags) {
    if (!catalog::is_version_tag(tag))
      continue;
    auto v = catalog::parse_version(tag);
    if (v && (!best || *best < *v)) {
      best = v;
      best_tag = tag;
    }
  }
  if (best)
    return ResolvedVersion{*best, "tag " + best_tag};
  std::optional<std::string> nearest;
  auto nearest_version_tag = [&]() -> Result<std::optional<catalog::Version>> {
    auto tag = store.nearest_tag(revision.commit, "v[0-9]*");
    if (!tag)
      return with_context(tag, "describing " + revision.name);
    if (!*tag || !catalog::is_version_tag(**tag))
      return std::optional<catalog::Version>();
    nearest = **tag;
    return catalog::parse_version(**tag);
  };
  auto text = tree.read("version.txt");
  if (!text)
    return with_context(text, "reading the PyTorch version");
  if (*text) {
    std::string_view first = **text;
    first = first.substr(0, first.find('\n'));
    if (auto v = catalog::parse_version(first)) {
      // As resolve_version does for a checkout: a development version.txt (2.0.0a0 on a release
      // branch) yields to the nearest tag of the same release line.
      if (v->is_prerelease()) {
        auto tag = nearest_version_tag();
        if (!tag)
          return unexpected(tag.error());
        if (*tag && (*tag)->release.size() >= 2 && v->release.size() >= 2 &&
            (*tag)->release[0] == v->release[0] && (*tag)->release[1] == v->release[1])
          return ResolvedVersion{**tag, "nearest tag " + *nearest + " (git describe; version.txt says " +
                                            v->text + ")"};
      }
      return ResolvedVersion{*v, "version.txt"};
    }
  }
  auto tag = nearest_version_tag();
  if (!tag)
    return unexpected(tag.error());
  if (*tag)
    return ResolvedVersion{**tag, "nearest tag " + *nearest + " (git describe)"};
  return fail("cannot tell which PyTorch version " + revision.name +
              " is: no version tag at it, no version.txt, no version tag in its history");
}

Result<std::vector<std::string>> matrix_revisions(const repo::ObjectStore& store, const MatrixOptions& options) {
  std::vector<std::string> out = options.revisions;
  if (!options.tag_glob.empty() || options.revisions.empty()) {
    auto tags = store.tag_names();
    if (!tags)
      return unexpected(tags.error());
    std::vector<std::string> chosen;
    for (const auto& tag : *tags)
      if (options.tag_glob.empty() ? catalog::is_version_tag(tag) : catalog::glob_match(options.tag_glob, tag))
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
  auto revisions = matrix_revisions(store, options);
  if (!revisions)
    return unexpected(revisions.error());
  for (std::size_t i = 0; i < revisions->size(); ++i) {
    const std::string& name = (*revisions)[i];
    if (options.progress)
      options.progress(i, revisions->size(), name);
    MatrixColumn column;
    column.revision.name = name;
    auto info = store.resolve(name);
    if (!info) {
      column.error = info.error().message();
      report.columns.push_back(std::move(column));
      continue;
    }
    column.revision = *info;
    auto tree = store.tree(info->commit);
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
    PlanOptions plan_options;
    plan_options.facts = options.facts;
    plan_options.threads = options.threads;
    auto plan = plan_patchsets(catalog, source, *version, plan_options);
    if (!plan)
      return with_context(plan, name);
    for (const auto& p : plan->patchsets)
      column.outcomes[p.id] = p.outcome;
    report.columns.push_back(std::move(column));
  }
  return report;
}

} // namespace tp::ops
