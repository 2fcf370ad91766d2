// The patchset loader: arbitrary bytes as one patchset file of a catalog. Loading never crashes,
// every diagnostic points into the file, and a patchset that loads names only paths inside the
// checkout.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

#include "catalog/catalog.hpp"
#include "fuzz_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  tp::catalog::CatalogFiles files{
      {"catalog.toml", "version = \"1.0.0\"\nexport_macros = [\"TORCH_API\"]\n"},
      {"fuzz.toml", bytes},
  };
  const auto loaded = tp::catalog::load_catalog(files, "fuzz");
  for (const auto& d : loaded.diagnostics) {
    TP_FUZZ_CHECK(d.where.line >= 1);
    TP_FUZZ_CHECK(d.where.column >= 1);
    (void)d.render();
    if (d.file == "fuzz.toml")
      TP_FUZZ_CHECK(d.where.line <=
                    1 + static_cast<std::size_t>(std::count(bytes.begin(), bytes.end(), '\n')));
  }
  TP_FUZZ_CHECK(loaded.catalog.patchsets.size() <= 1);
  TP_FUZZ_CHECK(loaded.catalog.version == "1.0.0");
  // A patchset that loads has an id, at least one edit, and each edit has files and an anchor.
  for (const auto& p : loaded.catalog.patchsets) {
    TP_FUZZ_CHECK(!p.id.empty());
    TP_FUZZ_CHECK(!p.edits.empty());
    for (const auto& e : p.edits) {
      TP_FUZZ_CHECK(!e.files.empty());
      for (const auto& f : e.files) {
        // Paths never leave the checkout (docs/security.md).
        TP_FUZZ_CHECK(!f.empty() && f.front() != '/' && f.find('\\') == std::string::npos);
        TP_FUZZ_CHECK(!(f.size() > 1 && f[1] == ':'));
        TP_FUZZ_CHECK(f != ".." && !f.starts_with("../") && f.find("/../") == std::string::npos &&
                      !f.ends_with("/.."));
      }
    }
  }
  return 0;
}
