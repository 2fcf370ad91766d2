// new: draft patchsets/<ID>.toml and its first case from a file and its hand-edited version.
#include <iostream>

#include "cli/commands.hpp"
#include "tools/new_patchset.hpp"
#include "platform/files.hpp"

namespace tp::cli {

int run_new(const GlobalOptions& options, const NewArgs& args) {
  const std::string dir = options.catalog_dir.value_or("patchsets");
  tools::NewPatchsetRequest request;
  request.id = args.id;
  request.path = args.path;
  for (auto [name, file, out] : {std::tuple{"--before", &args.before, &request.before},
                                 std::tuple{"--after", &args.after, &request.after}}) {
    auto bytes = platform::read_file(*file);
    if (!bytes) {
      print_error(std::string(name) + ": " + bytes.error().message());
      return to_int(ExitCode::environment);
    }
    *out = std::move(*bytes);
  }
  std::error_code ec;
  if (std::filesystem::exists(dir, ec)) {
    auto existing = catalog::read_catalog_folder(dir);
    if (!existing) {
      print_error(existing.error().message());
      return to_int(ExitCode::environment);
    }
    request.existing = std::move(*existing);
  }
  request.export_macros = catalog::load_embedded_catalog().catalog.export_macros;
  // The case pretends to be the version given, else this checkout's, else a recent release.
  request.case_version = options.torch_version.value_or("2.0.1");
  if (!options.torch_version)
    if (auto checkout = engine::open_checkout(checkout_request(options)))
      request.case_version = checkout->version.version.text;

  auto drafted = tools::new_patchset(request);
  if (!drafted) {
    print_error("new " + args.id + ": " + drafted.error().message());
    return to_int(ExitCode::usage);
  }
  auto written = tools::write_new_patchset(*drafted, dir);
  if (!written)
    return fail_with(written.error());
  for (const auto& path : *written)
    std::cout << "wrote " << platform::display_path(path) << "\n";
  std::string catalog_flag = options.catalog_dir ? " --catalog " + dir : " --catalog patchsets";
  std::cout << drafted->edits << " edit(s); next: fill in the TODOs in " << dir << "/" << args.id
            << ".toml, then\n  torchpatch test " << args.id << catalog_flag << "\n  torchpatch lint"
            << catalog_flag << "\n";
  return to_int(ExitCode::ok);
}

} // namespace tp::cli
