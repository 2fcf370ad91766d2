#pragma once
// A checkout root and a journal folder inside a fresh test directory, with helpers to build
// patchset changes from the files on disk.
#include <string>
#include <string_view>
#include <vector>

#include "platform/test_dir.hpp"
#include "txn/transaction.hpp"

namespace tp::test {

struct TxnFixture {
  TestDir dir;
  fs::path root = dir / "tree";
  fs::path journal_dir = dir / "tree/.git/torchpatch";
  txn::Versions versions{"0.1.0", "1.2.0"};

  TxnFixture() { fs::create_directories(root); }

  void write(std::string_view relative, std::string_view bytes) const {
    dir.write("tree/" + std::string(relative), bytes);
  }
  std::string read(std::string_view relative) const {
    return dir.read("tree/" + std::string(relative));
  }
  bool exists(std::string_view relative) const { return fs::exists(root / relative); }

  // A change of `relative` from its bytes on disk to `after`.
  txn::FileChange change(std::string_view relative, std::string_view after,
                         std::string repository = "") const {
    return txn::FileChange{std::string(relative), std::move(repository), read(relative),
                           std::string(after)};
  }

  Result<txn::ApplyRecord> apply(const std::vector<txn::PatchsetChange>& patchsets) const {
    return txn::apply_transaction(root, journal_dir, patchsets, versions,
                                  platform::Durability::no_flush);
  }
  fs::path journal_file() const { return txn::journal_path(journal_dir); }
};

inline const std::string k_crlf_bom = "\xEF\xBB\xBF"
                                      "a\r\nb\r\n";
inline const std::string k_no_final_newline = "cmake_minimum_required(VERSION 3.5)";

// Three files in the superproject and a submodule, two patchsets: "first" edits a.txt and
// dir/b.txt, "second" edits sub/c.sh (executable) in the submodule "sub".
struct ThreeFiles : TxnFixture {
  static inline const std::string k_a_after = "\xEF\xBB\xBF"
                                              "a\r\nNEW\r\nb\r\n";
  static inline const std::string k_b_after = "cmake_minimum_required(VERSION 3.18)";
  static inline const std::string k_c_after = "#!/bin/sh\nexit 0\n";

  ThreeFiles() {
    write("a.txt", k_crlf_bom);
    write("dir/b.txt", k_no_final_newline);
    write("sub/c.sh", "#!/bin/sh\n");
#ifndef _WIN32
    fs::permissions(root / "sub/c.sh", fs::perms(0755), fs::perm_options::replace);
#endif
  }
  // Built from the files as they are on disk now.
  std::vector<txn::PatchsetChange> patchsets() const {
    return {txn::PatchsetChange{"first",
                                {change("a.txt", k_a_after), change("dir/b.txt", k_b_after)},
                                {"edit-x a.txt: anchor_missing: gone"}},
            txn::PatchsetChange{"second", {change("sub/c.sh", k_c_after, "sub")}, {}}};
  }
  void check_original() const {
    CHECK(read("a.txt") == k_crlf_bom);
    CHECK(read("dir/b.txt") == k_no_final_newline);
    CHECK(read("sub/c.sh") == "#!/bin/sh\n");
  }
  void check_applied() const {
    CHECK(read("a.txt") == k_a_after);
    CHECK(read("dir/b.txt") == k_b_after);
    CHECK(read("sub/c.sh") == k_c_after);
  }
};

} // namespace tp::test
