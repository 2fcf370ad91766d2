#pragma once
// The catalog in a pre-parsed form: what load_catalog read from the TOML files (every patchset
// and gate field, each anchor's spec), written at build time by src/check_embedded_catalog.cpp
// and embedded into the binary, so that a run parses no TOML. The image holds no compiled anchor:
// reading it compiles each anchor's spec as loading the TOML would (`options`).
//
// The format is private to one build (it is never read by another version of torchpatch):
// "tpcatalog-image-1\n", then fields in declaration order, integers as 4 bytes little-endian,
// strings as their length and bytes, optional values behind a 0/1 byte.
#include <optional>
#include <string>
#include <string_view>

#include "anchor/anchor.hpp"
#include "catalog/catalog.hpp"

namespace tp::catalog {

// `catalog` (version, export macros, patchsets and gates; not its files or origin) as an image.
std::string write_catalog_image(const Catalog& catalog);

// The catalog `image` holds, its anchors compiled with `options` (their export macros are the
// image's), origin and files left empty; nullopt when the image is empty or does not read (a
// build bug: the caller then loads the TOML), or an anchor does not compile.
std::optional<Catalog> read_catalog_image(std::string_view image,
                                          const anchor::CompileOptions& options);

} // namespace tp::catalog
