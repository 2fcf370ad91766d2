#include "txn/transaction.hpp"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <system_error>

namespace tp::txn {

namespace {

using platform::display_path;

// The test-only crash hook (k_crash_hook_variable). Read once per transaction.
class CrashHook {
public:
  CrashHook() {
    const auto value = platform::environment_variable(k_crash_hook_variable);
    long parsed = 0;
    if (value && !value->empty()) {
      const char* last = value->data() + value->size();
      const auto [end, ec] = std::from_chars(value->data(), last, parsed);
      if (ec == std::errc() && end == last && parsed >= 0) {
        m_crash_after = parsed;
      }
    }
  }
  void journal_written() const {
    if (m_crash_after == 0) {
      std::_Exit(137);
    }
  }
  void file_replaced() {
    ++m_replaced;
    if (m_replaced == m_crash_after) {
      std::_Exit(137);
    }
  }

private:
  long m_crash_after = -1;
  long m_replaced = 0;
};

Result<std::unique_ptr<platform::FileLock>> lock_journal(const fs::path& journal_dir) {
  std::error_code ec;
  fs::create_directories(journal_dir, ec);
  if (ec) {
    return fail("creating " + display_path(journal_dir) + ": " + ec.message());
  }
  return platform::FileLock::acquire(lock_path(journal_dir), k_lock_wait);
}

// The file's bytes, or std::nullopt when nothing is there.
Result<std::optional<std::string>> read_if_present(const fs::path& path) {
  std::error_code ec;
  if (fs::symlink_status(path, ec).type() == fs::file_type::not_found) {
    return std::optional<std::string>();
  }
  auto bytes = platform::read_file(path);
  if (!bytes) {
    return unexpected(bytes.error());
  }
  return std::optional<std::string>(std::move(*bytes));
}

bool holds_nul(std::string_view bytes) { return bytes.find('\0') != std::string_view::npos; }

// The recorded path as the key that identifies a file across records ('\\' and "./" folded).
Result<std::pair<fs::path, std::string>> locate(const fs::path& root, std::string_view path) {
  auto resolved = platform::resolve_inside(root, path);
  if (!resolved) {
    return unexpected(resolved.error());
  }
  std::string key = resolved->lexically_relative(root).generic_string();
  return std::pair<fs::path, std::string>(std::move(*resolved), std::move(key));
}

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

bool is_pending(EntryState state) { return state != EntryState::applied; }

// The core of recovery; the caller holds the lock and has read `journal` from `file`.
Result<RecoveryReport> recover_locked(const fs::path& root, const fs::path& file, Journal journal,
                                      Force force, Durability durability) {
  RecoveryReport report;
  if (journal.pending == PendingTransaction::none) {
    return report;
  }
  const bool overwrite =
      force == Force::yes || journal.pending == PendingTransaction::revert_forced;

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
        paths.push_back(PendingPath{located->first, record.path, record.repository, entry.id,
                                    record.original, record.before_hash, 0, {}});
      }
      PendingPath& pending = paths[it->second];
      pending.written = record.applied;
      pending.written_hash = record.after_hash;
    }
  }

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
  if (!report.conflicts.empty()) {
    report.kind = RecoveryKind::blocked;
    report.restored.clear();
    return report;
  }

  for (const PendingPath* pending : to_write) {
    if (auto written = platform::write_file_atomic(pending->resolved, pending->original, durability);
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

// After a failure inside a transaction whose journal entry is on disk: undo or finish it at once
// so that the tree and journal agree, and say what happened in the returned error.
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
  auto loaded = read_journal(file);
  if (!loaded) {
    return unexpected(loaded.error());
  }
  Journal journal = loaded->value_or(Journal{});
  if (journal.pending != PendingTransaction::none) {
    return fail("an interrupted transaction is pending in " + display_path(file) +
                "; recover it first");
  }
  if (versions != nullptr) {
    journal.engine_version = versions->engine;
    journal.catalog_version = versions->catalog;
  }
  return journal;
}

// One file of an apply: the bytes on disk now and the bytes it ends with.
struct PlannedWrite {
  fs::path resolved;
  std::string start;
  std::string end;
};

} // namespace

Result<ApplyRecord> apply_transaction(const fs::path& root, const fs::path& journal_dir,
                                      const std::vector<PatchsetChange>& patchsets,
                                      const Versions& versions, Durability durability) {
  ApplyRecord record;
  record.journal = journal_path(journal_dir);
  if (patchsets.empty()) {
    return record;
  }
  for (const auto& [what, value] :
       {std::pair<const char*, const std::string*>{"engine version", &versions.engine},
        {"catalog version", &versions.catalog}}) {
    if (auto valid = validate_single_line(what, *value); !valid) {
      return with_context(valid, "apply");
    }
  }

  auto lock = lock_journal(journal_dir);
  if (!lock) {
    return with_context(lock, "apply");
  }
  auto loaded = load_for_write(record.journal, &versions);
  if (!loaded) {
    return with_context(loaded, "apply");
  }
  Journal journal = std::move(*loaded);

  std::set<std::string> ids;
  for (const JournalEntry& entry : journal.entries) {
    ids.insert(entry.id);
  }
  const std::string applied_at = utc_now();
  std::vector<PlannedWrite> writes;
  std::map<std::string, std::size_t> write_index;
  std::vector<JournalEntry> entries;
  for (const PatchsetChange& patchset : patchsets) {
    const std::string what = "apply " + patchset.id;
    if (patchset.id.empty()) {
      return fail("apply: a patchset has an empty id");
    }
    if (auto valid = validate_single_line("patchset id", patchset.id); !valid) {
      return with_context(valid, "apply");
    }
    if (!ids.insert(patchset.id).second) {
      return fail(what + ": the patchset is already applied (or listed twice)");
    }
    JournalEntry entry;
    entry.id = patchset.id;
    entry.applied_at = applied_at;
    entry.catalog_version = versions.catalog;
    entry.engine_version = versions.engine;
    entry.state = EntryState::applying;
    entry.skipped = patchset.skipped;
    for (const FileChange& change : patchset.files) {
      for (const auto& [field, value] :
           {std::pair<const char*, const std::string*>{"path", &change.path},
            {"repository", &change.repository}}) {
        if (auto valid = validate_single_line(field, *value); !valid) {
          return with_context(valid, what);
        }
      }
      auto located = locate(root, change.path);
      if (!located) {
        return with_context(located, what);
      }
      const auto& [resolved, key] = *located;
      // The journal lives in the git dir; no patchset has business there.
      if (key == ".git" || key.rfind(".git/", 0) == 0 || key.find("/.git/") != std::string::npos) {
        return fail(what + ": refusing path '" + change.path + "': it is inside a .git directory");
      }
      if (holds_nul(change.before) || holds_nul(change.after)) {
        return fail(what + ": refusing to write " + key +
                    ": it holds NUL bytes (binary files are never written)");
      }
      auto [it, inserted] = write_index.emplace(key, writes.size());
      if (inserted) {
        auto current = read_if_present(resolved);
        if (!current) {
          return with_context(current, what);
        }
        if (!*current) {
          return fail(what + ": " + key + " does not exist");
        }
        if (**current != change.before) {
          return fail(what + ": " + key + " changed on disk since the plan was made");
        }
        writes.push_back(PlannedWrite{resolved, change.before, change.after});
      } else {
        PlannedWrite& write = writes[it->second];
        if (write.end != change.before) {
          return fail(what + ": the change of " + key +
                      " does not start from the bytes the previous change of it leaves");
        }
        write.end = change.after;
      }
      entry.files.push_back(JournalFile{key, change.repository, change.before, change.after,
                                        fnv1a_64(change.before), fnv1a_64(change.after)});
    }
    record.patchsets.push_back(AppliedPatchset{entry.id, applied_at, entry.files.size()});
    entries.push_back(std::move(entry));
  }

  // The journal entry goes to disk before the first file is replaced: from here on, an
  // interruption is recoverable from the journal alone.
  for (JournalEntry& entry : entries) {
    journal.entries.push_back(std::move(entry));
  }
  journal.pending = PendingTransaction::apply;
  if (auto written = write_journal(record.journal, journal); !written) {
    return with_context(written, "apply: writing the journal");
  }
  CrashHook crash_hook;
  crash_hook.journal_written();

  for (const PlannedWrite& write : writes) {
    if (write.end == write.start) {
      continue;
    }
    if (auto written = platform::write_file_atomic(write.resolved, write.end, durability);
        !written) {
      Error error = written.error();
      error.context("apply");
      return settle_after_failure(root, record.journal, journal, std::move(error));
    }
    ++record.files_written;
    crash_hook.file_replaced();
  }

  // The commit point: once this journal is in place, the patchsets are applied.
  Journal committed = journal;
  committed.pending = PendingTransaction::none;
  for (JournalEntry& entry : committed.entries) {
    entry.state = EntryState::applied;
  }
  if (auto written = write_journal(record.journal, committed); !written) {
    Error error = written.error();
    error.context("apply: committing the journal");
    return settle_after_failure(root, record.journal, journal, std::move(error));
  }
  return record;
}

Result<RecoveryReport> recover_interrupted(const fs::path& root, const fs::path& journal_dir,
                                           Force force) {
  const fs::path file = journal_path(journal_dir);
  std::error_code ec;
  if (fs::symlink_status(file, ec).type() == fs::file_type::not_found) {
    return RecoveryReport{};
  }
  auto lock = lock_journal(journal_dir);
  if (!lock) {
    return with_context(lock, "recovering");
  }
  auto loaded = read_journal(file);
  if (!loaded) {
    return unexpected(loaded.error());
  }
  if (!*loaded) {
    return RecoveryReport{};
  }
  return recover_locked(root, file, std::move(**loaded), force, Durability::flush);
}

Result<RevertReport> revert(const fs::path& root, const fs::path& journal_dir,
                            const std::vector<std::string>& ids, Force force, Dry dry,
                            Durability durability) {
  RevertReport report;
  const fs::path file = journal_path(journal_dir);
  std::error_code ec;
  if (fs::symlink_status(file, ec).type() == fs::file_type::not_found) {
    report.not_applied = ids;
    return report;
  }
  auto lock = lock_journal(journal_dir);
  if (!lock) {
    return with_context(lock, "revert");
  }
  auto loaded = load_for_write(file, nullptr);
  if (!loaded) {
    return with_context(loaded, "revert");
  }
  Journal journal = std::move(*loaded);

  std::vector<bool> selected(journal.entries.size(), ids.empty());
  for (const std::string& id : ids) {
    const auto found = std::find_if(journal.entries.begin(), journal.entries.end(),
                                    [&](const JournalEntry& entry) { return entry.id == id; });
    if (found == journal.entries.end()) {
      if (std::find(report.not_applied.begin(), report.not_applied.end(), id) ==
          report.not_applied.end()) {
        report.not_applied.push_back(id);
      }
    } else {
      selected[static_cast<std::size_t>(found - journal.entries.begin())] = true;
    }
  }
  if (std::find(selected.begin(), selected.end(), true) == selected.end()) {
    return report;
  }

  // Simulate the restores newest first on the bytes as they would be after each step.
  struct SimulatedPath {
    fs::path resolved;
    std::optional<std::string> on_disk;
    std::optional<std::string> now;
  };
  std::map<std::string, SimulatedPath> simulated;
  std::vector<std::string> write_order;
  for (std::size_t i = journal.entries.size(); i-- > 0;) {
    if (!selected[i]) {
      continue;
    }
    const JournalEntry& entry = journal.entries[i];
    report.reverted.push_back(entry.id);
    for (auto record = entry.files.rbegin(); record != entry.files.rend(); ++record) {
      auto located = locate(root, record->path);
      if (!located) {
        return with_context(located, "revert " + entry.id);
      }
      const auto& [resolved, key] = *located;
      auto sim = simulated.find(key);
      if (sim == simulated.end()) {
        auto current = read_if_present(resolved);
        if (!current) {
          return with_context(current, "revert " + entry.id);
        }
        sim = simulated.emplace(key, SimulatedPath{resolved, *current, *current}).first;
        write_order.push_back(key);
      }
      Conflict conflict;
      conflict.patchset = entry.id;
      conflict.path = record->path;
      conflict.repository = record->repository;
      conflict.current = sim->second.now.value_or("");
      conflict.expected = record->applied;
      conflict.original = record->original;

      // A later patchset that stays applied and changed this file again: reverting this one
      // would silently drop (or, forced, garble) the later change.
      std::size_t later = i;
      for (std::size_t j = i + 1; j < journal.entries.size(); ++j) {
        if (selected[j]) {
          continue;
        }
        for (const JournalFile& other : journal.entries[j].files) {
          auto other_located = locate(root, other.path);
          if (other_located && other_located->second == key) {
            later = j;
          }
        }
      }
      if (later != i) {
        conflict.kind = ConflictKind::changed_by_later_patchset;
        conflict.later_patchset = journal.entries[later].id;
        report.conflicts.push_back(std::move(conflict));
        continue;
      }

      const std::optional<std::string>& now = sim->second.now;
      const bool as_written = now && fnv1a_64(*now) == record->after_hash;
      const bool already_original = now && fnv1a_64(*now) == record->before_hash;
      if (!as_written && !already_original && force == Force::no) {
        conflict.kind = now ? ConflictKind::changed_since_apply : ConflictKind::missing;
        report.conflicts.push_back(std::move(conflict));
        continue;
      }
      report.restored.push_back(RestoredFile{entry.id, record->path, record->repository,
                                             !as_written && !already_original});
      sim->second.now = record->original;
    }
  }

  if (!report.conflicts.empty()) {
    report.outcome = RevertOutcome::conflicted;
    return report;
  }
  if (dry == Dry::yes) {
    report.outcome = RevertOutcome::would_revert;
    return report;
  }

  Journal pending = journal;
  pending.pending = force == Force::yes ? PendingTransaction::revert_forced : PendingTransaction::revert;
  for (std::size_t i = 0; i < pending.entries.size(); ++i) {
    if (selected[i]) {
      pending.entries[i].state = EntryState::reverting;
    }
  }
  if (auto written = write_journal(file, pending); !written) {
    return with_context(written, "revert: writing the journal");
  }
  CrashHook crash_hook;
  crash_hook.journal_written();

  for (const std::string& key : write_order) {
    const SimulatedPath& sim = simulated.at(key);
    if (sim.now == sim.on_disk || !sim.now) {
      continue;
    }
    if (auto written = platform::write_file_atomic(sim.resolved, *sim.now, durability); !written) {
      Error error = written.error();
      error.context("revert");
      return settle_after_failure(root, file, pending, std::move(error));
    }
    crash_hook.file_replaced();
  }

  Journal committed = journal;
  std::vector<JournalEntry> kept;
  for (std::size_t i = 0; i < committed.entries.size(); ++i) {
    if (!selected[i]) {
      kept.push_back(std::move(committed.entries[i]));
    }
  }
  committed.entries = std::move(kept);
  if (auto written = write_journal(file, committed); !written) {
    Error error = written.error();
    error.context("revert: committing the journal");
    return settle_after_failure(root, file, pending, std::move(error));
  }
  report.outcome = RevertOutcome::reverted;
  return report;
}

Result<JournalState> load_journal(const fs::path& root, const fs::path& journal_dir) {
  JournalState state;
  state.journal = journal_path(journal_dir);
  auto loaded = read_journal(state.journal);
  if (!loaded) {
    return unexpected(loaded.error());
  }
  if (!*loaded) {
    return state;
  }
  const Journal& journal = **loaded;
  state.exists = true;
  state.interrupted = journal.pending != PendingTransaction::none;
  state.engine_version = journal.engine_version;
  state.catalog_version = journal.catalog_version;

  // What torchpatch last wrote to each file, among the settled patchsets.
  std::map<std::string, std::uint64_t> last_written;
  std::map<std::string, std::optional<std::string>> on_disk;
  for (const JournalEntry& entry : journal.entries) {
    if (entry.state == EntryState::applying) {
      continue;
    }
    for (const JournalFile& record : entry.files) {
      auto located = locate(root, record.path);
      if (!located) {
        return with_context(located, "status of " + entry.id);
      }
      last_written[located->second] = record.after_hash;
      if (!on_disk.count(located->second)) {
        auto current = read_if_present(located->first);
        if (!current) {
          return with_context(current, "status of " + entry.id);
        }
        on_disk.emplace(located->second, std::move(*current));
      }
    }
  }
  for (const JournalEntry& entry : journal.entries) {
    if (entry.state == EntryState::applying) {
      continue;
    }
    PatchsetStatus patchset{entry.id, entry.applied_at, entry.catalog_version,
                            entry.engine_version, {}};
    for (const JournalFile& record : entry.files) {
      const std::string key = locate(root, record.path)->second;
      const std::optional<std::string>& current = on_disk.at(key);
      FileState file_state = FileState::missing;
      if (current) {
        file_state = fnv1a_64(*current) == last_written.at(key) ? FileState::unchanged
                                                                : FileState::changed;
      }
      patchset.files.push_back(FileStatus{record.path, record.repository, file_state});
    }
    state.patchsets.push_back(std::move(patchset));
  }
  return state;
}

} // namespace tp::txn
