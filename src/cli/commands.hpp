#pragma once
// One file per command, each in CLI11's own pattern: `setup_X` declares the command and its
// options on the app and returns how to run it once parsed; `run_X` beside it does the work.
// cli/main.cpp builds the app from the table of setup functions and runs the parsed command.
#include <filesystem>
#include <functional>
#include <string>

#include "cli/context.hpp"

namespace CLI {
class App;
class Option;
} // namespace CLI

namespace tp::cli {

struct Command {
  CLI::App* app = nullptr;                      // the command, to ask whether it was parsed
  std::function<int(const GlobalOptions&)> run; // the process exit code
};

// An option or positional argument naming a path: the UTF-8 argument becomes a path through
// platform::path_from_utf8, the one conversion (cli/main.cpp).
CLI::Option* add_path_option(CLI::App& app, const std::string& name, std::filesystem::path& into,
                             const std::string& description);

Command setup_apply(CLI::App& app);  // apply_command.cpp
Command setup_export(CLI::App& app); // apply_command.cpp
Command setup_revert(CLI::App& app); // journal_commands.cpp
Command setup_status(CLI::App& app); // journal_commands.cpp
Command setup_list(CLI::App& app);   // catalog_commands.cpp
Command setup_show(CLI::App& app);   // catalog_commands.cpp
Command setup_test(CLI::App& app);
Command setup_lint(CLI::App& app);
Command setup_explain(CLI::App& app);
Command setup_query(CLI::App& app);
Command setup_new(CLI::App& app);
Command setup_matrix(CLI::App& app);

} // namespace tp::cli
