#include "anchor/include_scan.hpp"

#include <doctest/doctest.h>

#include <string>

using namespace tp::anchor;

namespace {
// The text of the line `include_anchor_line` picks, or "" when there is none.
std::string anchor_line(std::string_view text) {
  auto line = include_anchor_line(scan_includes(text));
  return line ? std::string(text.substr(line->begin, line->end - line->begin)) : std::string();
}
} // namespace

TEST_SUITE("anchor::scan_includes") {
  TEST_CASE("include_anchor_line: the last top-level system include wins over later quoted ones") {
    CHECK(anchor_line("#include <a>\n#include <b>\n#include \"c.h\"\nint x;\n") ==
          "#include <b>\n");
  }

  TEST_CASE("include_anchor_line: includes after the first line of code are passed over") {
    // c10/util/BFloat16.h ends with `#include <c10/util/BFloat16-inl.h>` after its code.
    CHECK(anchor_line("#pragma once\n#include <cmath>\n#include <cstring>\nnamespace c10 {}\n"
                      "#include <c10/util/BFloat16-inl.h>\n") == "#include <cstring>\n");
    CHECK(anchor_line("#pragma once\nint x;\n#include <a>\n") == "#pragma once\n");
  }

  TEST_CASE("include_anchor_line: an include inside #ifdef/#if is not top-level") {
    std::string text = "#include <vector>\n#ifdef _WIN32\n#include <windows.h>\n#endif\n"
                       "#if defined(X)\n# include <x.h>\n#else\n#include <y.h>\n#endif\n";
    CHECK(anchor_line(text) == "#include <vector>\n");
    auto scan = scan_includes(text);
    REQUIRE(scan.includes.size() == 4);
    CHECK(scan.includes[0].top_level);
    CHECK_FALSE(scan.includes[1].top_level);
    CHECK_FALSE(scan.includes[3].top_level);
  }

  TEST_CASE("include_anchor_line: a whole-file #ifndef guard does not count as a block") {
    std::string text =
        "// licence\n#ifndef GLOO_TYPES_H_\n#define GLOO_TYPES_H_\n\n#include <iostream>\n"
        "#ifdef __CUDA_ARCH__\n#include <cuda.h>\n#endif\n#include \"gloo/common.h\"\n\n"
        "namespace gloo {}\n\n#endif // GLOO_TYPES_H_\n";
    CHECK(anchor_line(text) == "#include <iostream>\n");
  }

  TEST_CASE("include_anchor_line: #if !defined(X) guards count too; #else makes it a block") {
    CHECK(anchor_line("#if !defined(G)\n#define G\n#include <a>\n#endif\n") == "#include <a>\n");
    CHECK(anchor_line("#ifndef G\n#define G\n#include <a>\n#else\n#endif\n") == "");
  }

  TEST_CASE("include_anchor_line: code after the #endif means it was no guard") {
    CHECK(anchor_line("#ifndef G\n#define G\n#include <a>\n#endif\nint x;\n") == "");
  }

  TEST_CASE("include_anchor_line: only quoted includes: the last of them") {
    CHECK(anchor_line("#pragma once\n#include \"a.h\"\n#include \"b.h\"\n") ==
          "#include \"b.h\"\n");
  }

  TEST_CASE("include_anchor_line: no include: after #pragma once or the guard's #define") {
    CHECK(anchor_line("// c\n#pragma once\n\nnamespace x {}\n") == "#pragma once\n");
    CHECK(anchor_line("#ifndef G\n#define G\nint x;\n#endif\n") == "#define G\n");
    auto scan = scan_includes("/* licence\n   text */\n\nint x;\n");
    CHECK_FALSE(include_anchor_line(scan));
    CHECK(scan.first_code == 23);
  }

  TEST_CASE("scan_includes: includes in comments, and comments that hide a #, are not includes") {
    auto scan = scan_includes("// #include <a>\n/*\n#include <b>\n*/\n/* x */ #include <c>\n"
                              "const char* s = \"/*\";\n#include <d>\n");
    REQUIRE(scan.includes.size() == 2);
    CHECK(scan.includes[0].header == "<c>");
    CHECK(scan.includes[1].header == "<d>");
  }

  TEST_CASE("scan_includes: a backslash-continued #if line and a // comment with a backslash") {
    auto scan = scan_includes("#if defined(A) && \\\n    defined(B)\n#include <a>\n#endif\n"
                              "// note \\\n#include <hidden>\n#include <b>\n");
    REQUIRE(scan.includes.size() == 2);
    CHECK_FALSE(scan.includes[0].top_level);
    CHECK(scan.includes[1].header == "<b>");
    CHECK(scan.includes[1].top_level);
  }

  TEST_CASE("scan_includes: spaces around # and the operand; computed includes are skipped") {
    auto scan = scan_includes("  #  include   <cstdint>  // why\n#include MACRO\n");
    REQUIRE(scan.includes.size() == 1);
    CHECK(scan.includes[0].header == "<cstdint>");
  }
}

TEST_SUITE("anchor::is_include_name") {
  TEST_CASE("is_include_name: <name> and \"name\" are good; the rest says where it is wrong") {
    CHECK(is_include_name("<cstdint>"));
    CHECK(is_include_name("\"c10/util/Registry.h\""));
    std::string why;
    std::size_t at = 99;
    CHECK_FALSE(is_include_name("cstdint", &why, &at));
    CHECK(at == 0);
    CHECK(why.find("starts with '<' or '\"'") != std::string::npos);
    CHECK_FALSE(is_include_name("<cstdint", &why, &at));
    CHECK(at == 7);
    CHECK_FALSE(is_include_name("<>", &why, &at));
    CHECK_FALSE(is_include_name("<a>b>", &why, &at));
    CHECK(at == 2);
    CHECK_FALSE(is_include_name("< cstdint>", &why, &at));
    CHECK(at == 1);
    CHECK_FALSE(is_include_name("", &why, &at));
  }
}
