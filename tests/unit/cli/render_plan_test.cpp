// The plan renderers (text, diff, JSON, GitHub) on hand-built plans: whole outputs, so that a
// change of a space, a colour code or a comma shows here first.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "catalog/version.hpp"
#include "cli/render_plan.hpp"

using tp::cli::Format;
using tp::cli::render_plan;
using tp::cli::render_plan_github;
using tp::cli::render_plan_json;
using tp::cli::render_plan_list;
using tp::cli::render_plan_summary;
using tp::engine::EditReport;
using tp::engine::FilePlan;
using tp::engine::GateOutcome;
using tp::engine::GateReport;
using tp::engine::Outcome;
using tp::engine::PatchsetReport;
using tp::engine::Plan;

namespace {

EditReport edit_report(std::string edit, std::string file, tp::LineCol where, Outcome outcome,
                       std::string message, std::size_t actual = 1, std::string repository = "") {
  EditReport e;
  e.edit = std::move(edit);
  e.file = std::move(file);
  e.repository = std::move(repository);
  e.where = where;
  e.outcome = outcome;
  e.message = std::move(message);
  e.expected = "exactly 1";
  e.actual = actual;
  return e;
}

PatchsetReport patchset_report(std::string id, std::string title, Outcome outcome,
                               std::vector<EditReport> edits) {
  PatchsetReport p;
  p.id = std::move(id);
  p.title = std::move(title);
  p.outcome = outcome;
  for (auto& e : edits)
    e.patchset = p.id;
  p.edits = std::move(edits);
  return p;
}

Plan empty_plan() {
  Plan plan;
  plan.version = {*tp::catalog::parse_version("2.0.1"), "tag v2.0.1 at HEAD"};
  plan.catalog_version = "1.2.0";
  return plan;
}

constexpr tp::LineCol k_nowhere{0, 0};

// One patchset per outcome. The will-apply one changes a CRLF file and a file under a non-ASCII
// submodule path without a final newline, and has edits whose outcomes differ from its own.
Plan plan_with_every_outcome() {
  Plan plan = empty_plan();
  PatchsetReport cmake = patchset_report(
      "cmake-minimum", "CMake 4 refuses cmake_minimum_required below 3.5", Outcome::will_apply,
      {edit_report("raise", "CMakeLists.txt", {1, 1}, Outcome::will_apply, "1 match at line 1"),
       edit_report("café", "third_party/café/CMakeLists.txt", {2, 1}, Outcome::will_apply,
                   "1 match at line 2", 1, "third_party/café"),
       edit_report("again", "cmake/Modules.cmake", {5, 3}, Outcome::already_applied,
                   "already applied"),
       edit_report("windows", "cmake/public/cuda.cmake", {3, 4}, Outcome::not_applicable,
                   "condition platform == windows does not hold", 0)});
  cmake.notes = {"${CMAKE_VERSION} in cmake/Dependencies.cmake left alone"};
  plan.patchsets.push_back(cmake);
  plan.patchsets.push_back(
      patchset_report("setuptools", "setuptools 74 moved _msvccompiler", Outcome::already_applied,
                      {edit_report("import", "tools/build_pytorch_libs.py", {12, 1},
                                   Outcome::already_applied, "already applied")}));
  plan.patchsets.push_back(patchset_report(
      "span", "flatbuffers span count", Outcome::upstream_fixed,
      {edit_report("count", "third_party/flatbuffers/include/flatbuffers/stl_emulation.h", {40, 3},
                   Outcome::upstream_fixed, "the fixed form is there", 1,
                   "third_party/flatbuffers")}));
  PatchsetReport old =
      patchset_report("old-only", "only before 2.0", Outcome::not_applicable,
                      {edit_report("e", "setup.py", k_nowhere, Outcome::not_applicable,
                                   "version 2.0.1 is not in <2.0", 0)});
  old.reason = "version 2.0.1 is not in <2.0";
  plan.patchsets.push_back(old);
  plan.patchsets.push_back(patchset_report(
      "anchor", "setup.py anchor", Outcome::anchor_missing,
      {edit_report("find", "third_party/café/setup.py", k_nowhere, Outcome::anchor_missing,
                   "no match for the anchor", 0, "third_party/café")}));
  plan.patchsets.push_back(
      patchset_report("twice", "matched twice", Outcome::ambiguous,
                      {edit_report("one", "a:b,c.txt", {4, 2}, Outcome::ambiguous,
                                   "2 matches (lines 4, 9), expected exactly 1", 2)}));
  plan.patchsets.push_back(
      patchset_report("degraded", "syntax errors", Outcome::parse_degraded,
                      {edit_report("parse", "src/日本.cpp", {7, 1}, Outcome::parse_degraded,
                                   "the syntax tree has errors near line 7")}));
  plan.patchsets.push_back(
      patchset_report("overlapping", "overlaps another", Outcome::overlap,
                      {edit_report("o", "CMakeLists.txt", {1, 1}, Outcome::overlap,
                                   "overlaps cmake-minimum/raise")}));
  plan.patchsets.push_back(
      patchset_report("gone", "no such file", Outcome::file_missing,
                      {edit_report("py", "tools/*.py", k_nowhere, Outcome::file_missing,
                                   "no file matches tools/*.py", 0)}));

  FilePlan crlf;
  crlf.path = "CMakeLists.txt";
  crlf.before = "cmake_minimum_required(VERSION 3.1)\r\nproject(x)\r\n";
  crlf.after = "cmake_minimum_required(VERSION 3.5)\r\nproject(x)\r\n";
  crlf.patchsets = {"cmake-minimum"};
  crlf.after_each = {crlf.after};
  FilePlan cafe;
  cafe.path = "third_party/café/CMakeLists.txt";
  cafe.repository = "third_party/café";
  cafe.before = "project(café)\ncmake_minimum_required(VERSION 2.8)";
  cafe.after = "project(café)\ncmake_minimum_required(VERSION 3.5)";
  cafe.patchsets = {"cmake-minimum"};
  cafe.after_each = {cafe.after};
  plan.files = {crlf, cafe};
  return plan;
}

const std::string k_diff =
    "diff --git a/CMakeLists.txt b/CMakeLists.txt\n"
    "--- a/CMakeLists.txt\n"
    "+++ b/CMakeLists.txt\n"
    "@@ -1,2 +1,2 @@\n"
    "-cmake_minimum_required(VERSION 3.1)\r\n"
    "+cmake_minimum_required(VERSION 3.5)\r\n"
    " project(x)\r\n"
    "diff --git a/third_party/café/CMakeLists.txt b/third_party/café/CMakeLists.txt\n"
    "--- a/third_party/café/CMakeLists.txt\n"
    "+++ b/third_party/café/CMakeLists.txt\n"
    "@@ -1,2 +1,2 @@\n"
    " project(café)\n"
    "-cmake_minimum_required(VERSION 2.8)\n"
    "\\ No newline at end of file\n"
    "+cmake_minimum_required(VERSION 3.5)\n"
    "\\ No newline at end of file\n";

const std::string k_summary =
    "PyTorch 2.0.1 (from tag v2.0.1 at HEAD), catalog 1.2.0\n"
    "will-apply       cmake-minimum  CMake 4 refuses cmake_minimum_required below 3.5\n"
    "    will-apply  raise  CMakeLists.txt:1:1: 1 match at line 1\n"
    "    will-apply  café  third_party/café/CMakeLists.txt:2:1: 1 match at line 2\n"
    "    already-applied  again  cmake/Modules.cmake:5:3: already applied\n"
    "    not-applicable  windows  cmake/public/cuda.cmake: condition platform == windows does not "
    "hold\n"
    "    note: ${CMAKE_VERSION} in cmake/Dependencies.cmake left alone\n"
    "already-applied  setuptools  setuptools 74 moved _msvccompiler\n"
    "upstream-fixed   span  flatbuffers span count\n"
    "not-applicable   old-only  only before 2.0 (version 2.0.1 is not in <2.0)\n"
    "anchor-missing   anchor  setup.py anchor\n"
    "    anchor-missing  find  third_party/café/setup.py: no match for the anchor\n"
    "ambiguous        twice  matched twice\n"
    "    ambiguous  one  a:b,c.txt:4:2: 2 matches (lines 4, 9), expected exactly 1\n"
    "parse-degraded   degraded  syntax errors\n"
    "    parse-degraded  parse  src/日本.cpp:7:1: the syntax tree has errors near line 7\n"
    "overlap          overlapping  overlaps another\n"
    "    overlap  o  CMakeLists.txt:1:1: overlaps cmake-minimum/raise\n"
    "file-missing     gone  no such file\n"
    "    file-missing  py  tools/*.py: no file matches tools/*.py\n";

// One patchset that will apply, one ambiguous, one fixed upstream: what the colour tests mark.
Plan plan_of_three_outcomes() {
  Plan plan = empty_plan();
  plan.patchsets.push_back(patchset_report(
      "cmake-minimum", "CMake 4", Outcome::will_apply,
      {edit_report("raise", "CMakeLists.txt", {1, 1}, Outcome::will_apply, "1 match at line 1")}));
  plan.patchsets.push_back(
      patchset_report("twice", "matched twice", Outcome::ambiguous,
                      {edit_report("one", "a.txt", {4, 2}, Outcome::ambiguous,
                                   "2 matches (lines 4, 9), expected exactly 1", 2)}));
  plan.patchsets.push_back(patchset_report(
      "span", "fixed", Outcome::upstream_fixed,
      {edit_report("count", "s.h", {40, 3}, Outcome::upstream_fixed, "the fixed form is there")}));
  return plan;
}

} // namespace

TEST_SUITE("cli::render_plan") {

  TEST_CASE(
      "render_plan text: the diff, a blank line, then one line per patchset with its edits below") {
    const Plan plan = plan_with_every_outcome();
    CHECK(render_plan(plan, Format::text, false, "dry-run") == k_diff + "\n" + k_summary);
    CHECK(render_plan_summary(plan, false) == k_summary);
  }

  TEST_CASE("render_plan text: with nothing to change there is no diff and no blank line") {
    Plan plan = empty_plan();
    plan.patchsets.push_back(
        patchset_report("setuptools", "setuptools 74 moved _msvccompiler", Outcome::already_applied,
                        {edit_report("import", "tools/build_pytorch_libs.py", {12, 1},
                                     Outcome::already_applied, "already applied")}));
    CHECK(render_plan(plan, Format::text, false, "dry-run") ==
          "PyTorch 2.0.1 (from tag v2.0.1 at HEAD), catalog 1.2.0\n"
          "already-applied  setuptools  setuptools 74 moved _msvccompiler\n");
    CHECK(render_plan(empty_plan(), Format::text, false, "dry-run") ==
          "PyTorch 2.0.1 (from tag v2.0.1 at HEAD), catalog 1.2.0\n");
  }

  TEST_CASE("render_plan text: colour marks the diff and each patchset's outcome (green, red, "
            "dim), not the edits") {
    Plan plan = plan_of_three_outcomes();
    FilePlan crlf;
    crlf.path = "CMakeLists.txt";
    crlf.before = "cmake_minimum_required(VERSION 3.1)\r\nproject(x)\r\n";
    crlf.after = "cmake_minimum_required(VERSION 3.5)\r\nproject(x)\r\n";
    crlf.patchsets = {"cmake-minimum"};
    plan.files = {crlf};
    // The reset of a changed CRLF line comes between its CR and its LF, as the diff renderer has
    // always written it.
    CHECK(render_plan(plan, Format::text, true, "dry-run") ==
          "\x1b[1mdiff --git a/CMakeLists.txt b/CMakeLists.txt\x1b[0m\n"
          "\x1b[1m--- a/CMakeLists.txt\x1b[0m\n"
          "\x1b[1m+++ b/CMakeLists.txt\x1b[0m\n"
          "\x1b[36m@@ -1,2 +1,2 @@\x1b[0m\n"
          "\x1b[31m-cmake_minimum_required(VERSION 3.1)\r\x1b[0m\n"
          "\x1b[32m+cmake_minimum_required(VERSION 3.5)\r\x1b[0m\n"
          " project(x)\r\n"
          "\n"
          "PyTorch 2.0.1 (from tag v2.0.1 at HEAD), catalog 1.2.0\n"
          "\x1b[32mwill-apply       \x1b[0mcmake-minimum  CMake 4\n"
          "    will-apply  raise  CMakeLists.txt:1:1: 1 match at line 1\n"
          "\x1b[31mambiguous        \x1b[0mtwice  matched twice\n"
          "    ambiguous  one  a.txt:4:2: 2 matches (lines 4, 9), expected exactly 1\n"
          "\x1b[2mupstream-fixed   \x1b[0mspan  fixed\n");
  }

  TEST_CASE("render_plan diff: the bare diff, never coloured") {
    const Plan plan = plan_with_every_outcome();
    CHECK(render_plan(plan, Format::diff, false, "dry-run") == k_diff);
    CHECK(render_plan(plan, Format::diff, true, "dry-run") == k_diff);
    CHECK(render_plan(empty_plan(), Format::diff, true, "dry-run") == "");
  }

  TEST_CASE("render_plan json: every outcome, on one line, in the documented schema") {
    const Plan plan = plan_with_every_outcome();
    const std::string edit_fields = R"("expected_matches":"exactly 1","actual_matches":)";
    const std::string expected =
        R"({"schema_version":1,"action":"dry-run",)"
        R"("torch_version":{"version":"2.0.1","source":"tag v2.0.1 at HEAD"},"catalog_version":"1.2.0","conflict":true,)"
        R"("patchsets":[)"
        R"({"id":"cmake-minimum","title":"CMake 4 refuses cmake_minimum_required below 3.5","outcome":"will-apply",)"
        R"("conflict":false,"reason":"","notes":["${CMAKE_VERSION} in cmake/Dependencies.cmake left alone"],"edits":[)"
        R"({"id":"raise","file":"CMakeLists.txt","repository":"","line":1,"column":1,"outcome":"will-apply",)"
        R"("message":"1 match at line 1",)" +
        edit_fields +
        "1},"
        R"({"id":"café","file":"third_party/café/CMakeLists.txt","repository":"third_party/café","line":2,"column":1,)"
        R"("outcome":"will-apply","message":"1 match at line 2",)" +
        edit_fields +
        "1},"
        R"({"id":"again","file":"cmake/Modules.cmake","repository":"","line":5,"column":3,"outcome":"already-applied",)"
        R"("message":"already applied",)" +
        edit_fields +
        "1},"
        R"({"id":"windows","file":"cmake/public/cuda.cmake","repository":"","line":3,"column":4,)"
        R"("outcome":"not-applicable","message":"condition platform == windows does not hold",)" +
        edit_fields +
        "0}]},"
        R"({"id":"setuptools","title":"setuptools 74 moved _msvccompiler","outcome":"already-applied","conflict":false,)"
        R"("reason":"","notes":[],"edits":[{"id":"import","file":"tools/build_pytorch_libs.py","repository":"",)"
        R"("line":12,"column":1,"outcome":"already-applied","message":"already applied",)" +
        edit_fields +
        "1}]},"
        R"({"id":"span","title":"flatbuffers span count","outcome":"upstream-fixed","conflict":false,"reason":"",)"
        R"("notes":[],"edits":[{"id":"count","file":"third_party/flatbuffers/include/flatbuffers/stl_emulation.h",)"
        R"("repository":"third_party/flatbuffers","line":40,"column":3,"outcome":"upstream-fixed",)"
        R"("message":"the fixed form is there",)" +
        edit_fields +
        "1}]},"
        R"({"id":"old-only","title":"only before 2.0","outcome":"not-applicable","conflict":false,)"
        R"("reason":"version 2.0.1 is not in <2.0","notes":[],"edits":[{"id":"e","file":"setup.py","repository":"",)"
        R"("line":0,"column":0,"outcome":"not-applicable","message":"version 2.0.1 is not in <2.0",)" +
        edit_fields +
        "0}]},"
        R"({"id":"anchor","title":"setup.py anchor","outcome":"anchor-missing","conflict":true,"reason":"","notes":[],)"
        R"("edits":[{"id":"find","file":"third_party/café/setup.py","repository":"third_party/café","line":0,)"
        R"("column":0,"outcome":"anchor-missing","message":"no match for the anchor",)" +
        edit_fields +
        "0}]},"
        R"({"id":"twice","title":"matched twice","outcome":"ambiguous","conflict":true,"reason":"","notes":[],)"
        R"("edits":[{"id":"one","file":"a:b,c.txt","repository":"","line":4,"column":2,"outcome":"ambiguous",)"
        R"("message":"2 matches (lines 4, 9), expected exactly 1",)" +
        edit_fields +
        "2}]},"
        R"({"id":"degraded","title":"syntax errors","outcome":"parse-degraded","conflict":true,"reason":"","notes":[],)"
        R"("edits":[{"id":"parse","file":"src/日本.cpp","repository":"","line":7,"column":1,"outcome":"parse-degraded",)"
        R"("message":"the syntax tree has errors near line 7",)" +
        edit_fields +
        "1}]},"
        R"({"id":"overlapping","title":"overlaps another","outcome":"overlap","conflict":true,"reason":"","notes":[],)"
        R"("edits":[{"id":"o","file":"CMakeLists.txt","repository":"","line":1,"column":1,"outcome":"overlap",)"
        R"("message":"overlaps cmake-minimum/raise",)" +
        edit_fields +
        "1}]},"
        R"({"id":"gone","title":"no such file","outcome":"file-missing","conflict":true,"reason":"","notes":[],)"
        R"("edits":[{"id":"py","file":"tools/*.py","repository":"","line":0,"column":0,"outcome":"file-missing",)"
        R"("message":"no file matches tools/*.py",)" +
        edit_fields +
        "0}]}],"
        R"("gates":[],"files":[{"path":"CMakeLists.txt","repository":"","patchsets":["cmake-minimum"]},)"
        R"({"path":"third_party/café/CMakeLists.txt","repository":"third_party/café","patchsets":["cmake-minimum"]}]})"
        "\n";
    CHECK(render_plan(plan, Format::json, true, "dry-run") == expected);
    CHECK(render_plan_json(plan, "apply") ==
          "{\"schema_version\":1,\"action\":\"apply\"" +
              expected.substr(expected.find(",\"torch_version\"")));
  }

  TEST_CASE("render_plan json: without a conflict, conflict is false; empty lists stay lists") {
    CHECK(
        render_plan_json(empty_plan(), "refused") ==
        R"({"schema_version":1,"action":"refused","torch_version":{"version":"2.0.1","source":"tag v2.0.1 at HEAD"},)"
        R"("catalog_version":"1.2.0","conflict":false,"patchsets":[],"gates":[],"files":[]})"
        "\n");
  }

  TEST_CASE(
      "render_plan json: quotes, backslashes, control bytes, CR LF and invalid UTF-8 are escaped") {
    Plan plan = empty_plan();
    plan.version.source = "tag \"v2.0.1\" at HEAD";
    PatchsetReport p = patchset_report(
        "quote", "a \"title\" with a back\\slash\tand a tab", Outcome::anchor_missing,
        {edit_report("e", "dir\\file\r\n.txt", k_nowhere, Outcome::anchor_missing,
                     std::string("bell \x07, escape \x1b, NUL ") + '\0' +
                         ", DEL \x7f, bad \xff\xfe, cut \xe6\x97, é 日",
                     0)});
    p.notes = {"line one\nline two"};
    plan.patchsets.push_back(p);
    CHECK(
        render_plan_json(plan, "dry-run") ==
        R"({"schema_version":1,"action":"dry-run","torch_version":{"version":"2.0.1",)"
        R"("source":"tag \"v2.0.1\" at HEAD"},"catalog_version":"1.2.0","conflict":true,"patchsets":[)"
        R"({"id":"quote","title":"a \"title\" with a back\\slash\tand a tab","outcome":"anchor-missing",)"
        R"("conflict":true,"reason":"","notes":["line one\nline two"],"edits":[{"id":"e","file":"dir\\file\r\n.txt",)"
        R"("repository":"","line":0,"column":0,"outcome":"anchor-missing",)"
        "\"message\":\"bell \\u0007, escape \\u001b, NUL \\u0000, DEL \x7f, bad "
        "\xEF\xBF\xBD\xEF\xBF\xBD, "
        "cut \xEF\xBF\xBD\xEF\xBF\xBD, é 日\","
        R"("expected_matches":"exactly 1","actual_matches":0}]}],"gates":[],"files":[]})"
        "\n");
  }

  TEST_CASE("render_plan github: one workflow command per edit, ::error for conflicts, ::notice "
            "for the rest") {
    const Plan plan = plan_with_every_outcome();
    const std::string expected =
        "::notice file=CMakeLists.txt,line=1,col=1,title=torchpatch cmake-minimum will-apply"
        "::cmake-minimum/raise: 1 match at line 1\n"
        "::notice file=third_party/café/CMakeLists.txt,line=2,col=1,title=torchpatch cmake-minimum "
        "will-apply"
        "::cmake-minimum/café: 1 match at line 2\n"
        "::notice file=cmake/Modules.cmake,line=5,col=3,title=torchpatch cmake-minimum "
        "already-applied"
        "::cmake-minimum/again: already applied\n"
        "::notice file=cmake/public/cuda.cmake,line=3,col=4,title=torchpatch cmake-minimum "
        "not-applicable"
        "::cmake-minimum/windows: condition platform == windows does not hold\n"
        "::notice file=tools/build_pytorch_libs.py,line=12,col=1,title=torchpatch setuptools "
        "already-applied"
        "::setuptools/import: already applied\n"
        "::notice file=third_party/flatbuffers/include/flatbuffers/stl_emulation.h,line=40,col=3,"
        "title=torchpatch span upstream-fixed::span/count: the fixed form is there\n"
        "::notice file=setup.py,title=torchpatch old-only not-applicable::old-only/e: version "
        "2.0.1 is not in <2.0\n"
        "::error file=third_party/café/setup.py,title=torchpatch anchor anchor-missing"
        "::anchor/find: no match for the anchor\n"
        "::error file=a%3Ab%2Cc.txt,line=4,col=2,title=torchpatch twice ambiguous"
        "::twice/one: 2 matches (lines 4, 9), expected exactly 1\n"
        "::error file=src/日本.cpp,line=7,col=1,title=torchpatch degraded parse-degraded"
        "::degraded/parse: the syntax tree has errors near line 7\n"
        "::error file=CMakeLists.txt,line=1,col=1,title=torchpatch overlapping overlap"
        "::overlapping/o: overlaps cmake-minimum/raise\n"
        "::error file=tools/*.py,title=torchpatch gone file-missing::gone/py: no file matches "
        "tools/*.py\n";
    CHECK(render_plan(plan, Format::github, true, "dry-run") == expected);
    CHECK(render_plan_github(plan) == expected);
  }

  TEST_CASE("render_plan github: % CR LF escaped everywhere, and : , in properties only") {
    Plan plan = empty_plan();
    plan.patchsets.push_back(
        patchset_report("p", "t", Outcome::ambiguous,
                        {edit_report("e", "50%/a:b,c\r\n.txt", {2, 3}, Outcome::ambiguous,
                                     "100% sure: a, b\r\nnext line", 2)}));
    CHECK(render_plan_github(plan) ==
          "::error file=50%25/a%3Ab%2Cc%0D%0A.txt,line=2,col=3,title=torchpatch p ambiguous"
          "::p/e: 100%25 sure: a, b%0D%0Anext line\n");
    CHECK(render_plan_github(empty_plan()) == "");
  }

  TEST_CASE("render_plan_list: one line per patchset and gate, ids aligned, what each would do in "
            "a few words") {
    Plan plan = plan_with_every_outcome();
    // Waits for a submodule: alone, and beside edits that apply.
    plan.patchsets.push_back(patchset_report(
        "fbgemm-cstdint", "FBGEMM cstdint", Outcome::submodule_absent,
        {edit_report("include", "third_party/fbgemm/include/fbgemm/UtilsAvx2.h", {1, 1},
                     Outcome::submodule_absent, "submodule third_party/fbgemm is not initialised",
                     0, "third_party/fbgemm")}));
    plan.patchsets.push_back(patchset_report(
        "cstdint", "cstdint everywhere", Outcome::will_apply,
        {edit_report("torch", "c10/util/Half.h", {3, 1}, Outcome::will_apply, "1 match at line 3"),
         edit_report("gloo", "third_party/gloo/gloo/types.h", k_nowhere, Outcome::submodule_absent,
                     "submodule third_party/gloo is not initialised", 0, "third_party/gloo"),
         edit_report("kineto", "third_party/kineto/x.h", k_nowhere, Outcome::submodule_absent,
                     "submodule third_party/kineto is not initialised", 0, "third_party/kineto")}));
    // Two conflicts in one file, one in another.
    plan.patchsets.push_back(patchset_report(
        "two-files", "conflicts in two files", Outcome::anchor_missing,
        {edit_report("a", "x.cpp", k_nowhere, Outcome::anchor_missing, "no match", 0),
         edit_report("b", "x.cpp", {9, 1}, Outcome::ambiguous, "2 matches", 2),
         edit_report("c", "y.cpp", k_nowhere, Outcome::anchor_missing, "no match", 0),
         edit_report("d", "z.cpp", {1, 1}, Outcome::already_applied, "already applied")}));
    FilePlan half;
    half.path = "c10/util/Half.h";
    half.patchsets = {"cstdint"};
    plan.files.push_back(half);
    GateReport blocks;
    blocks.id = "python-3-12-needs-2-2";
    blocks.title = "Python 3.12 needs PyTorch 2.2";
    blocks.outcome = GateOutcome::blocks;
    blocks.reason = "PyTorch 2.0.1 with python 3.12; lifted in PyTorch 2.2";
    GateReport unknown = blocks;
    unknown.id = "cuda";
    unknown.outcome = GateOutcome::unknown;
    unknown.reason =
        "PyTorch 2.0.1 is concerned, but cuda is unknown here; pass --fact cuda=VERSION";
    GateReport clear = blocks;
    clear.id = "old";
    clear.outcome = GateOutcome::clear;
    clear.reason = "PyTorch 2.0.1 is outside <2.0";
    plan.gates = {blocks, unknown, clear};

    CHECK(render_plan_list(plan, false) ==
          "PyTorch 2.0.1 (from tag v2.0.1 at HEAD), catalog 1.2.0\n"
          "will-apply       cmake-minimum          changes 2 files\n"
          "already-applied  setuptools             nothing to change\n"
          "upstream-fixed   span                   nothing to change\n"
          "not-applicable   old-only               version 2.0.1 is not in <2.0\n"
          "anchor-missing   anchor                 1 conflict in 1 file\n"
          "ambiguous        twice                  1 conflict in 1 file\n"
          "parse-degraded   degraded               1 conflict in 1 file\n"
          "overlap          overlapping            1 conflict in 1 file\n"
          "file-missing     gone                   1 conflict in 1 file\n"
          "submodule-absent fbgemm-cstdint         submodule third_party/fbgemm not initialised\n"
          "will-apply       cstdint                changes 1 file; submodules third_party/gloo, "
          "third_party/kineto "
          "not initialised\n"
          "anchor-missing   two-files              3 conflicts in 2 files\n"
          "gate blocks      python-3-12-needs-2-2  PyTorch 2.0.1 with python 3.12; lifted in "
          "PyTorch 2.2\n"
          "gate unknown     cuda                   PyTorch 2.0.1 is concerned, but cuda is unknown "
          "here; pass "
          "--fact cuda=VERSION\n"
          "gate clear       old                    PyTorch 2.0.1 is outside <2.0\n");
  }

  TEST_CASE(
      "render_plan_list: colour marks the outcome column as the summary does, gates included") {
    Plan plan = plan_of_three_outcomes();
    FilePlan file;
    file.path = "CMakeLists.txt";
    file.patchsets = {"cmake-minimum"};
    plan.files = {file};
    GateReport gate;
    gate.id = "g";
    gate.outcome = GateOutcome::blocks;
    gate.reason = "it blocks";
    plan.gates = {gate};
    CHECK(render_plan_list(plan, true) ==
          "PyTorch 2.0.1 (from tag v2.0.1 at HEAD), catalog 1.2.0\n"
          "\x1b[32mwill-apply       \x1b[0mcmake-minimum  changes 1 file\n"
          "\x1b[31mambiguous        \x1b[0mtwice          1 conflict in 1 file\n"
          "\x1b[2mupstream-fixed   \x1b[0mspan           nothing to change\n"
          "\x1b[33mgate blocks      \x1b[0mg              it blocks\n");
  }

  TEST_CASE("render_plan_list: an empty plan is the version line alone") {
    CHECK(render_plan_list(empty_plan(), false) ==
          "PyTorch 2.0.1 (from tag v2.0.1 at HEAD), catalog 1.2.0\n");
  }

} // TEST_SUITE
