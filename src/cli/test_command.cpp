// test: run the catalog's own cases; one line per case, then "N passed, N failed".
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>

#include "cli/commands.hpp"
#include "platform/files.hpp"
#include "tools/case_runner.hpp"

namespace tp::cli {

namespace {

struct TestArgs {
  std::vector<std::string> ids;
  bool update = false;
};

int run_test(const GlobalOptions& options, const TestArgs& args) {
  if (args.update && !options.catalog_dir)
    return fail_with(
        Error("test --update rewrites after/ files: name the catalog folder with --catalog DIR",
              ExitCode::usage));
  auto catalog = load_catalog(options);
  if (!catalog)
    return fail_with(catalog.error());
  for (const auto& id : args.ids)
    if (!catalog->find(id))
      return fail_with(Error("no patchset '" + id + "' in the catalog", ExitCode::usage));
  tools::CaseRunOptions run_options;
  run_options.only = args.ids;
  std::error_code ec;
  run_options.scratch =
      std::filesystem::temp_directory_path(ec) /
      ("torchpatch-test-" +
       std::to_string(std::hash<std::string>{}(
           catalog->origin + std::to_string(reinterpret_cast<std::uintptr_t>(&ec)))));
  auto results = tools::run_cases(*catalog, run_options);
  std::size_t passed = 0, failed = 0, skipped = 0;
  for (const auto& r : results) {
    switch (r.status) {
    case tools::CaseResult::Status::passed:
      ++passed;
      std::cout << "ok    " << r.patchset << "/" << r.name << "\n";
      break;
    case tools::CaseResult::Status::skipped:
      ++skipped;
      std::cout << "skip  " << r.patchset << "/" << r.name << ": " << r.skip_reason << "\n";
      break;
    case tools::CaseResult::Status::failed:
      ++failed;
      std::cout << "FAIL  " << r.patchset << "/" << r.name << "\n";
      for (const auto& f : r.failures)
        std::cout << "      " << f << "\n";
      break;
    }
    if (args.update) {
      auto written = tools::write_produced_after(r, *options.catalog_dir);
      if (!written)
        return fail_with(written.error());
      for (const auto& path : *written)
        std::cout << "      updated " << platform::display_path(path) << "\n";
    }
  }
  if (args.ids.empty())
    for (const auto& id : tools::patchsets_without_cases(*catalog)) {
      ++failed;
      std::cout << "FAIL  " << id << ": the patchset has no case\n";
    }
  std::cout << passed << " passed, " << failed << " failed";
  if (skipped)
    std::cout << ", " << skipped << " skipped";
  std::cout << "\n";
  return to_int(failed ? ExitCode::conflict : ExitCode::ok);
}

} // namespace

Command setup_test(CLI::App& app) {
  auto args = std::make_shared<TestArgs>();
  auto* test =
      app.add_subcommand("test", "Run the catalog's cases (before -> after, re-apply, round trip)");
  test->add_option("ID", args->ids, "Patchset ids (default: all)");
  test->add_flag("--update", args->update,
                 "Rewrite the cases' after/ files from what the patchsets produce");
  return {test, [args](const GlobalOptions& options) { return run_test(options, *args); }};
}

} // namespace tp::cli
