// new: draft patchsets/<ID>.toml and its first case from a file and its hand-edited version.
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>

#include "cli/commands.hpp"
#include "platform/files.hpp"
#include "tools/new_patchset.hpp"

namespace tp::cli {

namespace {

struct NewArgs {
  std::string id;
  std::string path;             // --file: the path in the checkout
  std::filesystem::path before; // --before FILE
  std::filesystem::path after;  // --after FILE
};

int run_new(const GlobalOptions& options, const NewArgs& args) {
  const std::filesystem::path dir = options.catalog_dir.value_or("patchsets");
  tools::NewPatchsetRequest request;
  request.id = args.id;
  request.path = args.path;
  for (auto [name, file, out] : {std::tuple{"--before", &args.before, &request.before},
                                 std::tuple{"--after", &args.after, &request.after}}) {
    auto bytes = platform::read_file(*file);
    if (!bytes)
      return fail_with(bytes.error().context(name));
    *out = std::move(*bytes);
  }
  std::error_code ec;
  if (std::filesystem::exists(dir, ec)) {
    auto existing = catalog::read_catalog_folder(dir);
    if (!existing)
      return fail_with(existing.error());
    request.existing = std::move(*existing);
  }
  request.export_macros = catalog::load_embedded_catalog().catalog.export_macros;
  // The case pretends to be the version given, else this checkout's, else a recent release.
  request.case_version = options.torch_version.value_or("2.0.1");
  if (!options.torch_version)
    if (auto checkout = engine::open_checkout(checkout_request(options)))
      request.case_version = checkout->version.version.text;

  auto drafted = tools::new_patchset(request);
  if (!drafted)
    return fail_with(Error("new " + args.id + ": " + drafted.error().message(), ExitCode::usage));
  auto written = tools::write_new_patchset(*drafted, dir);
  if (!written)
    return fail_with(written.error());
  for (const auto& path : *written)
    std::cout << "wrote " << platform::display_path(path) << "\n";
  const std::string dir_text = platform::path_to_utf8(dir);
  std::string catalog_flag =
      options.catalog_dir ? " --catalog " + dir_text : " --catalog patchsets";
  std::cout << drafted->edits << " edit(s); next: fill in the TODOs in " << dir_text << "/"
            << args.id << ".toml, then\n  torchpatch test " << args.id << catalog_flag
            << "\n  torchpatch lint" << catalog_flag << "\n";
  return to_int(ExitCode::ok);
}

} // namespace

Command setup_new(CLI::App& app) {
  auto args = std::make_shared<NewArgs>();
  auto* create = app.add_subcommand(
      "new", "Draft a patchset and its first case from a file and its edited version");
  create->add_option("ID", args->id, "The new patchset's id")->required();
  create->add_option("--file", args->path, "The file's path in the checkout, e.g. torch/csrc/x.cpp")
      ->required();
  add_path_option(*create, "--before", args->before, "The file as found")
      ->required()
      ->option_text("FILE");
  add_path_option(*create, "--after", args->after, "The file as edited by hand")
      ->required()
      ->option_text("FILE");
  return {create, [args](const GlobalOptions& options) { return run_new(options, *args); }};
}

} // namespace tp::cli
