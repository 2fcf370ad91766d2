#pragma once
// What apply, revert and recovery share (txn/ only): the journal's lock, a file that may be
// absent, a recorded path as the key of its file, and settling a transaction that failed after
// its journal entry was written.
#include <charconv>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "txn/transaction.hpp"

namespace tp::txn {

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

Result<std::unique_ptr<platform::FileLock>> lock_journal(const fs::path& journal_dir);

// The file's bytes, or std::nullopt when nothing is there.
Result<std::optional<std::string>> read_if_present(const fs::path& path);

// The recorded path as the key that identifies a file across records ('\\' and "./" folded).
Result<std::pair<fs::path, std::string>> locate(const fs::path& root, std::string_view path);

// The core of recovery; the caller holds the lock and has read `journal` from `file`.
Result<RecoveryReport> recover_locked(const fs::path& root, const fs::path& file, Journal journal,
                                      Force force, Durability durability);

// After a failure inside a transaction whose journal entry is on disk: undo or finish it at once
// so that the tree and journal agree, and say what happened in the returned error.
Unexpected<Error> settle_after_failure(const fs::path& root, const fs::path& file,
                                       const Journal& pending, Error error);

// The journal to add a transaction to (empty when there is none); refuses a pending one.
Result<Journal> load_for_write(const fs::path& file, const Versions* versions);

} // namespace tp::txn
