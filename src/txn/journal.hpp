#pragma once
// The journal: torchpatch's one state file, `<git dir>/torchpatch/journal`. It lists the applied
// patchsets in order with, for each file, the original and applied bytes and their hashes, plus
// the transaction in progress if a run was interrupted. This header is the in-memory model and
// its exact on-disk form (docs/journal.md); nothing here touches the checkout.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.hpp"

namespace tp::txn {

namespace fs = std::filesystem;

// The format version written in the first line; any other version is refused.
inline constexpr int k_journal_version = 1;

// FNV-1a, 64 bits: the hash of file contents and of the journal itself. It detects accidental
// change (hand edits, truncation, a flipped byte), which is all torchpatch needs; it is not a
// defence against someone forging a journal.
std::uint64_t fnv1a_64(std::string_view bytes);
// "fnv1a64:" followed by 16 lower-case hex digits.
std::string format_hash(std::uint64_t hash);

// Where the journal and its lock live inside the journal folder (engine::journal_dir_of).
fs::path journal_path(const fs::path& journal_dir); // <journal dir>/journal
fs::path lock_path(const fs::path& journal_dir);    // <journal dir>/lock

// What a transaction in progress is doing; `none` when the last run finished.
enum class PendingTransaction { none, apply, revert, revert_forced };

// A patchset's place in the transaction: `applied` is settled; `applying` belongs to an apply
// that has not committed, `reverting` to a revert that has not.
enum class EntryState { applied, applying, reverting };

struct JournalFile {
  std::string path;              // relative to the checkout root, '/'-separated
  std::string repository;        // "" for the superproject, else the submodule path from the root
  std::string original;          // the bytes before this patchset
  std::string applied;           // the bytes this patchset wrote
  std::uint64_t before_hash = 0; // fnv1a_64(original)
  std::uint64_t after_hash = 0;  // fnv1a_64(applied)
};

struct JournalEntry {
  std::string id;
  std::string applied_at; // UTC, "2024-05-01T12:34:56Z"
  std::string catalog_version;
  std::string engine_version;
  EntryState state = EntryState::applied;
  std::vector<std::string> skipped; // edits left out with --partial, as the caller described them
  std::vector<JournalFile> files;
};

struct Journal {
  std::string engine_version;  // of the torchpatch that last wrote the journal
  std::string catalog_version; // of the catalog that run used
  PendingTransaction pending = PendingTransaction::none;
  std::vector<JournalEntry> entries; // in order of application
};

// The journal's exact bytes (version 1). Single-line fields must not hold '\r' or '\n'
// (validate_single_line); byte fields are length-prefixed and may hold anything.
std::string serialize_journal(const Journal& journal);

// Parses `bytes`, read from `path` (named in messages). An unknown version line fails with
// "<path>: unsupported journal version '<v>' (this torchpatch reads version 1)"; anything else
// wrong (truncation, a checksum or file hash that does not match, garbage) fails with a message
// that starts "corrupt journal <path>: ". A corrupt journal is never repaired or discarded here.
Result<Journal> parse_journal(std::string_view bytes, const fs::path& path);

// Reads and parses the journal file; std::nullopt when it does not exist.
Result<std::optional<Journal>> read_journal(const fs::path& file);

// Atomically replaces the journal file with `journal`, flushed to disk; removes the file when the
// journal holds no entries.
Result<void> write_journal(const fs::path& file, const Journal& journal);

// Fails when `value` holds a line break, which a single-line journal field cannot represent.
Result<void> validate_single_line(std::string_view what, std::string_view value);

// The current time as "YYYY-MM-DDTHH:MM:SSZ".
std::string utc_now();

} // namespace tp::txn
