#include "txn/recovery.hpp"

#include <map>
#include <system_error>
#include <vector>

namespace tp::txn {

namespace {

// One file of the transaction to recover: from the original bytes of its first record among the
// pending entries to the bytes the last of them wrote.
struct PendingPath {
  fs::path resolved;
  std::string path;
  std::string repository;
  std::string patchset; // the record whose original bytes are restored
  std::string original;
  std::uint64_t original_hash = 0;
  std::uint64_t written_hash = 0;
  std::string written;
};

bool is_pending(EntryState state) {
  return state != EntryState::applied;
}

// Each file of the pending entries, with the bytes to restore and the bytes last written.
Result<std::vector<PendingPath>> pending_paths(const fs::path& root, const Journal& journal,
                                               RecoveryReport& report) {
  std::vector<PendingPath> paths;
  std::map<std::string, std::size_t> index;
  for (const JournalEntry& entry : journal.entries) {
    if (!is_pending(entry.state)) {
      continue;
    }
    report.patchsets.push_back(entry.id);
    for (const JournalFile& record : entry.files) {
      auto located = locate(root, record.path);
      if (!located) {
        return with_context(located, "recovering " + entry.id);
      }
      auto [it, inserted] = index.emplace(located->second, paths.size());
      if (inserted) {
        paths.push_back(PendingPath{located->first,
                                    record.path,
                                    record.repository,
                                    entry.id,
                                    record.original,
                                    record.before_hash,
                                    0,
                                    {}});
      }
      PendingPath& pending = paths[it->second];
      pending.written = record.applied;
      pending.written_hash = record.after_hash;
    }
  }
  return paths;
}

// The files to restore; a file changed since (unless `overwrite`) is a conflict in `report`.
Result<std::vector<const PendingPath*>> paths_to_restore(const std::vector<PendingPath>& paths,
                                                         bool overwrite, RecoveryReport& report) {
  std::vector<const PendingPath*> to_write;
  for (const PendingPath& pending : paths) {
    auto current = read_if_present(pending.resolved);
    if (!current) {
      return with_context(current, "recovering " + pending.patchset);
    }
    if (*current && fnv1a_64(**current) == pending.original_hash) {
      continue; // already original: never replaced, or restored before a crash
    }
    const bool known = *current && fnv1a_64(**current) == pending.written_hash;
    if (!known && !overwrite) {
      Conflict conflict;
      conflict.patchset = pending.patchset;
      conflict.path = pending.path;
      conflict.repository = pending.repository;
      conflict.kind = *current ? ConflictKind::changed_since_apply : ConflictKind::missing;
      conflict.current = current->value_or("");
      conflict.expected = pending.written;
      conflict.original = pending.original;
      report.conflicts.push_back(std::move(conflict));
      continue;
    }
    to_write.push_back(&pending);
    report.restored.push_back(
        RestoredFile{pending.patchset, pending.path, pending.repository, !known});
  }
  return to_write;
}

} // namespace

Result<RecoveryReport> recover_locked(const fs::path& root, const fs::path& file, Journal journal,
                                      Force force, Durability durability) {
  RecoveryReport report;
  if (journal.pending == PendingTransaction::none) {
    return report;
  }
  const bool overwrite =
      force == Force::yes || journal.pending == PendingTransaction::revert_forced;
  TP_TRY_ASSIGN(const auto paths, pending_paths(root, journal, report));
  TP_TRY_ASSIGN(const auto to_write, paths_to_restore(paths, overwrite, report));
  if (!report.conflicts.empty()) {
    report.kind = RecoveryKind::blocked;
    report.restored.clear();
    return report;
  }
  for (const PendingPath* pending : to_write) {
    if (auto written =
            platform::write_file_atomic(pending->resolved, pending->original, durability);
        !written) {
      return with_context(written, "recovering " + pending->patchset);
    }
  }
  // A process killed while writing a file leaves its temporary beside it; the tree must hold
  // exactly the original files again, so those go too (we hold the lock: no live writer).
  for (const PendingPath& pending : paths) {
    platform::remove_stale_temporaries(pending.resolved);
  }
  platform::remove_stale_temporaries(file);
  report.kind = journal.pending == PendingTransaction::apply ? RecoveryKind::rolled_back_apply
                                                             : RecoveryKind::completed_revert;
  std::erase_if(journal.entries, [](const JournalEntry& entry) { return is_pending(entry.state); });
  journal.pending = PendingTransaction::none;
  if (auto written = write_journal(file, journal); !written) {
    return with_context(written, "recovering: rewriting the journal");
  }
  return report;
}

Result<std::unique_ptr<platform::FileLock>> lock_journal(const fs::path& journal_dir) {
  std::error_code ec;
  fs::create_directories(journal_dir, ec);
  if (ec) {
    return fail("creating " + platform::display_path(journal_dir) + ": " + ec.message());
  }
  return platform::FileLock::acquire(lock_path(journal_dir), k_lock_wait);
}

Result<std::optional<std::string>> read_if_present(const fs::path& path) {
  std::error_code ec;
  if (fs::symlink_status(path, ec).type() == fs::file_type::not_found) {
    return std::optional<std::string>();
  }
  TP_TRY_ASSIGN(std::string bytes, platform::read_file(path));
  return std::optional<std::string>(std::move(bytes));
}

Result<std::pair<fs::path, std::string>> locate(const fs::path& root, std::string_view path) {
  TP_TRY_ASSIGN(fs::path resolved, platform::resolve_inside(root, path));
  std::string key = platform::display_path(resolved.lexically_relative(root));
  return std::pair<fs::path, std::string>(std::move(resolved), std::move(key));
}

Unexpected<Error> settle_after_failure(const fs::path& root, const fs::path& file,
                                       const Journal& pending, Error error) {
  auto recovered = recover_locked(root, file, pending, Force::no, Durability::flush);
  if (!recovered) {
    error.context("(recovery failed too: " + recovered.error().message() +
                  "; the next torchpatch command will retry it)");
    return unexpected(std::move(error));
  }
  if (recovered->kind == RecoveryKind::blocked) {
    return fail(error.message() +
                " (recovery is blocked by files changed meanwhile; the journal keeps the "
                "transaction pending)");
  }
  return fail(error.message() + (pending.pending == PendingTransaction::apply
                                     ? " (the files already replaced were restored)"
                                     : " (the revert was completed)"));
}

Result<Journal> load_for_write(const fs::path& file, const Versions* versions) {
  TP_TRY_ASSIGN(std::optional<Journal> loaded, read_journal(file));
  Journal journal = std::move(loaded).value_or(Journal{});
  if (journal.pending != PendingTransaction::none) {
    return fail("an interrupted transaction is pending in " + platform::display_path(file) +
                "; recover it first");
  }
  if (versions != nullptr) {
    journal.engine_version = versions->engine;
    journal.catalog_version = versions->catalog;
  }
  return journal;
}

} // namespace tp::txn
