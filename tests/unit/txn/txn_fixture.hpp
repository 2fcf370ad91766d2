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

} // namespace tp::test
