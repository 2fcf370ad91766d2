// apply --dry in every output format, and list: what torchpatch says it would do, checked against
// git, python3's JSON parser and the table in fixtures/README.md.
#include <doctest/doctest.h>

#include "e2e/checkout.hpp"

using namespace tp::e2e;

TEST_SUITE("e2e::apply_dry") {

  TEST_CASE("apply --dry --format diff: git apply --check accepts the diff and nothing changes") {
    TP_FOR_EACH_FIXTURE(fixture) {
      TP_E2E_DIR(dir);
      const fs::path checkout = make_checkout(dir, fixture);
      const std::string status_before = git_status_all(checkout);
      const Snapshot before = snapshot(checkout);

      const Output dry = torchpatch_in(checkout, {"apply", "--dry", "--format", "diff"});
      CHECK(dry.code == 0);
      CHECK(dry.err == "");
      // Every fixture has patchsets that will apply, so the diff is never empty.
      REQUIRE(!dry.out.empty());
      CHECK(join(paths_of_diff(dry.out)) == join(expected_changed_files(fixture)));

      write_bytes(dir / "dry.diff", dry.out);
      const Output check =
          shell(git() + " apply --check " + quote((dir / "dry.diff").string()), checkout);
      INFO("git apply --check said: " << check.out << check.err);
      CHECK(check.code == 0);

      CHECK(git_status_all(checkout) == status_before);
      CHECK(describe_changes(before, snapshot(checkout)) == "");
    }
  }

  TEST_CASE("apply --dry --format json: parses, and its outcomes are the text output's and the "
            "README's") {
    TP_FOR_EACH_FIXTURE(fixture) {
      TP_E2E_DIR(dir);
      const fs::path checkout = make_checkout(dir, fixture);
      const Output json = torchpatch_in(checkout, {"apply", "--dry", "--format", "json"});
      const Output text = torchpatch_in(checkout, {"apply", "--dry"});
      CHECK(json.code == 0); // no conflict in any fixture
      CHECK(text.code == 0);
      const auto expected = expected_outcomes(fixture);
      CHECK(outcomes_of_json(dir, json.out) == expected);
      CHECK(outcomes_of_text(text.out) == expected);

      const Output flags =
          python_on_json(dir,
                         "import json, sys\n"
                         "doc = json.load(open(sys.argv[1]))\n"
                         "print(doc['action'], doc['conflict'], doc['schema_version'])\n",
                         json.out);
      CHECK(flags.code == 0);
      CHECK(flags.out == "dry-run False 1\n");
    }
  }

  TEST_CASE("apply --dry --format json: a conflict is in the JSON and the exit code is 1") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v1.13.1");
    // A second `const size_type count_;` makes the flatbuffers anchor (matches = 1) ambiguous.
    replace_once(checkout / "third_party/flatbuffers/include/flatbuffers/stl_emulation.h",
                 "const size_type count_;", "const size_type count_;\n  const size_type count_;");
    const Output json = torchpatch_in(checkout, {"apply", "--dry", "--format", "json"});
    CHECK(json.code == 1);
    auto expected = expected_outcomes("v1.13.1");
    expected["flatbuffers-span-const-count"] = "ambiguous";
    CHECK(outcomes_of_json(dir, json.out) == expected);
    CHECK(outcomes_of_text(torchpatch_in(checkout, {"apply", "--dry"}).out) == expected);
    const Output flags = python_on_json(
        dir,
        "import json, sys\n"
        "doc = json.load(open(sys.argv[1]))\n"
        "print(doc['conflict'], [p['id'] for p in doc['patchsets'] if p['conflict']])\n",
        json.out);
    CHECK(flags.out == "True ['flatbuffers-span-const-count']\n");
  }

  TEST_CASE("apply --dry --format github: ::error for conflicts, ::notice for every other edit") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v1.13.1");
    const std::string header = "third_party/flatbuffers/include/flatbuffers/stl_emulation.h";
    replace_once(checkout / header, "const size_type count_;",
                 "const size_type count_;\n  const size_type count_;");
    const Output github = torchpatch_in(checkout, {"apply", "--dry", "--format", "github"});
    CHECK(github.code == 1);
    REQUIRE(!github.out.empty());
    std::size_t errors = 0, notices = 0, gate_notices = 0;
    std::size_t pos = 0;
    while (pos < github.out.size()) {
      const std::size_t end = github.out.find('\n', pos);
      REQUIRE(end != std::string::npos); // every line ends with a newline
      const std::string line = github.out.substr(pos, end - pos);
      CAPTURE(line);
      if (line.starts_with("::error file=")) {
        ++errors;
        CHECK(line.starts_with("::error file=" + header + ","));
        CHECK(line.find("ambiguous") != std::string::npos);
      } else if (line.starts_with("::notice title=torchpatch gate ") ||
                 line.starts_with("::warning title=torchpatch gate ")) {
        // a gate of the shipped catalog: reported, tied to no file; one that this machine's
        // toolchain (a CUDA toolkit, say) makes block is a warning
        ++gate_notices;
      } else {
        CHECK(line.starts_with("::notice file="));
        CHECK(line.find("flatbuffers-span-const-count") == std::string::npos);
        ++notices;
      }
      pos = end + 1;
    }
    CHECK(errors == 1);
    CHECK(notices > 0);
    CHECK(gate_notices > 0); // v1.13.1 is concerned by the Python and CUDA gates
    // The edit locations are GitHub's `file=…,line=…,col=…`.
    CHECK(github.out.find("file=torch/csrc/jit/runtime/static/native_ops.cpp,line=") !=
          std::string::npos);
  }

} // TEST_SUITE

TEST_SUITE("e2e::list") {

  TEST_CASE(
      "list: shows the patchsets that will apply to each fixture, and why the others do not") {
    TP_FOR_EACH_FIXTURE(fixture) {
      TP_E2E_DIR(dir);
      const fs::path checkout = make_checkout(dir, fixture);
      const Output list = torchpatch_in(checkout, {"list"});
      CHECK(list.code == 0);
      CHECK(list.err == "");
      const auto expected = expected_outcomes(fixture);
      CHECK(outcomes_of_text(list.out) == expected);
      for (const auto& [id, outcome] : expected)
        if (outcome == "not-applicable") {
          CAPTURE(id);
          // The patchset's line gives the reason: it names the version and the patchset's range.
          const std::size_t line = list.out.find(" " + id + " ");
          REQUIRE(line != std::string::npos);
          const std::string reason = list.out.substr(line, list.out.find('\n', line) - line);
          // caffe2-missing-prototypes-not-msvc (2.1+) and fbgemm-packmatrix-isa-clang-cl (1.12+)
          // are for clang-cl only: in range, their reason is the compiler condition
          if ((id == "caffe2-missing-prototypes-not-msvc" && fixture == "v2.6.0") ||
              id == "fbgemm-packmatrix-isa-clang-cl")
            CHECK(reason.find("compiler") != std::string::npos);
          else
            CHECK(reason.find("  PyTorch " + fixture + " is outside") != std::string::npos);
        }
      const Output json = torchpatch_in(checkout, {"list", "--format", "json"});
      CHECK(json.code == 0);
      CHECK(outcomes_of_json(dir, json.out) == expected);
    }
  }

} // TEST_SUITE
