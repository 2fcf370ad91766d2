#include "txn/transaction.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <system_error>

#include "txn/recovery.hpp"

namespace tp::txn {

namespace {

bool holds_nul(std::string_view bytes) {
  return bytes.find('\0') != std::string_view::npos;
}

// One file of an apply: the bytes on disk now and the bytes it ends with.
struct PlannedWrite {
  fs::path resolved;
  std::string start;
  std::string end;
};

// The files of an apply, each read and checked once, however many patchsets change it.
class ApplyPlan {
public:
  explicit ApplyPlan(const fs::path& root) : m_root(root) {}

  // Checks one recorded change of patchset `what` and returns its journal record.
  Result<JournalFile> add(const FileChange& change, const std::string& what) {
    for (const auto& [field, value] :
         {std::pair<const char*, const std::string*>{"path", &change.path},
          {"repository", &change.repository}}) {
      if (auto valid = validate_single_line(field, *value); !valid) {
        return with_context(valid, what);
      }
    }
    auto located = locate(m_root, change.path);
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
    TP_TRY(add_write(resolved, key, change, what));
    return JournalFile{key,          change.repository,       change.before,
                       change.after, fnv1a_64(change.before), fnv1a_64(change.after)};
  }

  const std::vector<PlannedWrite>& writes() const { return m_writes; }

private:
  Result<void> add_write(const fs::path& resolved, const std::string& key, const FileChange& change,
                         const std::string& what) {
    auto [it, inserted] = m_index.emplace(key, m_writes.size());
    if (!inserted) {
      PlannedWrite& write = m_writes[it->second];
      if (write.end != change.before) {
        return fail(what + ": the change of " + key +
                    " does not start from the bytes the previous change of it leaves");
      }
      write.end = change.after;
      return {};
    }
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
    m_writes.push_back(PlannedWrite{resolved, change.before, change.after});
    return {};
  }

  const fs::path& m_root;
  std::vector<PlannedWrite> m_writes;
  std::map<std::string, std::size_t> m_index;
};

Result<void> validate_versions(const Versions& versions) {
  for (const auto& [what, value] :
       {std::pair<const char*, const std::string*>{"engine version", &versions.engine},
        {"catalog version", &versions.catalog}}) {
    if (auto valid = validate_single_line(what, *value); !valid) {
      return with_context(valid, "apply");
    }
  }
  return {};
}

// The journal entries of `patchsets` (state applying), their files added to `plan`.
Result<std::vector<JournalEntry>> plan_entries(const std::vector<PatchsetChange>& patchsets,
                                               const Journal& journal, const Versions& versions,
                                               ApplyPlan& plan, ApplyRecord& record) {
  std::set<std::string> ids;
  for (const JournalEntry& entry : journal.entries) {
    ids.insert(entry.id);
  }
  const std::string applied_at = utc_now();
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
    JournalEntry entry{
        patchset.id,      applied_at, versions.catalog, versions.engine, EntryState::applying,
        patchset.skipped, {}};
    for (const FileChange& change : patchset.files) {
      TP_TRY_ASSIGN(JournalFile file, plan.add(change, what));
      entry.files.push_back(std::move(file));
    }
    record.patchsets.push_back(AppliedPatchset{entry.id, applied_at, entry.files.size()});
    entries.push_back(std::move(entry));
  }
  return entries;
}

// Writes the journal entry, then each file, then the commit point; a failure after the journal
// entry is written is settled at once.
Result<void> write_apply(const fs::path& root, Journal& journal, const ApplyPlan& plan,
                         Durability durability, ApplyRecord& record) {
  journal.pending = PendingTransaction::apply;
  if (auto written = write_journal(record.journal, journal); !written) {
    return with_context(written, "apply: writing the journal");
  }
  CrashHook crash_hook;
  crash_hook.journal_written();
  for (const PlannedWrite& write : plan.writes()) {
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
  return {};
}

} // namespace

Result<ApplyRecord> apply_transaction(const fs::path& root, const fs::path& journal_dir,
                                      const std::vector<PatchsetChange>& patchsets,
                                      const Versions& versions, Durability durability) {
  ApplyRecord record;
  record.journal = journal_path(journal_dir);
  if (patchsets.empty()) {
    return record;
  }
  TP_TRY(validate_versions(versions));
  auto lock = lock_journal(journal_dir);
  if (!lock) {
    return with_context(lock, "apply");
  }
  auto loaded = load_for_write(record.journal, &versions);
  if (!loaded) {
    return with_context(loaded, "apply");
  }
  Journal journal = std::move(*loaded);
  ApplyPlan plan(root);
  TP_TRY_ASSIGN(std::vector<JournalEntry> entries,
                plan_entries(patchsets, journal, versions, plan, record));
  // The journal entry goes to disk before the first file is replaced: from here on, an
  // interruption is recoverable from the journal alone.
  for (JournalEntry& entry : entries) {
    journal.entries.push_back(std::move(entry));
  }
  TP_TRY(write_apply(root, journal, plan, durability, record));
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
  TP_TRY_ASSIGN(std::optional<Journal> loaded, read_journal(file));
  if (!loaded) {
    return RecoveryReport{};
  }
  return recover_locked(root, file, std::move(*loaded), force, Durability::flush);
}

namespace {

// Which journal entries `ids` name (all when empty); an id no entry has is `not_applied`.
std::vector<bool> select_entries(const Journal& journal, const std::vector<std::string>& ids,
                                 RevertReport& report) {
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
  return selected;
}

// A file's bytes on disk and as they would be after the restores simulated so far.
struct SimulatedPath {
  fs::path resolved;
  std::optional<std::string> on_disk;
  std::optional<std::string> now;
};

struct Simulation {
  std::map<std::string, SimulatedPath> paths;
  std::vector<std::string> write_order;
};

// The last entry after entry `i` that stays applied and changed the file `key` again; `i` when
// none did.
std::size_t later_change(const fs::path& root, const Journal& journal,
                         const std::vector<bool>& selected, std::size_t i, const std::string& key) {
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
  return later;
}

// Simulates restoring one record of entry `i` on `sim`: a restore, or a conflict in `report`.
void simulate_record(const fs::path& root, const Journal& journal,
                     const std::vector<bool>& selected, std::size_t i, const JournalFile& record,
                     const std::string& key, SimulatedPath& sim, Force force,
                     RevertReport& report) {
  const JournalEntry& entry = journal.entries[i];
  Conflict conflict;
  conflict.patchset = entry.id;
  conflict.path = record.path;
  conflict.repository = record.repository;
  conflict.current = sim.now.value_or("");
  conflict.expected = record.applied;
  conflict.original = record.original;
  // A later patchset that stays applied and changed this file again: reverting this one would
  // silently drop (or, forced, garble) the later change.
  if (const std::size_t later = later_change(root, journal, selected, i, key); later != i) {
    conflict.kind = ConflictKind::changed_by_later_patchset;
    conflict.later_patchset = journal.entries[later].id;
    report.conflicts.push_back(std::move(conflict));
    return;
  }
  const bool as_written = sim.now && fnv1a_64(*sim.now) == record.after_hash;
  const bool already_original = sim.now && fnv1a_64(*sim.now) == record.before_hash;
  if (!as_written && !already_original && force == Force::no) {
    conflict.kind = sim.now ? ConflictKind::changed_since_apply : ConflictKind::missing;
    report.conflicts.push_back(std::move(conflict));
    return;
  }
  report.restored.push_back(
      RestoredFile{entry.id, record.path, record.repository, !as_written && !already_original});
  sim.now = record.original;
}

// Simulates the restores newest first on the bytes as they would be after each step.
Result<Simulation> simulate_revert(const fs::path& root, const Journal& journal,
                                   const std::vector<bool>& selected, Force force,
                                   RevertReport& report) {
  Simulation simulation;
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
      auto sim = simulation.paths.find(key);
      if (sim == simulation.paths.end()) {
        auto current = read_if_present(resolved);
        if (!current) {
          return with_context(current, "revert " + entry.id);
        }
        sim = simulation.paths.emplace(key, SimulatedPath{resolved, *current, *current}).first;
        simulation.write_order.push_back(key);
      }
      simulate_record(root, journal, selected, i, *record, key, sim->second, force, report);
    }
  }
  return simulation;
}

// Writes the pending journal, then each restored file, then the journal without the reverted
// entries; a failure after the pending journal is written is settled at once.
Result<void> write_revert(const fs::path& root, const fs::path& file, const Journal& journal,
                          const std::vector<bool>& selected, const Simulation& simulation,
                          Force force, Durability durability) {
  Journal pending = journal;
  pending.pending =
      force == Force::yes ? PendingTransaction::revert_forced : PendingTransaction::revert;
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
  for (const std::string& key : simulation.write_order) {
    const SimulatedPath& sim = simulation.paths.at(key);
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
  return {};
}

} // namespace

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
  const Journal journal = std::move(*loaded);
  const std::vector<bool> selected = select_entries(journal, ids, report);
  if (std::find(selected.begin(), selected.end(), true) == selected.end()) {
    return report;
  }
  TP_TRY_ASSIGN(const auto simulation, simulate_revert(root, journal, selected, force, report));
  if (!report.conflicts.empty()) {
    report.outcome = RevertOutcome::conflicted;
    return report;
  }
  if (dry == Dry::yes) {
    report.outcome = RevertOutcome::would_revert;
    return report;
  }
  TP_TRY(write_revert(root, file, journal, selected, simulation, force, durability));
  report.outcome = RevertOutcome::reverted;
  return report;
}

namespace {

// What torchpatch last wrote to each file among the settled patchsets, and what is there now.
struct SettledFiles {
  std::map<std::string, std::uint64_t> last_written;
  std::map<std::string, std::optional<std::string>> on_disk;
};

Result<SettledFiles> settled_files(const fs::path& root, const Journal& journal) {
  SettledFiles files;
  for (const JournalEntry& entry : journal.entries) {
    if (entry.state == EntryState::applying) {
      continue;
    }
    for (const JournalFile& record : entry.files) {
      auto located = locate(root, record.path);
      if (!located) {
        return with_context(located, "status of " + entry.id);
      }
      files.last_written[located->second] = record.after_hash;
      if (!files.on_disk.count(located->second)) {
        auto current = read_if_present(located->first);
        if (!current) {
          return with_context(current, "status of " + entry.id);
        }
        files.on_disk.emplace(located->second, std::move(*current));
      }
    }
  }
  return files;
}

} // namespace

Result<JournalState> load_journal(const fs::path& root, const fs::path& journal_dir) {
  JournalState state;
  state.journal = journal_path(journal_dir);
  TP_TRY_ASSIGN(const std::optional<Journal> loaded, read_journal(state.journal));
  if (!loaded) {
    return state;
  }
  const Journal& journal = *loaded;
  state.exists = true;
  state.interrupted = journal.pending != PendingTransaction::none;
  state.engine_version = journal.engine_version;
  state.catalog_version = journal.catalog_version;
  TP_TRY_ASSIGN(const auto files, settled_files(root, journal));
  for (const JournalEntry& entry : journal.entries) {
    if (entry.state == EntryState::applying) {
      continue;
    }
    PatchsetStatus patchset{
        entry.id, entry.applied_at, entry.catalog_version, entry.engine_version, {}};
    for (const JournalFile& record : entry.files) {
      const std::string key = locate(root, record.path)->second;
      const std::optional<std::string>& current = files.on_disk.at(key);
      FileState file_state = FileState::missing;
      if (current) {
        file_state = fnv1a_64(*current) == files.last_written.at(key) ? FileState::unchanged
                                                                      : FileState::changed;
      }
      patchset.files.push_back(FileStatus{record.path, record.repository, file_state});
    }
    state.patchsets.push_back(std::move(patchset));
  }
  return state;
}

} // namespace tp::txn
