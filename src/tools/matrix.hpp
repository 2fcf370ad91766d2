#pragma once
// matrix: the catalog planned against many revisions of a repository, each read from git's object
// database (no checkout; the work tree is untouched). Only the files the patchsets select are
// read.
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "base/result.hpp"
#include "catalog/catalog.hpp"
#include "engine/plan.hpp"
#include "engine/tree_source.hpp"
#include "engine/version.hpp"
#include "repo/revision_tree.hpp"

namespace tp::tools {

// A engine::TreeSource over one revision's tree (submodules included where their objects are
// present).
class RevisionTreeSource final : public engine::TreeSource {
public:
  explicit RevisionTreeSource(repo::RevisionTree tree);
  Result<const std::vector<std::string>*> files(const repo::PathFilter& keep) override;
  Result<engine::ReadResult> read(const std::string& path) const override;
  std::string repository_of(const std::string& path) const override;
  std::optional<std::string> uninitialised_submodule_of(const std::string& path) const override;
  // Every file of a revision is as committed: a patched form found there was made upstream.
  bool is_committed_as_is(const std::string&, std::string_view) const override { return true; }

private:
  repo::RevisionTree m_tree;
  std::vector<std::string> m_paths;
  std::map<std::string, std::string> m_repository_of; // path -> submodule path, for submodule files
};

// The PyTorch version of a revision, by engine::resolve_version's rules: a version tag pointing at
// it, else version.txt in its tree (a pre-release there yields to the nearest tag of the same
// release line), else the nearest version tag (git describe). Fails when none of them gives one.
Result<engine::ResolvedVersion> resolve_revision_version(const repo::ObjectStore& store,
                                                         const repo::RevisionInfo& revision,
                                                         const repo::RevisionTree& tree);

struct MatrixColumn {
  repo::RevisionInfo revision;
  std::optional<engine::ResolvedVersion> version; // nullopt when it could not be told (see `error`)
  std::map<std::string, engine::Outcome> outcomes; // patchset id -> outcome
  std::string error; // why this revision was not planned; "" when it was
};

struct MatrixReport {
  std::vector<std::string> patchsets; // catalog order
  std::vector<MatrixColumn> columns;  // in the order the revisions were asked for
};

struct MatrixOptions {
  std::vector<std::string> revisions; // explicit revisions
  std::string tag_glob;               // tags matching this glob (sorted by version)
  std::map<std::string, std::string> facts;
  unsigned threads = 0;
  // Called before each revision is planned: (index, total, name).
  std::function<void(std::size_t, std::size_t, const std::string&)> progress;
};

// The revisions to plan: `revisions`, then tags matching `tag_glob`; with neither, every
// version tag. Tags are sorted by version.
Result<std::vector<std::string>> matrix_revisions(const repo::ObjectStore& store,
                                                  const MatrixOptions& options);

// Plans `catalog` against each revision. Fails on environment errors (unreadable objects); a
// revision that cannot be resolved or whose version cannot be told gets a column with `error`.
Result<MatrixReport> plan_matrix(const catalog::Catalog& catalog, const repo::ObjectStore& store,
                                 const MatrixOptions& options);

} // namespace tp::tools
