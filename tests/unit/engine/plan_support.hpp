#pragma once
// Builds small catalogs and in-memory trees for plan tests.
#include <doctest/doctest.h>

#include <map>
#include <string>

#include "base/diagnostic.hpp"
#include "catalog/catalog.hpp"
#include "engine/plan.hpp"

namespace plan_test {

inline tp::catalog::Catalog catalog_of(std::map<std::string, std::string> patchsets) {
  patchsets["catalog.toml"] = "version = \"0.0.1\"\nexport_macros = [\"TORCH_API\"]\n";
  auto loaded = tp::catalog::load_catalog(std::move(patchsets), "test");
  REQUIRE_MESSAGE(loaded.diagnostics.empty(), tp::render_all(loaded.diagnostics));
  return std::move(loaded.catalog);
}

inline tp::engine::Plan plan_of(const tp::catalog::Catalog& catalog,
                                std::map<std::string, std::string> tree,
                                const char* version = "2.0.1") {
  tp::engine::MemoryTreeSource source(std::move(tree));
  tp::engine::ResolvedVersion v{*tp::catalog::parse_version(version), "test"};
  tp::engine::PlanOptions options;
  options.facts = {{"platform", "windows"}};
  auto plan = tp::engine::plan_patchsets(catalog, source, v, options);
  REQUIRE(plan.has_value());
  return std::move(*plan);
}

// A one-edit patchset: `edit` is the TOML of everything after `[[edits]]`.
inline std::string patchset(const std::string& id, const std::string& edit,
                            const std::string& versions = ">=1.0") {
  return "id = \"" + id + "\"\ntitle = \"t\"\nversions = \"" + versions +
         "\"\nwhy = \"w\"\n\n[[edits]]\n" + edit;
}

inline std::string regex_edit(const std::string& file, const std::string& pattern,
                              const std::string& action, const std::string& applied = "APPLIED",
                              const std::string& extra = "") {
  return "name = \"e\"\nfiles = [\"" + file + "\"]\n" + extra +
         "[edits.anchor]\nkind = \"regex\"\npattern = '''" + pattern + "'''\n[edits.action]\n" +
         action + "\n[edits.applied]\nkind = \"regex\"\npattern = '''" + applied + "'''\n";
}

} // namespace plan_test
