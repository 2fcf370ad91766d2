#pragma once
// What every subcommand shares: the global options, loading the catalog, and printing. The cli
// layer is the only one that prints.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "base/exit_code.hpp"
#include "base/result.hpp"
#include "catalog/catalog.hpp"
#include "engine/checkout.hpp"
#include "txn/transaction.hpp"

namespace tp::cli {

enum class Format { text, diff, json, github };
enum class Color { auto_, always, never };

struct GlobalOptions {
  // Paths from the command line, converted once (platform::path_from_utf8) as they are parsed.
  std::filesystem::path directory = ".";            // -C
  std::optional<std::filesystem::path> catalog_dir; // --catalog
  std::optional<std::string> torch_version;         // --torch-version
  std::vector<std::string> facts;                   // --fact key=value
  Format format = Format::text;
  Color color = Color::auto_;
};

// What the global options say about the checkout, for the engine's use cases.
engine::CheckoutRequest checkout_request(const GlobalOptions& options);

// Loads the catalog (embedded or --catalog), printing every diagnostic; the error (a usage error)
// is for the caller to end with (fail_with).
Result<catalog::Catalog> load_catalog(const GlobalOptions& options);
// For engine::plan_checkout: loads the catalog into `catalog`.
engine::CatalogLoader catalog_loader(const GlobalOptions& options,
                                     std::optional<catalog::Catalog>& catalog);

bool use_color(const GlobalOptions& options);

// Keeps `object` alive until release_parked(): for what a command is done with and whose
// destruction would only free memory (its catalog, its planned checkout). The executable never
// releases it (exit_without_teardown, main.hpp); tests and sanitizer builds do.
void park_until_exit(std::shared_ptr<void> object);
// Destroys what was parked, the last parked first.
void release_parked();

// Parks `objects` (moved into the parking) when it goes out of scope: declared after them, it
// runs before their destructors, which then destroy moved-from shells.
template <class... Objects> class ParkOnReturn {
public:
  explicit ParkOnReturn(Objects&... objects) : m_objects(objects...) {}
  ~ParkOnReturn() {
    std::apply([](auto&... o) { (park_until_exit(make_parked(std::move(o))), ...); }, m_objects);
  }
  ParkOnReturn(const ParkOnReturn&) = delete;
  ParkOnReturn& operator=(const ParkOnReturn&) = delete;

private:
  template <class T> static std::shared_ptr<void> make_parked(T&& object) {
    return std::make_shared<std::decay_t<T>>(std::forward<T>(object));
  }
  std::tuple<Objects&...> m_objects;
};

// Prints "torchpatch: error: …" and returns the exit code the error carries: how every command
// ends on a failure.
int fail_with(const Error& error);

// Says on stderr what a recovery did ("an interrupted apply was rolled back …"); nothing when
// nothing was pending.
void print_recovered(const txn::RecoveryReport& report);
// "torchpatch: warning: --fact …" for each warning.
void print_fact_warnings(const std::vector<std::string>& warnings);

} // namespace tp::cli
