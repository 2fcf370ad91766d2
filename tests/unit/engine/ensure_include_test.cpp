// ensure-include as the plan evaluates it: where the line goes, the bytes kept, and the
// outcomes when the include is already there.
#include <doctest/doctest.h>

#include "engine/plan_support.hpp"

using namespace plan_test;
using tp::engine::Outcome;

namespace {
std::string ensure_edit(const std::string& file, const std::string& action_extra = "",
                        const std::string& anchor = "") {
  return "name = \"cstdint\"\nfiles = [\"" + file + "\"]\nmatches = 1\n" + anchor +
         "[edits.action]\nkind = \"ensure-include\"\nheader = \"<cstdint>\"\n" + action_extra;
}

// The bytes after planning the one ensure-include patchset on `before`.
std::string after(const std::string& before, const std::string& action_extra = "",
                  const std::string& anchor = "") {
  auto c = catalog_of({{"p.toml", patchset("p", ensure_edit("t.h", action_extra, anchor))}});
  auto plan = plan_of(c, {{"t.h", before}});
  REQUIRE(plan.patchsets[0].edits.size() == 1);
  INFO(plan.patchsets[0].edits[0].message);
  REQUIRE(plan.patchsets[0].edits[0].outcome == Outcome::will_apply);
  REQUIRE(plan.files.size() == 1);
  return plan.files[0].after;
}

Outcome outcome(const std::string& before, const std::string& action_extra = "") {
  auto c = catalog_of({{"p.toml", patchset("p", ensure_edit("t.h", action_extra))}});
  return plan_of(c, {{"t.h", before}}).patchsets[0].edits[0].outcome;
}
} // namespace

TEST_SUITE("engine::plan_patchsets ensure-include") {
  TEST_CASE("ensure-include: after the last top-level system include") {
    SUBCASE("LF") {
      CHECK(after("#pragma once\n#include <string>\n#include \"a.h\"\nint x;\n") ==
            "#pragma once\n#include <string>\n#include <cstdint>\n#include \"a.h\"\nint x;\n");
    }
    SUBCASE("CRLF kept") {
      CHECK(after("#pragma once\r\n#include <string>\r\nint x;\r\n") ==
            "#pragma once\r\n#include <string>\r\n#include <cstdint>\r\nint x;\r\n");
    }
    SUBCASE("BOM kept") {
      CHECK(after("\xEF\xBB\xBF#include <string>\nint x;\n") ==
            "\xEF\xBB\xBF#include <string>\n#include <cstdint>\nint x;\n");
    }
    SUBCASE("no final newline: the file still ends without one") {
      CHECK(after("#include <string>") == "#include <string>\n#include <cstdint>");
    }
  }

  TEST_CASE("ensure-include: an include inside #ifdef is passed over") {
    CHECK(after("#include <vector>\n#ifdef _WIN32\n#include <windows.h>\n#endif\nint x;\n") ==
          "#include <vector>\n#include <cstdint>\n#ifdef _WIN32\n#include <windows.h>\n#endif\nint "
          "x;\n");
  }

  TEST_CASE("ensure-include: guard files without includes get it after the guard's #define") {
    CHECK(after("#ifndef G_H\n#define G_H\nint x;\n#endif\n") ==
          "#ifndef G_H\n#define G_H\n#include <cstdint>\nint x;\n#endif\n");
    CHECK(after("// c\n#pragma once\nint x;\n") ==
          "// c\n#pragma once\n#include <cstdint>\nint x;\n");
  }

  TEST_CASE("ensure-include: no include and no guard: before the first line of code") {
    CHECK(after("// licence\n\nint x;\n") == "// licence\n\n#include <cstdint>\nint x;\n");
    CHECK(after("") == "#include <cstdint>\n");
  }

  TEST_CASE("ensure-include: with an anchor, after the anchor's target line") {
    std::string anchor = "[edits.anchor]\nkind = \"regex\"\npattern = '''namespace gloo'''\n";
    CHECK(after("#include <a>\nnamespace gloo {\n}\n", "", anchor) ==
          "#include <a>\nnamespace gloo {\n#include <cstdint>\n}\n");
  }

  TEST_CASE("ensure-include: already included anywhere (even conditionally) is the patched form") {
    CHECK(outcome("#include <cstdint>\nint x;\n") == Outcome::already_applied);
    CHECK(outcome("#ifdef X\n#include <cstdint>\n#endif\n") == Outcome::already_applied);
    CHECK(outcome("// #include <cstdint>\n#include <a>\n") == Outcome::will_apply);
  }

  TEST_CASE("ensure-include: satisfied_by counts as the header") {
    CHECK(outcome("#include <stdint.h>\n", "satisfied_by = [\"<stdint.h>\"]\n") ==
          Outcome::already_applied);
    CHECK(outcome("#include <stdint.h>\n") == Outcome::will_apply);
  }

  TEST_CASE("ensure-include: the result is idempotent (planning it again finds the include)") {
    std::string once = after("#include <string>\r\nint x;\r\n");
    CHECK(outcome(once) == Outcome::already_applied);
  }

  TEST_CASE("ensure-include: two headers after the same include stack in catalog order") {
    std::string two =
        "id = \"p\"\ntitle = \"t\"\nversions = \">=1.0\"\nwhy = \"w\"\n\n[[edits]]\n" +
        ensure_edit("t.h") +
        "\n[[edits]]\nname = \"stdexcept\"\nfiles = [\"t.h\"]\n"
        "[edits.action]\nkind = \"ensure-include\"\nheader = \"<stdexcept>\"\n";
    auto c = catalog_of({{"p.toml", two}});
    auto plan = plan_of(c, {{"t.h", "#include <string>\nint x;\n"}});
    CHECK_FALSE(plan.has_conflict());
    REQUIRE(plan.files.size() == 1);
    CHECK(plan.files[0].after ==
          "#include <string>\n#include <cstdint>\n#include <stdexcept>\nint x;\n");
  }
}
