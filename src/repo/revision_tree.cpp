#include "repo/revision_tree.hpp"

#include <algorithm>

#include "platform/files.hpp"
#include "repo/git_handles.hpp"

namespace tp::repo {

namespace {

using namespace detail;

std::string hex_of(const git_oid* oid) {
  char buf[GIT_OID_HEXSZ + 1];
  git_oid_tostr(buf, sizeof buf, oid);
  return buf;
}

// .gitmodules maps a submodule's path to its name (the folder under .git/modules/).
std::map<std::string, std::string> submodule_names(std::string_view gitmodules) {
  std::map<std::string, std::string> out;
  std::string name;
  std::size_t at = 0;
  while (at < gitmodules.size()) {
    auto nl = gitmodules.find('\n', at);
    std::string_view line =
        gitmodules.substr(at, nl == std::string_view::npos ? std::string_view::npos : nl - at);
    at = nl == std::string_view::npos ? gitmodules.size() : nl + 1;
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t'))
      line.remove_prefix(1);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
      line.remove_suffix(1);
    if (line.substr(0, 11) == "[submodule ") {
      auto q1 = line.find('"'), q2 = line.rfind('"');
      name = q1 != q2 ? std::string(line.substr(q1 + 1, q2 - q1 - 1)) : "";
      continue;
    }
    if (line.substr(0, 4) != "path" || name.empty())
      continue;
    auto eq = line.find('=');
    if (eq == std::string_view::npos)
      continue;
    std::string_view value = line.substr(eq + 1);
    while (!value.empty() && value.front() == ' ')
      value.remove_prefix(1);
    out[std::string(value)] = name;
  }
  return out;
}

} // namespace

struct ObjectStore::Handle {
  git_repository* repo = nullptr;
  fs::path git_dir;
  ~Handle() {
    if (repo)
      git_repository_free(repo);
  }
};

namespace {

struct Gitlink {
  std::string path;
  git_oid commit;
};

struct WalkState {
  std::string prefix;
  std::size_t repository;
  std::string repository_path;
  std::vector<TreeFile>* files;
  std::map<std::string, RevisionTree::Blob>* blobs;
  std::vector<Gitlink> gitlinks;
  const PathFilter* keep;
  std::string path; // reused for every entry: only kept paths are copied
};

int on_entry(const char* root, const git_tree_entry* entry, void* payload) {
  auto* state = static_cast<WalkState*>(payload);
  git_filemode_t mode = git_tree_entry_filemode(entry);
  std::string& path = state->path;
  path.assign(state->prefix).append(root).append(git_tree_entry_name(entry));
  if (mode == GIT_FILEMODE_COMMIT) {
    state->gitlinks.push_back({path, *git_tree_entry_id(entry)});
  } else if (mode == GIT_FILEMODE_BLOB || mode == GIT_FILEMODE_BLOB_EXECUTABLE) {
    // A repository's own .gitmodules is always kept: it names the submodules walked next.
    const bool gitmodules =
        *root == '\0' && std::string_view(git_tree_entry_name(entry)) == ".gitmodules";
    if (*state->keep && !gitmodules && !(*state->keep)(path))
      return 0;
    const git_oid* id = git_tree_entry_id(entry);
    state->blobs->emplace(
        path,
        RevisionTree::Blob{state->repository,
                           std::string(reinterpret_cast<const char*>(id->id), sizeof id->id)});
    state->files->push_back({path, state->repository_path});
  }
  return 0;
}

Result<std::string> read_blob(git_repository* repo, const git_oid* id) {
  BlobPtr blob;
  if (git_blob_lookup(blob.out(), repo, id) < 0)
    return unexpected(libgit2_error("reading blob " + hex_of(id)));
  const char* data = static_cast<const char*>(git_blob_rawcontent(blob.ptr));
  return std::string(data, static_cast<std::size_t>(git_blob_rawsize(blob.ptr)));
}

struct TreeBuilder {
  const PathFilter* keep;
  std::vector<std::shared_ptr<ObjectStore::Handle>> repositories;
  std::vector<TreeFile> files;
  std::map<std::string, RevisionTree::Blob> blobs;
  std::vector<MissingSubmodule> missing;

  // Lists `commit`'s tree in repositories[index] under `prefix`, then each gitlink's.
  Result<void> walk(std::size_t index, const git_oid& commit_id, const std::string& prefix,
                    int depth) {
    if (depth > 16)
      return fail("submodules nested more than 16 deep under " + prefix);
    TP_TRY_ASSIGN(const std::vector<Gitlink> gitlinks, list_tree(index, commit_id, prefix));
    if (gitlinks.empty())
      return {};
    const std::map<std::string, std::string> names = gitmodules_names(index, prefix);
    for (const auto& link : gitlinks) {
      std::string relative = link.path.substr(prefix.size());
      auto named = names.find(relative);
      auto handle =
          open_submodule(index, link, relative, named == names.end() ? relative : named->second);
      if (!handle)
        continue;
      repositories.push_back(std::move(handle));
      TP_TRY(walk(repositories.size() - 1, link.commit, link.path + "/", depth + 1));
    }
    return {};
  }

  // Adds the files of `commit`'s tree in repositories[index] under `prefix`; returns its
  // gitlinks.
  Result<std::vector<Gitlink>> list_tree(std::size_t index, const git_oid& commit_id,
                                         const std::string& prefix) {
    git_repository* repo = repositories[index]->repo;
    CommitPtr commit;
    if (git_commit_lookup(commit.out(), repo, &commit_id) < 0)
      return unexpected(libgit2_error("reading commit " + hex_of(&commit_id)));
    TreePtr tree;
    if (git_commit_tree(tree.out(), commit.ptr) < 0)
      return unexpected(libgit2_error("reading the tree of " + hex_of(&commit_id)));
    WalkState state{prefix, index,  prefix.empty() ? "" : prefix.substr(0, prefix.size() - 1),
                    &files, &blobs, {},
                    keep,   {}};
    if (git_tree_walk(tree.ptr, GIT_TREEWALK_PRE, on_entry, &state) < 0)
      return unexpected(libgit2_error("listing the tree of " + hex_of(&commit_id)));
    return std::move(state.gitlinks);
  }

  // The submodule names of the .gitmodules that repositories[index] holds at `prefix`, if any.
  std::map<std::string, std::string> gitmodules_names(std::size_t index,
                                                      const std::string& prefix) {
    auto it = blobs.find(prefix + ".gitmodules");
    if (it == blobs.end() || it->second.repository != index)
      return {};
    git_oid id;
    git_oid_fromraw(&id, reinterpret_cast<const unsigned char*>(it->second.oid.data()));
    auto text = read_blob(repositories[index]->repo, &id);
    return text ? submodule_names(*text) : std::map<std::string, std::string>();
  }

  // The repository of submodule `link` (at `relative` in repositories[index], named `name`),
  // holding the commit it names; null, with the reason in `missing`, when there is none.
  std::shared_ptr<ObjectStore::Handle> open_submodule(std::size_t index, const Gitlink& link,
                                                      const std::string& relative,
                                                      const std::string& name) {
    git_repository* repo = repositories[index]->repo;
    auto handle = std::make_shared<ObjectStore::Handle>();
    // Where `git submodule update` keeps it; an older layout keeps it in the work tree.
    const char* workdir = git_repository_workdir(repo);
    const fs::path candidates[] = {repositories[index]->git_dir / "modules" / name,
                                   platform::path_from_utf8(workdir ? workdir : "") / relative};
    bool opened = false;
    for (const auto& dir : candidates) {
      std::error_code ec;
      if (dir.empty() || !fs::exists(dir, ec))
        continue;
      if (git_repository_open_ext(&handle->repo, platform::path_to_utf8(dir).c_str(),
                                  GIT_REPOSITORY_OPEN_NO_SEARCH, nullptr) == 0) {
        opened = true;
        break;
      }
      git_error_clear();
    }
    if (!opened) {
      missing.push_back({link.path, hex_of(&link.commit),
                         "no repository under .git/modules/" + name + " (not initialised)"});
      return nullptr;
    }
    handle->git_dir = platform::path_from_utf8(git_repository_path(handle->repo));
    git_object* probe = nullptr;
    if (git_object_lookup(&probe, handle->repo, &link.commit, GIT_OBJECT_COMMIT) < 0) {
      git_error_clear();
      missing.push_back(
          {link.path, hex_of(&link.commit),
           "commit " + hex_of(&link.commit) + " is not present in its repository (fetch it)"});
      return nullptr;
    }
    git_object_free(probe);
    return handle;
  }
};

} // namespace

ObjectStore::ObjectStore(std::shared_ptr<Handle> handle) : m_handle(std::move(handle)) {}
ObjectStore::ObjectStore(ObjectStore&&) noexcept = default;
ObjectStore& ObjectStore::operator=(ObjectStore&&) noexcept = default;
ObjectStore::~ObjectStore() = default;

Result<ObjectStore> ObjectStore::open(const fs::path& start) {
  ensure_libgit2();
  std::error_code ec;
  fs::path absolute = fs::absolute(start, ec);
  if (ec || !fs::exists(absolute, ec))
    return fail(platform::path_to_utf8(start) + ": no such folder");
  auto handle = std::make_shared<Handle>();
  if (git_repository_open_ext(&handle->repo, platform::path_to_utf8(absolute).c_str(), 0, nullptr) <
      0) {
    git_error_clear();
    return fail(platform::path_to_utf8(absolute) + " is not inside a git repository");
  }
  // A submodule's own repository is opened as it is: its revisions are its own.
  handle->git_dir = git_repository_commondir(handle->repo);
  return ObjectStore(std::move(handle));
}

Result<RevisionInfo> ObjectStore::resolve(const std::string& revision) const {
  ObjectPtr object;
  if (git_revparse_single(object.out(), m_handle->repo, (revision + "^{commit}").c_str()) < 0)
    return unexpected(libgit2_error("revision '" + revision + "'"));
  RevisionInfo info{revision, hex_of(git_object_id(object.ptr)), {}};
  TP_TRY_ASSIGN(const std::vector<std::string> tags, tag_names());
  for (const auto& tag : tags) {
    ObjectPtr target;
    if (git_revparse_single(target.out(), m_handle->repo,
                            ("refs/tags/" + tag + "^{commit}").c_str()) < 0) {
      git_error_clear(); // a tag of a tree or blob
      continue;
    }
    if (git_oid_equal(git_object_id(target.ptr), git_object_id(object.ptr)))
      info.tags.push_back(tag);
  }
  return info;
}

Result<std::vector<std::string>> ObjectStore::tag_names() const {
  git_strarray names{};
  if (git_tag_list(&names, m_handle->repo) < 0)
    return unexpected(libgit2_error("listing tags"));
  std::vector<std::string> out(names.strings, names.strings + names.count);
  git_strarray_dispose(&names);
  std::sort(out.begin(), out.end());
  return out;
}

Result<std::optional<std::string>> ObjectStore::nearest_tag(const std::string& commit,
                                                            const std::string& glob) const {
  ObjectPtr object;
  if (git_revparse_single(object.out(), m_handle->repo, commit.c_str()) < 0)
    return unexpected(libgit2_error("revision '" + commit + "'"));
  git_describe_options options = GIT_DESCRIBE_OPTIONS_INIT;
  options.describe_strategy = GIT_DESCRIBE_TAGS;
  options.pattern = glob.c_str();
  DescribePtr result;
  if (git_describe_commit(result.out(), object.ptr, &options) < 0) {
    git_error_clear(); // no matching tag is an answer, not an error
    return std::optional<std::string>();
  }
  git_describe_format_options format = GIT_DESCRIBE_FORMAT_OPTIONS_INIT;
  format.abbreviated_size = 0;
  git_buf buf = GIT_BUF_INIT;
  if (git_describe_format(&buf, result.ptr, &format) < 0)
    return unexpected(libgit2_error("formatting git describe"));
  std::string tag(buf.ptr, buf.size);
  git_buf_dispose(&buf);
  return std::optional<std::string>(tag);
}

Result<RevisionTree> ObjectStore::tree(const std::string& commit, const PathFilter& keep) const {
  git_oid id;
  if (git_oid_fromstr(&id, commit.c_str()) < 0) {
    TP_TRY_ASSIGN(const RevisionInfo info, resolve(commit));
    git_oid_fromstr(&id, info.commit.c_str());
  }
  TreeBuilder builder;
  builder.keep = &keep;
  builder.repositories.push_back(m_handle);
  if (auto r = builder.walk(0, id, "", 0); !r)
    return with_context(r, "listing " + commit);
  std::sort(builder.files.begin(), builder.files.end(),
            [](const TreeFile& a, const TreeFile& b) { return a.path < b.path; });
  return RevisionTree(std::move(builder.repositories), std::move(builder.files),
                      std::move(builder.blobs), std::move(builder.missing));
}

RevisionTree::RevisionTree(std::vector<std::shared_ptr<ObjectStore::Handle>> repositories,
                           std::vector<TreeFile> files, std::map<std::string, Blob> blobs,
                           std::vector<MissingSubmodule> missing)
    : m_repositories(std::move(repositories)), m_files(std::move(files)), m_blobs(std::move(blobs)),
      m_missing(std::move(missing)), m_mutex(std::make_unique<std::mutex>()) {}
RevisionTree::RevisionTree(RevisionTree&&) noexcept = default;
RevisionTree& RevisionTree::operator=(RevisionTree&&) noexcept = default;
RevisionTree::~RevisionTree() = default;

Result<std::optional<std::string>> RevisionTree::read(const std::string& path) const {
  auto it = m_blobs.find(path);
  if (it == m_blobs.end())
    return std::optional<std::string>();
  git_oid id;
  git_oid_fromraw(&id, reinterpret_cast<const unsigned char*>(it->second.oid.data()));
  std::lock_guard<std::mutex> lock(*m_mutex);
  auto bytes = read_blob(m_repositories[it->second.repository]->repo, &id);
  if (!bytes)
    return with_context(bytes, "reading " + path);
  return std::optional<std::string>(std::move(*bytes));
}

} // namespace tp::repo
