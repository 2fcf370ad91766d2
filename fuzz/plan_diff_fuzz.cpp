// The plan on an arbitrary file, rendered as a diff and re-applied. A fixed catalog (regex
// replace of a named group, regex insert-before with a newline, a python rename and the cmake
// minimum raise) is planned against the input as `fuzz.py` and `CMakeLists.txt`. For every file
// the plan would write: `before` is the input, the last per-patchset state is `after`, a BOM and
// the dominant line ending are kept, and render_unified_diff(before, after) applied by
// diff_apply.hpp gives `after` exactly.
#include <cstddef>
#include <cstdint>
#include <string>

#include "catalog/catalog.hpp"
#include "diff_apply.hpp"
#include "edit/unified_diff.hpp"
#include "engine/plan.hpp"
#include "fuzz_check.hpp"
#include "text/text.hpp"

using namespace tp;

namespace {

std::string patchset(const std::string& id, const std::string& files, const std::string& edit) {
  return "id = \"" + id +
         "\"\ntitle = \"t\"\nversions = \">=1.0\"\nwhy = \"w\"\n\n[[edits]]\nname = \"e\"\n" +
         "files = " + files + "\nmatches = \"any\"\n" + edit;
}

const catalog::Catalog& fuzz_catalog() {
  static const catalog::Catalog catalog = [] {
    catalog::CatalogFiles files{
        {"catalog.toml", "version = \"1.0.0\"\nexport_macros = [\"TORCH_API\"]\n"},
        {"a-replace.toml", patchset("a-replace", "['fuzz.py']",
                                    "[edits.anchor]\nkind = \"regex\"\npattern = "
                                    "'''\\bfoo\\((?P<arg>[a-z]*)\\)'''\ntarget = \"arg\"\n"
                                    "[edits.action]\nkind = \"replace\"\ntext = \"bar_${arg}\"\n"
                                    "[edits.applied]\nkind = \"regex\"\npattern = 'bar_'\n")},
        {"b-insert.toml",
         patchset(
             "b-insert", "['fuzz.py']",
             "[edits.anchor]\nkind = \"regex\"\npattern = '''^import os$'''\n"
             "[edits.action]\nkind = \"insert-before\"\ntext = \"import sys\\n# two lines\\n\"\n"
             "[edits.applied]\nkind = \"regex\"\npattern = '^import sys$'\n")},
        {"c-rename.toml",
         patchset(
             "c-rename", "['fuzz.py']",
             "[edits.anchor]\nkind = \"syntax\"\nlanguage = \"python\"\n"
             "query = '(function_definition name: (identifier) @name (#eq? @name \"old_name\"))'\n"
             "[edits.action]\nkind = \"rename\"\nto = \"new_name\"\n"
             "[edits.applied]\nkind = \"regex\"\npattern = 'new_name'\n")},
        {"d-cmake.toml",
         patchset("d-cmake", "['**/CMakeLists.txt']",
                  "[edits.anchor]\nkind = \"cmake\"\ncommands = [\"cmake_minimum_required\", "
                  "\"cmake_policy\"]\n"
                  "[edits.action]\nkind = \"raise-cmake-minimum\"\nfloor = \"3.5\"\n"
                  "[edits.applied]\nkind = \"cmake\"\ncommands = [\"cmake_minimum_required\"]\n")},
        {"e-include.toml",
         patchset("e-include", "['fuzz.h']",
                  "[edits.action]\nkind = \"ensure-include\"\nheader = \"<cstdint>\"\n"
                  "satisfied_by = [\"<stdint.h>\"]\n")},
    };
    auto loaded = catalog::load_catalog(std::move(files), "fuzz");
    if (!loaded.diagnostics.empty()) {
      std::fprintf(stderr, "%s", render_all(loaded.diagnostics).c_str());
      std::abort();
    }
    TP_FUZZ_CHECK(loaded.catalog.patchsets.size() == 5);
    return std::move(loaded.catalog);
  }();
  return catalog;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  engine::MemoryTreeSource tree({{"fuzz.py", input}, {"CMakeLists.txt", input}, {"fuzz.h", input}});
  engine::ResolvedVersion version{*catalog::parse_version("2.0.1"), "fuzz"};
  engine::PlanOptions options;
  options.threads = 1;
  auto plan = engine::plan_patchsets(fuzz_catalog(), tree, version, options);
  if (!plan)
    std::fprintf(stderr, "plan failed: %s\n", plan.error().message().c_str());
  TP_FUZZ_CHECK(plan.has_value());

  const text::TextInfo before_info = text::analyse(input);
  for (const auto& file : plan->files) {
    TP_FUZZ_CHECK(file.before == input);
    TP_FUZZ_CHECK(!before_info.binary);
    TP_FUZZ_CHECK(!file.after_each.empty() && file.after_each.back() == file.after);
    TP_FUZZ_CHECK(file.after_each.size() == file.patchsets.size());
    const text::TextInfo after_info = text::analyse(file.after);
    TP_FUZZ_CHECK(after_info.has_bom == before_info.has_bom);
    // Inserted lines take the dominant ending: the other kind never grows.
    if (before_info.dominant == text::Eol::crlf)
      TP_FUZZ_CHECK(after_info.lf_lines <= before_info.lf_lines);
    else
      TP_FUZZ_CHECK(after_info.crlf_lines <= before_info.crlf_lines);

    for (std::size_t context : {std::size_t{0}, std::size_t{3}}) {
      edit::DiffOptions diff_options;
      diff_options.context = context;
      const std::string diff =
          edit::render_unified_diff(file.path, file.before, file.after, diff_options);
      const auto applied = fuzz::apply_unified_diff(file.before, diff);
      if (!applied || *applied != file.after)
        std::fprintf(stderr, "diff that does not apply:\n%s\n", diff.c_str());
      TP_FUZZ_CHECK(applied.has_value() && *applied == file.after);
    }
  }
  return 0;
}
