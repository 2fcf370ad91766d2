#include "cli/main.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
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
#include "cli/context.hpp"
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
         (catalog_version.empty() ? "unloadable" : catalog_version) + ", commit " +
         TP_BUILD_COMMIT + ")";
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

bool is_option(const std::string& argument) {
  return argument.size() > 1 && argument[0] == '-';
}

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

// Every command, in the order --help lists them.
constexpr Command (*k_commands[])(CLI::App&) = {
    setup_apply, setup_revert, setup_status,  setup_export, setup_test, setup_list,
    setup_show,  setup_lint,   setup_explain, setup_query,  setup_new,  setup_matrix};

void setup_global_options(CLI::App& app, GlobalOptions& options) {
  add_path_option(app, "-C", options.directory,
                  "Run as if started in DIR (the checkout is found upward)")
      ->option_text("DIR");
  app.add_option_function<std::string>(
         "--catalog",
         [&options](const std::string& dir) {
           options.catalog_dir = platform::path_from_utf8(dir);
         },
         "Read patchsets from DIR instead of the built-in catalog")
      ->option_text("DIR");
  app.add_option("--torch-version", options.torch_version,
                 "Treat the checkout as this PyTorch version (overrides tags and version.txt)")
      ->option_text("V");
  app.add_option("--fact", options.facts, "A fact for patchset conditions, e.g. compiler=clang-cl")
      ->option_text("KEY=VALUE");
  const std::vector<std::pair<std::string_view, Format>> formats{{"text", Format::text},
                                                                 {"diff", Format::diff},
                                                                 {"json", Format::json},
                                                                 {"github", Format::github}};
  app.add_option("--format", options.format, "Output: text (default), diff, json or github")
      ->transform(one_of(formats))
      ->option_text(choices(formats));
  const std::vector<std::pair<std::string_view, Color>> colors{
      {"auto", Color::auto_}, {"always", Color::always}, {"never", Color::never}};
  app.add_option("--color", options.color, "Color the text output: auto (default), always, never")
      ->transform(one_of(colors))
      ->option_text(choices(colors));
  app.fallthrough();
}

int run(int argc, char** argv) {
  CLI::App app{"torchpatch: a versioned, tested catalog of source patches for building older "
               "PyTorch releases with today's toolchains"};
  app.require_subcommand(1);
  // A callback: reading the catalog's version is for --version alone, not a cost every command
  // pays before it starts.
  app.set_version_flag("--version", std::function<std::string()>(version_text));
  GlobalOptions options;
  setup_global_options(app, options);
  std::vector<Command> commands;
  for (auto setup : k_commands)
    commands.push_back(setup(app));
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
    return fail_with(Error(describe_parse_error(app, e), ExitCode::usage));
  }
  for (const Command& command : commands)
    if (command.app->parsed())
      return command.run(options);
  return to_int(ExitCode::usage);
}

} // namespace

CLI::Option* add_path_option(CLI::App& app, const std::string& name, std::filesystem::path& into,
                             const std::string& description) {
  return app.add_option_function<std::string>(
      name, [&into](const std::string& utf8) { into = platform::path_from_utf8(utf8); },
      description);
}

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

// Sanitizer builds end normally, so that their leak checks see every object freed.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__) || defined(__SANITIZE_LEAK__)
#define TP_END_WITH_TEARDOWN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) ||                         \
    __has_feature(leak_sanitizer) || __has_feature(memory_sanitizer)
#define TP_END_WITH_TEARDOWN 1
#endif
#endif

int exit_without_teardown(int code) {
#ifdef TP_END_WITH_TEARDOWN
  release_parked();
  return code;
#else
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  std::_Exit(code);
#endif
}

} // namespace tp::cli
