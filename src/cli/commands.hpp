#pragma once
// One function per subcommand; each returns the process exit code.
#include <string>
#include <vector>

#include "base/modes.hpp"
#include "cli/context.hpp"

namespace tp::cli {

struct ApplyArgs {
  Dry dry = Dry::no;
  Partial partial = Partial::no;
  std::vector<std::string> only;
};

struct RevertArgs {
  Dry dry = Dry::no;
  Force force = Force::no;
  std::vector<std::string> ids; // empty: all
};

struct TestArgs {
  std::vector<std::string> ids;
  bool update = false;
};

int run_apply(const GlobalOptions& options, const ApplyArgs& args);
int run_test(const GlobalOptions& options, const TestArgs& args);
int run_export(const GlobalOptions& options, const std::string& directory);
int run_revert(const GlobalOptions& options, const RevertArgs& args);
int run_status(const GlobalOptions& options);
// list: one line per patchset and gate, or (--verbose) every edit of every file, as apply --dry.
enum class ListDetail { per_patchset, per_edit };
int run_list(const GlobalOptions& options, ListDetail detail);
int run_show(const GlobalOptions& options, const std::string& id);

// Authoring tools (docs/authoring.md).
struct QueryArgs {
  std::string language;              // --lang c|cpp|python: a tree-sitter query
  bool cmake = false;                // --cmake: command invocations
  bool regex = false;                // --regex: an RE2 pattern
  std::string file;
  std::string pattern;               // the query, command name or regex
};

struct NewArgs {
  std::string id;
  std::string path;                  // --file: the path in the checkout
  std::string before;                // --before FILE
  std::string after;                 // --after FILE
};

struct MatrixArgs {
  std::vector<std::string> revs;     // --revs REV,…
  std::string tags;                  // --tags GLOB
};

int run_lint(const GlobalOptions& options);
int run_query(const GlobalOptions& options, const QueryArgs& args);
int run_new(const GlobalOptions& options, const NewArgs& args);
int run_matrix(const GlobalOptions& options, const MatrixArgs& args);
int run_explain(const GlobalOptions& options, const std::string& log_file);

} // namespace tp::cli
