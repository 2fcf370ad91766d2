// apply, a second apply and revert on every fixture and on byte-level variants of one: what is
// written is exactly what the dry run showed, and revert restores every byte and mode.
#include <doctest/doctest.h>

#include <algorithm>

#include "e2e/checkout.hpp"

using namespace tp::e2e;

namespace {

fs::path journal_of(const fs::path& checkout) {
  return checkout / ".git/torchpatch/journal";
}

std::size_t count(std::string_view bytes, std::string_view what) {
  std::size_t n = 0;
  for (auto at = bytes.find(what); at != std::string_view::npos; at = bytes.find(what, at + 1))
    ++n;
  return n;
}

} // namespace

TEST_SUITE("e2e::apply_revert") {

  TEST_CASE("apply then revert: writes exactly the dry run's files, re-apply is a no-op, revert "
            "restores every byte") {
    TP_FOR_EACH_FIXTURE(fixture) {
      TP_E2E_DIR(dir);
      const fs::path checkout = make_checkout(dir, fixture);
      const std::string status_before = git_status_all(checkout);
      const Snapshot before = snapshot(checkout);
      const Output dry = torchpatch_in(checkout, {"apply", "--dry", "--format", "diff"});
      REQUIRE(dry.code == 0);

      const Output apply = torchpatch_in(checkout, {"apply"});
      INFO("apply said: " << apply.out << apply.err);
      CHECK(apply.code == 0);
      CHECK(apply.out.find("file(s) written; undo with: torchpatch revert") != std::string::npos);
      const Snapshot applied = snapshot(checkout);
      CHECK(join(changed_paths(before, applied)) == join(paths_of_diff(dry.out)));
      CHECK(join(changed_paths(before, applied)) == join(expected_changed_files(fixture)));

      // The journal lives in the superproject's git folder and never shows in git status.
      CHECK(fs::is_regular_file(journal_of(checkout)));
      const std::string untracked =
          git_ok(checkout, "status --porcelain --ignored --untracked-files=all");
      CHECK(untracked.find("??") == std::string::npos);
      CHECK(untracked.find("!!") == std::string::npos);
      CHECK(untracked.find("torchpatch") == std::string::npos);

      // A second apply finds every edit made and writes nothing, not even the journal.
      const std::string journal = read_bytes(journal_of(checkout));
      const Output again = torchpatch_in(checkout, {"apply"});
      CHECK(again.code == 0);
      CHECK(again.out.find("nothing to change") != std::string::npos);
      auto expected = expected_outcomes(fixture);
      for (auto& [id, outcome] : expected)
        if (outcome == "will-apply")
          outcome = "already-applied";
      CHECK(outcomes_of_text(again.out) == expected);
      CHECK(describe_changes(applied, snapshot(checkout)) == "");
      CHECK(read_bytes(journal_of(checkout)) == journal);

      const Output revert = torchpatch_in(checkout, {"revert"});
      INFO("revert said: " << revert.out << revert.err);
      CHECK(revert.code == 0);
      CHECK(describe_changes(before, snapshot(checkout)) == "");
      CHECK(git_status_all(checkout) == status_before);
      // "No journal" means "nothing applied".
      CHECK_FALSE(fs::exists(journal_of(checkout)));
      const Output again_revert = torchpatch_in(checkout, {"revert"});
      CHECK(again_revert.code == 0);
      CHECK(again_revert.out == "nothing to revert\n");
    }
  }

  TEST_CASE("apply and revert: CRLF, a BOM, no final newline and the executable bit are kept") {
    // The superproject files the v2.0.1 plan changes (the submodule's are left as they are).
    const std::vector<std::string> variants{"crlf", "bom", "no-final-newline", "executable"};
    for (const std::string& variant : variants) {
      SUBCASE(variant.c_str()) {
        TP_E2E_DIR(dir);
        const fs::path checkout = make_checkout(dir, "v2.0.1");
        std::set<std::string> targets;
        for (const auto& path : expected_changed_files("v2.0.1"))
          if (!path.starts_with("third_party/flatbuffers/"))
            targets.insert(path);
        for (const auto& path : targets) {
          const fs::path file = checkout / path;
          std::string bytes = read_bytes(file);
          if (variant == "crlf") {
            std::string crlf;
            for (char c : bytes)
              crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
            bytes = crlf;
          } else if (variant == "bom") {
            bytes = "\xEF\xBB\xBF" + bytes;
          } else if (variant == "no-final-newline") {
            REQUIRE(bytes.ends_with("\n"));
            bytes.pop_back();
          }
          write_bytes(file, bytes);
          if (variant == "executable")
            fs::permissions(file,
                            fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec,
                            fs::perm_options::add);
        }
        commit_and_retag(checkout, "v2.0.1", "variant " + variant);
        REQUIRE(git_status_all(checkout).find(" M ") == std::string::npos);
        const std::string status_before = git_status_all(checkout);
        const Snapshot before = snapshot(checkout);

        const Output dry = torchpatch_in(checkout, {"apply", "--dry"});
        CHECK(outcomes_of_text(dry.out) == expected_outcomes("v2.0.1"));
        const Output apply = torchpatch_in(checkout, {"apply"});
        INFO("apply said: " << apply.out << apply.err);
        CHECK(apply.code == 0);
        const Snapshot applied = snapshot(checkout);
        CHECK(join(changed_paths(before, applied)) == join(expected_changed_files("v2.0.1")));
        for (const auto& path : targets) {
          CAPTURE(path);
          const FileState& was = before.at(path);
          const FileState& now = applied.at(path);
          CHECK(now.bytes != was.bytes);
          CHECK(now.executable == was.executable);
          if (variant == "crlf") {
            // Inserted lines take the file's line ending: no bare LF anywhere.
            CHECK(count(now.bytes, "\n") == count(now.bytes, "\r\n"));
            // (vec-base-size-t-msvc-ice deletes a line of vec_base.h,
            // mkldnn-pooling-no-forced-werror two of caffe2/CMakeLists.txt,
            // strong-type-std-is-arithmetic six of strong_type.h)
            if (path != "aten/src/ATen/cpu/vec/vec_base.h" && path != "caffe2/CMakeLists.txt" &&
                path != "c10/util/strong_type.h")
              CHECK(count(now.bytes, "\r\n") >= count(was.bytes, "\r\n"));
          } else if (variant == "bom") {
            CHECK(now.bytes.starts_with("\xEF\xBB\xBF"));
            CHECK_FALSE(now.bytes.substr(3).starts_with("\xEF\xBB\xBF"));
          } else if (variant == "no-final-newline") {
            CHECK_FALSE(now.bytes.ends_with("\n"));
          } else {
            CHECK(now.executable);
          }
        }

        const Output revert = torchpatch_in(checkout, {"revert"});
        INFO("revert said: " << revert.out << revert.err);
        CHECK(revert.code == 0);
        CHECK(describe_changes(before, snapshot(checkout)) == "");
        CHECK(git_status_all(checkout) == status_before);
      }
    }
  }

  TEST_CASE("apply --only ID and revert ID: only that patchset's files change") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.0.1");
    const Snapshot before = snapshot(checkout);
    const std::set<std::string> cmake_files{
        "third_party/FP16/CMakeLists.txt",
        "third_party/cpuinfo/deps/clog/CMakeLists.txt",
        "third_party/flatbuffers/CMakeLists.txt",
        "third_party/googletest/googletest/CMakeLists.txt",
        "third_party/ideep/mkl-dnn/third_party/oneDNN/CMakeLists.txt",
        "third_party/protobuf/cmake/CMakeLists.txt"};

    const Output only = torchpatch_in(checkout, {"apply", "--only", "cmake-minimum-3-5"});
    CHECK(only.code == 0);
    CHECK(join(changed_paths(before, snapshot(checkout))) == join(cmake_files));
    CHECK(torchpatch_in(checkout, {"apply"}).code == 0); // the rest, in a second transaction
    const Snapshot all = snapshot(checkout);
    CHECK(join(changed_paths(before, all)) == join(expected_changed_files("v2.0.1")));

    const Output one = torchpatch_in(checkout, {"revert", "cmake-minimum-3-5"});
    INFO("revert said: " << one.out << one.err);
    CHECK(one.code == 0);
    CHECK(one.out.find("reverted 1 patchset(s)") != std::string::npos);
    CHECK(join(changed_paths(all, snapshot(checkout))) == join(cmake_files));
    const Output status = torchpatch_in(checkout, {"status"});
    CHECK(status.out.find("applied  cmake-minimum-3-5") == std::string::npos);
    CHECK(status.out.find("applied  functorch-builtin-clz") != std::string::npos);

    const Output unknown = torchpatch_in(checkout, {"apply", "--only", "no-such-patchset"});
    CHECK(unknown.code == 2);
    CHECK(unknown.err.find("no patchset 'no-such-patchset'") != std::string::npos);

    CHECK(torchpatch_in(checkout, {"revert"}).code == 0);
    CHECK(describe_changes(before, snapshot(checkout)) == "");
  }

  TEST_CASE("apply: the CRLF build_pytorch_libs.py of v1.12.1 gets CRLF on every inserted line") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v1.12.1");
    const fs::path script = checkout / "tools/build_pytorch_libs.py";
    const std::string before = read_bytes(script);
    REQUIRE(count(before, "\r\n") > 0);
    REQUIRE(count(before, "\n") == count(before, "\r\n"));
    REQUIRE(torchpatch_in(checkout, {"apply"}).code == 0);
    const std::string after = read_bytes(script);
    CHECK(count(after, "\r\n") > count(before, "\r\n")); // the helper's lines were inserted
    CHECK(count(after, "\n") == count(after, "\r\n"));
    CHECK(torchpatch_in(checkout, {"revert"}).code == 0);
    CHECK(read_bytes(script) == before);
  }

} // TEST_SUITE
