#pragma once
// The embedded catalog's pre-parsed image (catalog/catalog_image.hpp). The build writes its
// definition into generated/embedded_catalog_image.cpp with src/check_embedded_catalog.cpp; a
// cross build that cannot run that program (no emulator) defines it empty, and the catalog is
// then loaded from its TOML files.
#include <string_view>

namespace tp::cli {

std::string_view embedded_catalog_image();

} // namespace tp::cli
