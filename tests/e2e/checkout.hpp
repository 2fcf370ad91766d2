#pragma once
// Support for the end-to-end tests: a fresh temporary folder per test (kept and printed when the
// test fails), fixtures made into real git checkouts by scripts/make_checkout.sh, the CLI run in
// process with its output captured, shell commands (git, python3) with theirs, and snapshots of
// every file of a tree for byte comparisons.
//
// A tool the tests need (bash, git, python3) that is missing makes the test fail, never skip.
#include <filesystem>
#include <initializer_list>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <doctest/doctest.h>

namespace tp::e2e {

namespace fs = std::filesystem;

// True once an assertion of the running test case has failed (or it threw); maintained by the
// listener registered in main.cpp.
bool current_test_failed();

// A fresh folder under the system temporary folder. Removed by the destructor when the test
// passed; kept, and its path printed on stderr, when it failed.
class TempDir {
public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const fs::path& path() const { return m_path; }
  fs::path operator/(std::string_view relative) const { return m_path / relative; }

private:
  fs::path m_path;
};

// The checked-out project (TP_SOURCE_DIR) and the built binary (TP_BINARY).
fs::path source_dir();
fs::path binary_path();

// The fixtures of fixtures/README.md.
inline const std::vector<std::string> k_fixtures = {"v1.12.1", "v1.13.1", "v2.0.1", "v2.6.0"};

// Runs `bash scripts/make_checkout.sh fixtures/<fixture> <dir>/<name>` and returns the checkout's
// path; REQUIREs that it succeeded.
fs::path make_checkout(const TempDir& dir, std::string_view fixture,
                       std::string_view name = "checkout");

struct Output {
  int code = -1;
  std::string out;
  std::string err;
};

// Runs tp::cli::main in this process with `--color never` and then `args`, capturing what it
// writes to std::cout and std::cerr. Without the colour option the text output would depend on
// whether the test runner's stdout is a terminal.
Output torchpatch(const std::vector<std::string>& args);
// The same with `-C dir` first.
Output torchpatch_in(const fs::path& dir, const std::vector<std::string>& args);

// Runs `command` with /bin/sh (through popen), in `cwd` when given, capturing stdout and stderr.
Output shell(const std::string& command, const fs::path& cwd = {});
// A word quoted for the shell.
std::string quote(std::string_view word);
// `git` with a fixed identity and no CRLF conversion, so that tests never depend on the user's
// global configuration. Use as: shell(git() + " -C " + quote(dir) + " status").
std::string git();
// Runs a git command line (arguments after `git`) in `dir`, REQUIREs success, returns stdout.
std::string git_ok(const fs::path& dir, const std::string& arguments);

// `git status --porcelain` of the superproject followed by every submodule's (recursively,
// each block headed by the submodule path `git submodule foreach` prints).
std::string git_status_all(const fs::path& checkout);

// Every regular file under a tree (submodules included, every `.git` left out): its bytes and
// whether it is executable. Paths are relative and '/'-separated.
struct FileState {
  std::string bytes;
  bool executable = false;
  bool operator==(const FileState&) const = default;
};
using Snapshot = std::map<std::string, FileState>;
Snapshot snapshot(const fs::path& root);

// The paths whose bytes or mode differ between two snapshots (added and removed included).
std::set<std::string> changed_paths(const Snapshot& before, const Snapshot& after);
// Those paths joined for a readable failure message ("" when the snapshots are equal).
std::string describe_changes(const Snapshot& before, const Snapshot& after);

std::string read_bytes(const fs::path& file);
void write_bytes(const fs::path& file, std::string_view bytes);

// Commits every change of the superproject's work tree (modes included) and moves the fixture's
// tags onto the new commit, so that the version still comes from the tag at HEAD.
void commit_and_retag(const fs::path& checkout, std::string_view fixture,
                      const std::string& message);

// The paths a unified diff names in its `+++ b/<path>` lines.
std::set<std::string> paths_of_diff(std::string_view diff);

// Joins a set for messages.
std::string join(const std::set<std::string>& items);

// Per patchset id: its outcome, as printed by the text summary (lines after the "PyTorch …"
// header whose first column is the outcome).
std::map<std::string, std::string> outcomes_of_text(std::string_view text);
// The same from `--format json`, read by python3 (which also proves the JSON parses).
std::map<std::string, std::string> outcomes_of_json(const TempDir& dir, std::string_view json);
// Runs a python3 program on `json` (written to a file in `dir`, passed as sys.argv[1]).
Output python_on_json(const TempDir& dir, std::string_view program, std::string_view json);

// The expected outcome of every patchset per fixture (fixtures/README.md).
std::map<std::string, std::string> expected_outcomes(std::string_view fixture);

// The files `apply` changes in each fixture (fixtures/README.md: which edits apply where).
std::set<std::string> expected_changed_files(std::string_view fixture);

// The shipped catalog's version (patchsets/catalog.toml), as reports print it.
std::string shipped_catalog_version();

// Replaces exactly one occurrence of `from` in the file with `to`; REQUIREs that there is one.
void replace_once(const fs::path& file, std::string_view from, std::string_view to);

} // namespace tp::e2e

// Outcome tables print as "{id: outcome, …}" in failed checks.
template <> struct doctest::StringMaker<std::map<std::string, std::string>> {
  static doctest::String convert(const std::map<std::string, std::string>& map) {
    std::string out = "{";
    for (const auto& [key, value] : map)
      out += (out.size() > 1 ? ", " : "") + key + ": " + value;
    return (out + "}").c_str();
  }
};

// One subcase per fixture of fixtures/README.md, the fixture's name in `var`.
#define TP_FOR_EACH_FIXTURE(var)                                                                   \
  for (const std::string& var : ::tp::e2e::k_fixtures)                                             \
  SUBCASE(("fixture " + var).c_str())

// A fresh temporary folder for this test, whose path every failing check prints.
#define TP_E2E_DIR(name)                                                                           \
  ::tp::e2e::TempDir name;                                                                         \
  INFO("test directory: " << name.path().string())
