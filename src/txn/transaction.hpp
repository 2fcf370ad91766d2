#pragma once
// The one writer: applies a set of file changes as a single journaled transaction, reverts
// journaled patchsets, recovers from an interrupted run, and reports drift. Nothing here prints;
// every outcome is a report. See docs/journal.md for the on-disk format and the guarantees.
//
// Every function takes the checkout `root` (the superproject's work tree; FileChange paths are
// relative to it) and the `journal_dir`, the torchpatch folder in the superproject's git dir
// (engine::journal_dir_of(git_dir)). Writers hold `<journal_dir>/lock` for their whole run, waiting
// up to k_lock_wait for another torchpatch.
#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "base/modes.hpp"
#include "base/result.hpp"
#include "platform/files.hpp"
#include "txn/journal.hpp"

namespace tp::txn {

namespace fs = std::filesystem;

using platform::Durability;

inline constexpr std::chrono::milliseconds k_lock_wait{2000};

// The environment variable of the test-only crash hook: with "N", a transaction exits the
// process with std::_Exit(137) right after its N-th file replacement; "0" exits right after the
// journal entry is written, before any file is replaced. Never set it outside tests.
inline constexpr const char* k_crash_hook_variable = "TORCHPATCH_TEST_CRASH_AFTER";

using tp::Dry; // callers may keep writing txn::Force, txn::Dry
using tp::Force;

struct FileChange {
  std::string path;       // relative to the checkout root, '/'-separated
  std::string repository; // "" for the superproject, else the submodule's path from the root
  std::string before;     // the exact bytes on disk now
  std::string after;      // the exact bytes to write
};

struct PatchsetChange {
  std::string id;
  std::vector<FileChange> files;
  std::vector<std::string> skipped; // with --partial: "edit-name file: outcome: why", recorded
};

struct Versions {
  std::string engine;  // torchpatch's version
  std::string catalog; // the catalog's version
};

struct AppliedPatchset {
  std::string id;
  std::string applied_at; // UTC, "2024-05-01T12:34:56Z"
  std::size_t files = 0;  // file changes recorded for it
};

struct ApplyRecord {
  std::vector<AppliedPatchset> patchsets; // in order of application
  std::size_t files_written = 0;          // distinct files replaced on disk
  fs::path journal;                       // the journal file that now records them
};

// Applies `patchsets` in order as one transaction: checks every path with resolve_inside and
// every file's bytes on disk against FileChange::before (the first change of a path; a later
// change of the same path must start from the previous one's `after`), refuses binary content
// (a NUL byte), writes and flushes the journal entry, then replaces each file atomically with
// its final bytes, and finally commits the journal. If anything fails after the journal entry is
// written, the files already replaced are restored at once (as recover_interrupted would) and
// the error says so. Fails without writing anything when a transaction is pending (run
// recover_interrupted first), when a patchset id is already applied or repeated, or when the
// lock is held. An empty `patchsets` writes nothing.
Result<ApplyRecord> apply_transaction(const fs::path& root, const fs::path& journal_dir,
                                      const std::vector<PatchsetChange>& patchsets,
                                      const Versions& versions,
                                      Durability durability = Durability::flush);

enum class ConflictKind {
  changed_since_apply,      // the file's bytes are neither what torchpatch wrote nor the original
  missing,                  // the file is gone
  changed_by_later_patchset // a later applied patchset, not being reverted, changed it again
};

// A file torchpatch will not overwrite. `current` and `expected` let the caller show a diff.
struct Conflict {
  std::string patchset; // the patchset whose record this is
  std::string path;
  std::string repository;
  ConflictKind kind = ConflictKind::changed_since_apply;
  std::string current;        // the bytes on disk ("" when missing)
  std::string expected;       // the bytes torchpatch wrote there and expected to find
  std::string original;       // the bytes a revert would restore
  std::string later_patchset; // with changed_by_later_patchset: the one that changed it
};

struct RestoredFile {
  std::string patchset;
  std::string path;
  std::string repository;
  bool overwrote_changes = false; // Force::yes replaced bytes changed since apply
};

enum class RecoveryKind {
  nothing_pending,   // the last run finished
  rolled_back_apply, // an interrupted apply was undone: its files hold their original bytes
  completed_revert,  // an interrupted revert was finished: its files hold their original bytes
  blocked            // conflicts (see `conflicts`): nothing was written, the journal still pending
};

struct RecoveryReport {
  RecoveryKind kind = RecoveryKind::nothing_pending;
  std::vector<std::string> patchsets; // the ids of the interrupted transaction
  std::vector<RestoredFile> restored; // files written back (distinct paths)
  std::vector<Conflict> conflicts;    // only with RecoveryKind::blocked
};

// Finishes the transaction an interrupted run left behind, if any; every command calls this
// first. An interrupted apply is rolled back, an interrupted revert is completed: either way its
// files end with their original bytes and the journal no longer lists the transaction's
// patchsets. A file whose bytes are neither the original nor what the transaction wrote is a
// conflict: with Force::no nothing is written and the journal stays pending (kind `blocked`);
// with Force::yes it is overwritten too. A corrupt journal is an error and is left as it is.
Result<RecoveryReport> recover_interrupted(const fs::path& root, const fs::path& journal_dir,
                                           Force force = Force::no);

enum class RevertOutcome {
  reverted,      // files restored, the patchsets removed from the journal
  would_revert,  // Dry::yes: the same report, nothing written
  conflicted,    // at least one conflict (without Force::yes): nothing written
  nothing_to_do, // no requested patchset is applied
};

struct RevertReport {
  RevertOutcome outcome = RevertOutcome::nothing_to_do;
  std::vector<std::string> reverted;    // ids in the order undone (reverse of application)
  std::vector<std::string> not_applied; // requested ids the journal does not hold
  std::vector<RestoredFile> restored;   // one per journal file record, in the order undone
  std::vector<Conflict> conflicts;      // files left alone
};

// Reverts the patchsets `ids` (all applied ones when empty), newest first, restoring each file's
// original bytes. A file changed since apply or missing is a conflict unless Force::yes; a file
// also changed by a later patchset that is not being reverted is always a conflict. Any conflict
// means nothing is written. Dry::yes computes the same report and writes nothing. On success the
// patchsets leave the journal (the journal file is removed when none remain). Fails when a
// transaction is pending or the lock is held.
Result<RevertReport> revert(const fs::path& root, const fs::path& journal_dir,
                            const std::vector<std::string>& ids, Force force = Force::no,
                            Dry dry = Dry::no, Durability durability = Durability::flush);

enum class FileState {
  unchanged, // holds what torchpatch last wrote to it
  changed,   // differs from that
  missing,
};

struct FileStatus {
  std::string path;
  std::string repository;
  FileState state = FileState::unchanged;
};

struct PatchsetStatus {
  std::string id;
  std::string applied_at;
  std::string catalog_version;
  std::string engine_version;
  std::vector<FileStatus> files;
};

struct JournalState {
  fs::path journal;           // the journal file (which need not exist)
  bool exists = false;        // false: nothing applied
  bool interrupted = false;   // a transaction is pending: run recover_interrupted
  std::string engine_version; // of the last writer
  std::string catalog_version;
  std::vector<PatchsetStatus> patchsets; // settled ones, in order of application
};

// Reads the journal (without the lock: the journal is only ever replaced atomically) and
// compares each recorded file with the tree. A file changed by several patchsets is compared
// with what the last of them wrote.
Result<JournalState> load_journal(const fs::path& root, const fs::path& journal_dir);

} // namespace tp::txn
