#pragma once
// The catalog folder (patchsets/) as embedded into the binary at build time.
#include <string_view>
#include <vector>

namespace tp::catalog {

struct EmbeddedFile {
  std::string_view path; // relative to patchsets/, '/'-separated
  std::string_view bytes;
};

const std::vector<EmbeddedFile>& embedded_catalog_files();

} // namespace tp::catalog
