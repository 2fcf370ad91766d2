#include "cli/context.hpp"

#include <cstdlib>
#include <iostream>

#include "cli/embedded_image.hpp"
#include "platform/files.hpp"

namespace tp::cli {

namespace {

std::vector<std::shared_ptr<void>>& parking() {
  static std::vector<std::shared_ptr<void>> parked;
  return parked;
}

} // namespace

void park_until_exit(std::shared_ptr<void> object) {
  parking().push_back(std::move(object));
}

void release_parked() {
  auto& parked = parking();
  while (!parked.empty())
    parked.pop_back();
}

int fail_with(const Error& error) {
  std::cerr << "torchpatch: error: " << error.message() << "\n";
  return to_int(error.code());
}

engine::CheckoutRequest checkout_request(const GlobalOptions& options) {
  engine::CheckoutRequest request;
  request.directory = options.directory;
  request.torch_version = options.torch_version;
  request.facts = options.facts;
  return request;
}

Result<catalog::Catalog> load_catalog(const GlobalOptions& options) {
  catalog::LoadResult loaded;
  if (options.catalog_dir) {
    auto files = catalog::read_catalog_folder(*options.catalog_dir);
    if (!files)
      return fail(files.error().message(), ExitCode::usage);
    loaded = catalog::load_catalog(std::move(*files), platform::path_to_utf8(*options.catalog_dir));
  } else {
    loaded = catalog::load_embedded_catalog(embedded_catalog_image());
  }
  if (!loaded.diagnostics.empty()) {
    std::cerr << render_all(loaded.diagnostics);
    return fail("the catalog (" + loaded.catalog.origin + ") has " +
                    std::to_string(loaded.diagnostics.size()) + " problem(s)",
                ExitCode::usage);
  }
  return std::move(loaded.catalog);
}

engine::CatalogLoader catalog_loader(const GlobalOptions& options,
                                     std::optional<catalog::Catalog>& catalog) {
  return [&options, &catalog]() -> Result<const catalog::Catalog*> {
    TP_TRY_ASSIGN(catalog, load_catalog(options));
    return &*catalog;
  };
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

void print_fact_warnings(const std::vector<std::string>& warnings) {
  for (const auto& w : warnings)
    std::cerr << "torchpatch: warning: " << w << "\n";
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
