#pragma once
// The process exit codes; the same table is in README.md.
namespace tp {

enum class ExitCode : int {
  ok = 0,          // nothing conflicts
  conflict = 1,    // at least one edit conflicts (or a test/explain found a failure / no match)
  usage = 2,       // bad flags, a patchset or catalog that does not load, lint problems
  environment = 3, // not a git checkout, unreadable file, unknown version, corrupt journal
  internal = 70,   // a bug: an exception escaped; please report it
};

inline int to_int(ExitCode code) {
  return static_cast<int>(code);
}

} // namespace tp
