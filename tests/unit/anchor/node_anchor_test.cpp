#include "anchor/node_anchor.hpp"

#include <doctest/doctest.h>

#include <string>

#include "anchor/anchor_test_support.hpp"

using namespace anchor_test;
using tp::anchor::Kind;
using tp::anchor::Language;

namespace {

// functorch/csrc/dim/arena.h of PyTorch 1.13.1-2.6.0, the lines the anchor depends on.
constexpr std::string_view k_arena = R"(#pragma once
#ifdef _WIN32
#include <intrin.h>
// https://stackoverflow.com/questions/355967/how-to-use-msvc-intrinsics-to-get-the-equivalent-of-this-gcc-code
inline unsigned int __builtin_clz(unsigned int x) {
    unsigned long r = 0;
    _BitScanReverse(&r, x);
    return (31 - r);
}
#endif

inline int round2min8(int num) {
   int nzeros = __builtin_clz((num - 1)|4);
   return 1 << (32 - nzeros);
}
)";

constexpr std::string_view k_clz_path =
    R"(preproc_ifdef[name="_WIN32"] > function_definition @def
         > declarator: function_declarator > declarator: identifier = "__builtin_clz")";

constexpr std::string_view k_launcher_path =
    R"(namespace_definition[!name] > body: declaration_list > class_specifier @class
         > name: type_identifier = "ForkedSubgraphSRLauncher")";

constexpr std::string_view k_launcher_source = R"(namespace torch {
namespace {
class TORCH_API ForkedSubgraphSRLauncher {
 public:
  void operator()();
};
} // namespace
} // namespace torch
)";

tp::anchor::CompiledAnchor clz_anchor() {
  return compiled(node_spec(Language::cpp, std::string(k_clz_path), "def"));
}

} // namespace

TEST_SUITE("anchor::node") {

  TEST_CASE("find: the definition under #ifdef _WIN32, not the call that uses the same name") {
    const auto result = clz_anchor().find(k_arena);
    REQUIRE(result.matches.size() == 1);
    CHECK_FALSE(result.parse_degraded);
    const auto& match = result.matches[0];
    CHECK(text_of(k_arena, match.target).substr(0, 49) ==
          "inline unsigned int __builtin_clz(unsigned int x)");
    CHECK(text_of(k_arena, match.groups.at("def")) == text_of(k_arena, match.target));
    // whole: from the condition's `_WIN32` to the end of the definition, as the query had it
    CHECK(text_of(k_arena, match.whole).substr(0, 6) == "_WIN32");
    CHECK(match.whole.end == match.target.end);
  }

  TEST_CASE("find: a condition on a field's text must hold") {
    std::string text(k_arena);
    text.replace(text.find("_WIN32"), 6, "_WIN64");
    CHECK(clz_anchor().find(text).matches.empty());
  }

  TEST_CASE("find: each step must be the direct parent of the next") {
    std::string text(k_arena);
    // The definition now sits inside a namespace inside the #ifdef: no longer a direct child.
    text.replace(text.find("inline unsigned int __builtin_clz"), 0, "namespace n {\n");
    text.replace(text.find("#endif"), 0, "}\n");
    CHECK(clz_anchor().find(text).matches.empty());
  }

  TEST_CASE("find: a field names which child of its parent the node is") {
    // `__builtin_clz` as the parameter's name is an identifier in a function_declarator too,
    // but in its `parameters`, not its `declarator`.
    const std::string_view text = "#ifdef _WIN32\nint f(int __builtin_clz) { return 0; }\n#endif\n";
    CHECK(clz_anchor().find(text).matches.empty());
  }

  TEST_CASE("find: the token text in a comment or a longer identifier is not the token") {
    const std::string_view text =
        "#ifdef _WIN32\n// __builtin_clz\nint x__builtin_clz(int);\n#endif\n";
    const auto result = clz_anchor().find(text);
    CHECK(result.matches.empty());
    CHECK_FALSE(result.parse_degraded);
  }

  TEST_CASE("find: '!field' holds only where the field is absent; export macros are blanked") {
    const auto anchor =
        compiled(node_spec(Language::cpp, std::string(k_launcher_path), "class"), torch_options());
    const auto found = anchor.find(k_launcher_source);
    REQUIRE(found.matches.size() == 1);
    CHECK(text_of(k_launcher_source, found.matches[0].target).substr(0, 40) ==
          "class TORCH_API ForkedSubgraphSRLauncher");
    std::string named(k_launcher_source);
    named.replace(named.find("namespace {"), 11, "namespace x {");
    CHECK(anchor.find(named).matches.empty());
  }

  TEST_CASE("find: `within` narrows the target, and the prefilter is the longer literal") {
    auto spec = node_spec(Language::cpp, std::string(k_launcher_path), "class");
    spec.within = R"(\Aclass\s+(?P<macro>TORCH_API\s+))";
    spec.within_group = "macro";
    const auto anchor = compiled(spec, torch_options());
    CHECK(anchor.prefilter_literal() == "ForkedSubgraphSRLauncher");
    CHECK_FALSE(anchor.prefilter_is_case_insensitive());
    const auto found = anchor.find(k_launcher_source);
    REQUIRE(found.matches.size() == 1);
    CHECK(text_of(k_launcher_source, found.matches[0].target) == "TORCH_API ");
    CHECK(text_of(k_launcher_source, found.matches[0].groups.at("macro")) == "TORCH_API ");
  }

  TEST_CASE("find: without a target the match's target is the token") {
    const auto anchor =
        compiled(node_spec(Language::c, R"(call_expression > function: identifier = "f")"));
    const std::string_view text = "int g(void) { return f(1) + f(2); }\n";
    const auto result = anchor.find(text);
    REQUIRE(result.matches.size() == 2);
    CHECK(result.matches[0].target == tp::anchor::Span{21, 22});
    CHECK(result.matches[1].target == tp::anchor::Span{28, 29});
  }

  TEST_CASE("find: Python paths work on the Python grammar") {
    const auto anchor = compiled(node_spec(
        Language::python, R"(class_definition @c > name: identifier = "MSVCCompiler")", "c"));
    const std::string_view text = "import os\nclass MSVCCompiler(Base):\n    pass\n";
    const auto result = anchor.find(text);
    REQUIRE(result.matches.size() == 1);
    CHECK(text_of(text, result.matches[0].target).substr(0, 18) == "class MSVCCompiler");
  }

  TEST_CASE("find: parse degradation follows the syntax anchor's rule, located by the token") {
    const std::string_view far_error =
        "namespace {\nclass ForkedSubgraphSRLauncher {};\n}\nint broken( {\n";
    const auto anchor =
        compiled(node_spec(Language::cpp, std::string(k_launcher_path), "class"), torch_options());
    const auto found = anchor.find(far_error);
    CHECK(found.matches.size() == 1);
    const std::string_view swallowed = "namespace {\nclass ForkedSubgraphSRLauncher ) ( {\n};\n}\n";
    const auto degraded = anchor.find(swallowed);
    CHECK(degraded.matches.empty());
    CHECK(degraded.parse_degraded);
  }

  TEST_CASE("compile: types and fields are checked against the language's grammar") {
    const auto bad_type =
        compile_error(node_spec(Language::cpp, R"(clas_specifier > name: type_identifier = "X")"));
    CHECK(bad_type.message == "unknown node type 'clas_specifier' in this language's grammar");
    CHECK(bad_type.offset == 0);
    const auto bad_field =
        compile_error(node_spec(Language::cpp, R"(class_specifier > nam: type_identifier = "X")"));
    CHECK(bad_field.message == "unknown field 'nam' in this language's grammar");
    CHECK(bad_field.offset == 18);
    const auto bad_condition =
        compile_error(node_spec(Language::cpp, R"(class_specifier[!nme] > type_identifier = "X")"));
    CHECK(bad_condition.message == "unknown field 'nme' in this language's grammar");
    CHECK(bad_condition.offset == 17);
    // class_specifier is C++, not C
    CHECK(compile_error(node_spec(Language::c, R"(class_specifier > type_identifier = "X")"))
              .message == "unknown node type 'class_specifier' in this language's grammar");
  }

  TEST_CASE("compile: the target must be a capture of the path; a path error keeps its offset") {
    CHECK(compile_error(node_spec(Language::cpp, std::string(k_clz_path), "fn")).message ==
          "target capture '@fn' does not exist in the path (captures: @def)");
    CHECK(compile_error(node_spec(Language::cpp, R"(identifier = "x")", "fn")).message ==
          "target capture '@fn' does not exist in the path (it captures nothing)");
    CHECK(compile_error(node_spec(Language::cpp, "identifier > ")).offset == 13);
  }

  TEST_CASE("compile: a bad `within` is an error in `within`") {
    auto spec = node_spec(Language::cpp, R"(identifier = "x")");
    spec.within = "(";
    CHECK(compile_error(spec).in_within);
  }

  TEST_CASE("the node kind compiles no tree-sitter query, whatever the compilation mode") {
    tp::anchor::CompileOptions deferred;
    deferred.query_compilation = tp::anchor::QueryCompilation::on_first_use;
    const auto anchor =
        compiled(node_spec(Language::cpp, std::string(k_clz_path), "def"), deferred);
    CHECK(anchor.is_prepared());
    CHECK(anchor.spec().kind == Kind::node);
  }
}
