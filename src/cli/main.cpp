#include "cli/main.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <exception>
#include <functional>
#include <initializer_list>
#include <iostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/suggestion.hpp"
#include "catalog/catalog.hpp"
#include "cli/commands.hpp"
#include "platform/files.hpp"

#ifndef TP_ENGINE_VERSION
#define TP_ENGINE_VERSION "0.0.0"
#endif
#if __has_include("tp_build_info.hpp")
#include "tp_build_info.hpp" // TP_BUILD_COMMIT, written by cmake/build_info.cmake
#endif
#ifndef TP_BUILD_COMMIT
#define TP_BUILD_COMMIT "unknown"
#endif

namespace tp::cli {

namespace {

std::string version_text() {
  const std::string catalog_version = catalog::embedded_catalog_version();
  return std::string("torchpatch ") + TP_ENGINE_VERSION + " (catalog " +
         (catalog_version.empty() ? "unloadable" : catalog_version) + ", commit " + TP_BUILD_COMMIT + ")";
}

std::string join(const std::vector<std::string_view>& names) {
  std::string out;
  for (std::string_view n : names)
    out += (out.empty() ? "" : ", ") + std::string(n);
  return out;
}

// The end of an "unknown …" message, worded as the catalog's loader words an unknown key.
std::string did_you_mean(std::string_view name, const std::vector<std::string_view>& known) {
  auto best = closest_name(name, known);
  return best ? "did you mean '" + *best + "'?" : "expected one of: " + join(known);
}

// The values of an enum option, matched case-insensitively (`--format JSON`); the help shows
// them as `text|diff|json|github`, and an unknown one is a usage error that names them.
template <typename Enum>
CLI::Validator one_of(std::vector<std::pair<std::string_view, Enum>> values) {
  return CLI::Validator(
      [values](std::string& value) -> std::string {
        std::string lower = value;
        std::transform(lower.begin(), lower.end(), lower.begin(),
                       [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        std::vector<std::string_view> names;
        for (const auto& [name, e] : values) {
          if (lower == name) {
            value = std::to_string(static_cast<int>(e)); // what CLI11 converts to the enum
            return "";
          }
          names.push_back(name);
        }
        return "unknown value '" + value + "'; " + did_you_mean(lower, names);
      },
      "");
}

template <typename Enum>
std::string choices(const std::vector<std::pair<std::string_view, Enum>>& values) {
  std::string out;
  for (const auto& [name, e] : values)
    out += (out.empty() ? "" : "|") + std::string(name);
  return out;
}

bool is_option(const std::string& argument) { return argument.size() > 1 && argument[0] == '-'; }

// The options of `apps` (a command, then the global ones it accepts too), each by its long name,
// or its short one when it has none.
std::vector<std::string> option_names(std::initializer_list<const CLI::App*> apps) {
  std::vector<std::string> names;
  for (const CLI::App* a : apps) {
    if (!a)
      continue;
    for (const CLI::Option* o : a->get_options()) {
      std::string name = !o->get_lnames().empty()   ? "--" + o->get_lnames().front()
                         : !o->get_snames().empty() ? "-" + o->get_snames().front()
                                                    : "";
      if (!name.empty() && std::find(names.begin(), names.end(), name) == names.end())
        names.push_back(name);
    }
  }
  return names;
}

// What CLI11 rejected, said the way the catalog's loader says it of a key: the argument, and
// the nearest name torchpatch knows. CLI11's own message is the fallback ("DIR is required").
std::string describe_parse_error(const CLI::App& app, const CLI::ParseError& error) {
  const CLI::App* command = nullptr;
  for (const CLI::App* parsed : app.get_subcommands())
    command = parsed;
  std::vector<std::string_view> commands;
  for (const CLI::App* sub : app.get_subcommands({}))
    commands.push_back(sub->get_name());

  const std::vector<std::string> left = app.remaining(true);
  if (left.empty()) {
    if (!command)
      return "a command is required; expected one of: " + join(commands);
    // "DIR is required" alone does not say whose.
    if (dynamic_cast<const CLI::RequiredError*>(&error))
      return command->get_name() + ": " + error.what();
    return error.what();
  }
  const std::string& first = left.front();
  if (!is_option(first)) {
    if (!command)
      return "unknown command '" + first + "'; " + did_you_mean(first, commands);
    return "unexpected argument '" + first + "' to '" + command->get_name() + "'";
  }
  const std::string name = first.substr(0, first.find('='));
  // A command's option given before the command: say where it goes.
  for (const CLI::App* sub : app.get_subcommands({})) {
    const std::vector<std::string> own = option_names({sub});
    if ((!command || command == sub) && std::find(own.begin(), own.end(), name) != own.end())
      return "option '" + name + "' goes after the command: torchpatch " + sub->get_name() + " " +
             name;
  }
  const std::vector<std::string> names = option_names({command, &app});
  std::vector<std::string_view> known(names.begin(), names.end());
  // A one-letter option is one edit away from every other: no guess, the list.
  if (name.size() == 2)
    return "unknown option '" + name + "'; expected one of: " + join(known);
  return "unknown option '" + name + "'; " + did_you_mean(name, known);
}

int run(int argc, char** argv) {
  CLI::App app{"torchpatch: a versioned, tested catalog of source patches for building older "
               "PyTorch releases with today's toolchains"};
  app.require_subcommand(1);
  // A callback: reading the catalog's version is for --version alone, not a cost every command
  // pays before it starts.
  app.set_version_flag("--version", std::function<std::string()>(version_text));

  GlobalOptions options;
  app.add_option("-C", options.directory, "Run as if started in DIR (the checkout is found upward)")
      ->option_text("DIR");
  app.add_option("--catalog", options.catalog_dir, "Read patchsets from DIR instead of the built-in catalog")
      ->option_text("DIR");
  app.add_option("--torch-version", options.torch_version,
                 "Treat the checkout as this PyTorch version (overrides tags and version.txt)")
      ->option_text("V");
  app.add_option("--fact", options.facts, "A fact for patchset conditions, e.g. compiler=clang-cl")
      ->option_text("KEY=VALUE");
  const std::vector<std::pair<std::string_view, Format>> formats{
      {"text", Format::text}, {"diff", Format::diff}, {"json", Format::json}, {"github", Format::github}};
  app.add_option("--format", options.format, "Output: text (default), diff, json or github")
      ->transform(one_of(formats))
      ->option_text(choices(formats));
  const std::vector<std::pair<std::string_view, Color>> colors{
      {"auto", Color::auto_}, {"always", Color::always}, {"never", Color::never}};
  app.add_option("--color", options.color, "Color the text output: auto (default), always, never")
      ->transform(one_of(colors))
      ->option_text(choices(colors));
  app.fallthrough();

  ApplyArgs apply_args;
  bool dry = false, partial = false;
  auto* apply = app.add_subcommand("apply", "Apply the catalog's patchsets for this checkout's version");
  apply->add_flag("--dry,-n", dry, "Show what would change (a unified diff) and change nothing");
  apply->add_flag("--partial", partial, "Apply the patchsets without conflicts even if others conflict");
  apply->add_option("--only", apply_args.only, "Only these patchset ids")->option_text("ID ...");

  RevertArgs revert_args;
  bool revert_dry = false, revert_force = false;
  auto* revert = app.add_subcommand("revert", "Restore the original bytes of applied patchsets (default: all)");
  revert->add_option("ID", revert_args.ids, "Patchset ids to revert");
  revert->add_flag("--dry,-n", revert_dry, "Show what would be restored and change nothing");
  revert->add_flag("--force", revert_force, "Also overwrite files changed by hand since apply");

  auto* status = app.add_subcommand("status", "Which patchsets are applied, drift since, and what would apply now");

  std::string export_dir;
  auto* exp = app.add_subcommand("export", "Write the plan as a quilt-style series (one .patch per patchset)");
  exp->add_option("DIR", export_dir, "Folder to write the series into")->required();

  TestArgs test_args;
  auto* test = app.add_subcommand("test", "Run the catalog's cases (before -> after, re-apply, round trip)");
  test->add_option("ID", test_args.ids, "Patchset ids (default: all)");
  test->add_flag("--update", test_args.update, "Rewrite the cases' after/ files from what the patchsets produce");

  bool list_verbose = false;
  auto* list = app.add_subcommand("list", "Every patchset and gate: one line each, whether it applies to this checkout");
  list->add_flag("--verbose", list_verbose,
                 "Every edit of each patchset with its file and line, as apply --dry shows them");
  std::string show_id;
  auto* show = app.add_subcommand("show", "A patchset with its references and edits");
  show->add_option("ID", show_id, "Patchset id")->required();

  auto* lint = app.add_subcommand("lint", "Check every patchset and case of the catalog; show every problem at once");

  std::string explain_log;
  auto* explain = app.add_subcommand("explain", "Which patchsets fix the errors in a failing build log");
  explain->add_option("LOGFILE", explain_log, "The build log ('-' for standard input)")->required();

  QueryArgs query_args;
  auto* query = app.add_subcommand("query", "Show what a syntax query, cmake command or regex matches in a file");
  query->add_option("--lang", query_args.language, "A tree-sitter query in this language: c, cpp or python")
      ->option_text("c|cpp|python");
  query->add_flag("--cmake", query_args.cmake, "List invocations of a cmake command (case-insensitive)");
  query->add_flag("--regex", query_args.regex, "An RE2 pattern ((?m) implied), with its named groups");
  query->add_option("FILE", query_args.file, "The file to search")->required();
  query->add_option("PATTERN", query_args.pattern, "The query, command name or regex")->required();

  NewArgs new_args;
  auto* create = app.add_subcommand("new", "Draft a patchset and its first case from a file and its edited version");
  create->add_option("ID", new_args.id, "The new patchset's id")->required();
  create->add_option("--file", new_args.path, "The file's path in the checkout, e.g. torch/csrc/x.cpp")->required();
  create->add_option("--before", new_args.before, "The file as found")->required()->option_text("FILE");
  create->add_option("--after", new_args.after, "The file as edited by hand")->required()->option_text("FILE");

  MatrixArgs matrix_args;
  auto* matrix = app.add_subcommand("matrix", "Plan the catalog against many revisions, read from git's objects (no checkout)");
  matrix->add_option("--revs", matrix_args.revs, "Revisions to plan, comma-separated")->delimiter(',')->option_text("REV,...");
  matrix->add_option("--tags", matrix_args.tags, "Tags matching this glob (default without --revs: every version tag)")
      ->option_text("GLOB");

  // The README's words: commands, not subcommands; `--format text|diff|json|github` fits in the
  // first column.
  app.get_formatter()->label("SUBCOMMAND", "COMMAND");
  app.get_formatter()->column_width(34);
  for (CLI::App* sub : app.get_subcommands({}))
    sub->group("Commands");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version end parsing with success; every real parse error is a usage error.
    if (e.get_exit_code() == static_cast<int>(CLI::ExitCodes::Success))
      return app.exit(e);
    print_error(describe_parse_error(app, e));
    return to_int(ExitCode::usage);
  }
  apply_args.dry = dry ? Dry::yes : Dry::no;
  apply_args.partial = partial ? Partial::yes : Partial::no;

  if (apply->parsed())
    return run_apply(options, apply_args);
  if (revert->parsed()) {
    revert_args.dry = revert_dry ? Dry::yes : Dry::no;
    revert_args.force = revert_force ? Force::yes : Force::no;
    return run_revert(options, revert_args);
  }
  if (status->parsed())
    return run_status(options);
  if (exp->parsed())
    return run_export(options, export_dir);
  if (test->parsed())
    return run_test(options, test_args);
  if (list->parsed())
    return run_list(options, list_verbose ? ListDetail::per_edit : ListDetail::per_patchset);
  if (show->parsed())
    return run_show(options, show_id);
  if (lint->parsed())
    return run_lint(options);
  if (explain->parsed())
    return run_explain(options, explain_log);
  if (query->parsed())
    return run_query(options, query_args);
  if (create->parsed())
    return run_new(options, new_args);
  if (matrix->parsed())
    return run_matrix(options, matrix_args);
  return to_int(ExitCode::usage);
}

} // namespace

int main(int argc, char** argv) {
  // The one safety net: nothing in torchpatch throws, but a library might.
  try {
    platform::use_binary_standard_streams();
    platform::tune_allocator_for_short_run();
    std::vector<std::string> arguments = platform::utf8_arguments(argc, argv);
    std::vector<char*> pointers;
    for (std::string& argument : arguments) {
      pointers.push_back(argument.data());
    }
    pointers.push_back(nullptr);
    return run(static_cast<int>(arguments.size()), pointers.data());
  } catch (const std::exception& e) {
    std::cerr << "torchpatch: internal error: " << e.what() << "\n";
  } catch (...) {
    std::cerr << "torchpatch: internal error\n";
  }
  return to_int(ExitCode::internal);
}

} // namespace tp::cli
