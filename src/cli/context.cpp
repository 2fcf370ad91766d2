#include "cli/context.hpp"

#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "ops/apply.hpp"
#include "platform/files.hpp"
#include "txn/transaction.hpp"

namespace tp::cli {

void print_error(const std::string& message) { std::cerr << "torchpatch: error: " << message << "\n"; }

std::optional<catalog::Catalog> load_catalog_or_report(const GlobalOptions& options) {
  catalog::LoadResult loaded;
  if (options.catalog_dir) {
    auto files = catalog::read_catalog_folder(*options.catalog_dir);
    if (!files) {
      print_error(files.error().message());
      return std::nullopt;
    }
    loaded = catalog::load_catalog(std::move(*files), *options.catalog_dir);
  } else {
    loaded = catalog::load_embedded_catalog();
  }
  if (!loaded.diagnostics.empty()) {
    std::cerr << render_all(loaded.diagnostics);
    print_error("the catalog (" + loaded.catalog.origin + ") has " +
                std::to_string(loaded.diagnostics.size()) + " problem(s)");
    return std::nullopt;
  }
  return std::move(loaded.catalog);
}

std::optional<Checkout> open_checkout(const GlobalOptions& options, ExitCode& code) {
  Checkout checkout;
  auto repository = repo::Repository::discover(platform::path_from_utf8(options.directory));
  if (repository) {
    checkout.root = repository->root();
    checkout.repository.emplace(std::move(*repository));
  } else if (options.torch_version) {
    std::error_code ec;
    checkout.root = std::filesystem::absolute(platform::path_from_utf8(options.directory), ec);
    if (ec || !std::filesystem::is_directory(checkout.root, ec)) {
      print_error(options.directory + ": no such folder");
      code = ExitCode::environment;
      return std::nullopt;
    }
  } else {
    print_error(repository.error().message());
    code = ExitCode::environment;
    return std::nullopt;
  }
  auto version = ops::resolve_version(options.torch_version,
                                      checkout.repository ? &*checkout.repository : nullptr,
                                      checkout.root);
  if (!version) {
    print_error(version.error().message());
    code = ExitCode::environment;
    return std::nullopt;
  }
  checkout.version = std::move(*version);
  return checkout;
}

bool recover_if_interrupted(const Checkout& checkout, ExitCode& code) {
  if (!checkout.repository)
    return true;
  auto report = txn::recover_interrupted(checkout.root, ops::journal_dir_of(checkout.repository->git_dir()));
  if (!report) {
    print_error(report.error().message());
    code = ExitCode::environment;
    return false;
  }
  if (report->kind != txn::RecoveryKind::blocked) {
    print_recovered(*report);
    return true;
  }
  std::string files;
  for (const auto& c : report->conflicts)
    files += "\n  " + c.path;
  print_error("an interrupted torchpatch run left a transaction that cannot be rolled back "
              "safely: these files were changed since:" + files +
              "\nfix them by hand, or run: torchpatch revert --force");
  code = ExitCode::conflict;
  return false;
}

void print_recovered(const txn::RecoveryReport& report) {
  switch (report.kind) {
  case txn::RecoveryKind::rolled_back_apply:
    std::cerr << "torchpatch: an interrupted apply was rolled back (" << report.restored.size()
              << " file(s) restored to their original bytes)\n";
    break;
  case txn::RecoveryKind::completed_revert:
    std::cerr << "torchpatch: an interrupted revert was completed (" << report.restored.size()
              << " file(s) restored)\n";
    break;
  case txn::RecoveryKind::nothing_pending:
  case txn::RecoveryKind::blocked:
    break;
  }
}

ops::Facts gathered_facts(const GlobalOptions& options) {
  // A misspelt --fact would otherwise leave the real fact unknown without a word.
  for (const auto& f : options.facts) {
    const std::string name = f.substr(0, f.find('='));
    if (f.find('=') == std::string::npos || (!catalog::is_listed_fact(name) && !catalog::is_versioned_fact(name)))
      std::cerr << "torchpatch: warning: --fact " << f << ": expected KEY=VALUE with KEY one of "
                << "platform, compiler, python, cmake, compiler_version, cuda\n";
  }
  return ops::gather_facts(ops::current_environment(), options.facts);
}

std::map<std::string, std::string> facts_of(const GlobalOptions& options) {
  return ops::values_of(gathered_facts(options));
}

void set_facts(const GlobalOptions& options, ops::PlanOptions& plan_options) {
  auto facts = gathered_facts(options);
  plan_options.facts = ops::values_of(facts);
  for (const auto& [name, fact] : facts)
    plan_options.fact_sources[name] = fact.source;
}

bool use_color(const GlobalOptions& options) {
  if (options.color == Color::always)
    return true;
  if (options.color == Color::never)
    return false;
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color && *no_color)
    return false;
  return platform::stdout_is_terminal();
}

} // namespace tp::cli
