#pragma once
// Internal to src/repo: the libgit2 glue every file here shares. Not part of the module's API
// (no other module links libgit2).
#include <git2.h>

#include <string>

#include "base/result.hpp"

namespace tp::repo::detail {

// libgit2's last error is per thread: read it right after the failing call.
inline Error libgit2_error(const std::string& what) {
  const ::git_error* e = git_error_last();
  return Error(what + ": " + (e && e->message ? e->message : "unknown libgit2 error"));
}

// One libgit2 initialisation for the life of the process.
inline void ensure_libgit2() {
  static const int once = [] {
    git_libgit2_init();
    // Checkouts owned by another user (CI containers) are still ours to read.
    git_libgit2_opts(GIT_OPT_SET_OWNER_VALIDATION, 0);
    return 0;
  }();
  (void)once;
}

// Owns one libgit2 object; frees it with `Free`.
template <typename T, void (*Free)(T*)> struct Owned {
  T* ptr = nullptr;
  Owned() = default;
  Owned(const Owned&) = delete;
  Owned& operator=(const Owned&) = delete;
  ~Owned() {
    if (ptr)
      Free(ptr);
  }
  T** out() { return &ptr; }
};

using RepoPtr = Owned<git_repository, git_repository_free>;
using IndexPtr = Owned<git_index, git_index_free>;
using ObjectPtr = Owned<git_object, git_object_free>;
using CommitPtr = Owned<git_commit, git_commit_free>;
using TreePtr = Owned<git_tree, git_tree_free>;
using BlobPtr = Owned<git_blob, git_blob_free>;
using DescribePtr = Owned<git_describe_result, git_describe_result_free>;
using ConfigPtr = Owned<git_config, git_config_free>;

} // namespace tp::repo::detail
