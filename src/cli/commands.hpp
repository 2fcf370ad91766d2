#pragma once
// One function per subcommand; each returns the process exit code.
#include <string>
#include <vector>

#include "cli/context.hpp"

namespace tp::cli {

enum class Dry { no, yes };
enum class Partial { no, yes };
enum class Force { no, yes };

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
int run_list(const GlobalOptions& options);
int run_show(const GlobalOptions& options, const std::string& id);

} // namespace tp::cli
