// test: run the catalog's own cases; one line per case, then "N passed, N failed".
#include <iostream>

#include "cli/commands.hpp"
#include "tools/case_runner.hpp"

namespace tp::cli {

int run_test(const GlobalOptions& options, const TestArgs& args) {
  if (args.update && !options.catalog_dir) {
    print_error("test --update rewrites after/ files: name the catalog folder with --catalog DIR");
    return to_int(ExitCode::usage);
  }
  auto catalog = load_catalog_or_report(options);
  if (!catalog)
    return to_int(ExitCode::usage);
  for (const auto& id : args.ids)
    if (!catalog->find(id)) {
      print_error("no patchset '" + id + "' in the catalog");
      return to_int(ExitCode::usage);
    }
  tools::CaseRunOptions run_options;
  run_options.only = args.ids;
  std::error_code ec;
  run_options.scratch = std::filesystem::temp_directory_path(ec) /
                        ("torchpatch-test-" + std::to_string(std::hash<std::string>{}(
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
      if (!written) {
        print_error(written.error().message());
        return to_int(ExitCode::environment);
      }
      for (const auto& path : *written)
        std::cout << "      updated " << path.generic_string() << "\n";
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

} // namespace tp::cli
