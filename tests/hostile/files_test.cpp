// Hostile file contents and checkout states: binary files, a 200 MB file, invalid UTF-8 and lone
// CRs, empty files, missing and uninitialised submodules, a folder that is not a git checkout.
#include <doctest/doctest.h>

#include <cstdlib>
#include <fstream>

#include "hostile/hostile.hpp"

using namespace tp::hostile;
using tp::e2e::make_checkout;
using tp::e2e::read_bytes;
using tp::e2e::write_bytes;

namespace {

// A patchset `id` replacing `pattern` (exactly once) in `file` with "patched".
fs::path one_edit_catalog(const TempDir& dir, const std::string& file, const std::string& pattern,
                          const std::string& name = "catalog") {
  RegexEdit edit;
  edit.files = "['" + file + "']";
  edit.pattern = pattern;
  return write_catalog(dir, {{"p.toml", regex_patchset("p", edit)}}, name);
}

} // namespace

TEST_SUITE("hostile::files") {

  TEST_CASE(
      "a binary file (NUL bytes) holding the anchor text is never edited: anchor-missing, exit 1") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.0.1");
    static const char k_blob[] = "\x7f"
                                 "ELF\0\0\0hello anchor\0\xff\n";
    write_bytes(checkout / "blob.bin", std::string(k_blob, sizeof k_blob - 1));
    const fs::path catalog = one_edit_catalog(dir, "blob.bin", "hello anchor");
    const TreeHashes before = tree_hashes(dir.path());
    for (const char* flag : {"--dry", "--partial"}) {
      CAPTURE(flag);
      const Output out = run(checkout, catalog, {"apply", flag});
      CHECK(out.code == 1);
      CHECK(contains(out.out, "anchor-missing  e  blob.bin:1:1: the file is binary (holds NUL "
                              "bytes): torchpatch edits only text, so no anchor is looked for "
                              "in it"));
    }
    // The same outcome and reason in the JSON report, where it is a conflict.
    const Output json = run(checkout, catalog, {"apply", "--dry", "--format", "json"});
    CHECK(json.code == 1);
    CHECK(contains(json.out, "\"outcome\":\"anchor-missing\",\"message\":\"the file is binary "
                             "(holds NUL bytes): torchpatch edits only text, so no anchor is "
                             "looked for in it\""));
    CHECK(contains(json.out, "\"conflict\":true"));
    CHECK(differences(before, tree_hashes(dir.path())) == "");
    CHECK_FALSE(fs::exists(checkout / ".git/torchpatch/journal"));
  }

  TEST_CASE("a 200 MB file: the dry run finds the edit at its end, and a conflict beside it writes "
            "nothing (exit 1)") {
    // TP_HOSTILE_HUGE_MB shrinks it where only memory safety is checked (scripts/sanitize.sh).
    const char* env = std::getenv("TP_HOSTILE_HUGE_MB");
    const int megabytes = env && std::atoi(env) > 0 ? std::atoi(env) : 200;
    const std::size_t lines = static_cast<std::size_t>(megabytes) * 10000;
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.0.1");
    {
      // Generated here, never committed: 2,000,000 lines of 100 bytes, then the anchor.
      std::ofstream out(checkout / "huge.txt", std::ios::binary);
      const std::string line = std::string(99, 'x') + "\n";
      std::string block;
      for (int i = 0; i < 10000; ++i)
        block += line;
      for (int i = 0; i < megabytes; ++i)
        out.write(block.data(), static_cast<std::streamsize>(block.size()));
      out << "the anchor at the end\n";
      REQUIRE(out.good());
    }
    REQUIRE(fs::file_size(checkout / "huge.txt") == lines * 100 + 22);
    RegexEdit found;
    found.files = "['huge.txt']";
    found.pattern = "^the anchor at the end$";
    RegexEdit missing = found;
    missing.pattern = "an anchor that is not there";
    const fs::path catalog =
        write_catalog(dir, {{"a-found.toml", regex_patchset("a-found", found)},
                            {"b-missing.toml", regex_patchset("b-missing", missing)}});
    const TreeHashes before = tree_hashes(dir.path());

    const Output dry =
        run(checkout, catalog, {"apply", "--dry", "--only", "a-found", "--format", "diff"});
    CHECK(dry.code == 0);
    const std::string first = std::to_string(lines - 2);
    CHECK(contains(dry.out, "@@ -" + first + ",4 +" + first + ",4 @@\n"));
    CHECK(contains(dry.out, "\n-the anchor at the end\n+patched\n"));

    const Output apply = run(checkout, catalog, {"apply"});
    CHECK(apply.code == 1);
    CHECK(contains(apply.out, "will-apply  e  huge.txt:" + std::to_string(lines + 1) + ":1"));
    CHECK(contains(apply.out, "anchor-missing  e  huge.txt:1:1"));
    CHECK(contains(apply.out, "nothing was written"));
    CHECK(differences(before, tree_hashes(dir.path())) == "");
    CHECK_FALSE(fs::exists(checkout / ".git/torchpatch/journal"));
  }

  TEST_CASE("invalid UTF-8 and a lone CR in an edited file: every other byte is kept, and revert "
            "restores all") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.0.1");
    const std::string original =
        "a\xff\xfe\rb\r\nkey \xc3\x28 = old\rtail\x80\n\xed\xa0\x80 no final newline\r";
    write_bytes(checkout / "weird.txt", original);
    const fs::path catalog = one_edit_catalog(dir, "weird.txt", "old");
    const TreeHashes before = tree_hashes(dir.path());

    const Output apply = run(checkout, catalog, {"apply"});
    INFO(apply.out << apply.err);
    CHECK(apply.code == 0);
    CHECK(read_bytes(checkout / "weird.txt") ==
          "a\xff\xfe\rb\r\nkey \xc3\x28 = patched\rtail\x80\n\xed\xa0\x80 no final newline\r");

    const Output revert = run(checkout, catalog, {"revert"});
    CHECK(revert.code == 0);
    CHECK(read_bytes(checkout / "weird.txt") == original);
    CHECK(differences(before, tree_hashes(dir.path())) == "");
  }

  TEST_CASE("an empty file: anchor-missing (exit 1), and it stays empty") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.0.1");
    write_bytes(checkout / "empty.txt", "");
    for (const char* pattern : {"anything", "^", "^$"}) {
      CAPTURE(pattern);
      const fs::path catalog = one_edit_catalog(dir, "empty.txt", pattern);
      const TreeHashes before = tree_hashes(dir.path());
      const Output out = run(checkout, catalog, {"apply"});
      INFO(out.out << out.err);
      if (std::string(pattern) == "anything") {
        CHECK(out.code == 1);
        CHECK(contains(out.out, "anchor-missing  e  empty.txt:1:1"));
        CHECK(differences(before, tree_hashes(dir.path())) == "");
      } else {
        // An empty match is a match (docs/patchsets.md): "patched" is inserted, and revert undoes
        // it.
        CHECK(out.code == 0);
        CHECK(read_bytes(checkout / "empty.txt") == "patched");
        CHECK(run(checkout, catalog, {"revert"}).code == 0);
        CHECK(read_bytes(checkout / "empty.txt") == "");
        CHECK(differences(before, tree_hashes(dir.path())) == "");
      }
    }
  }

  TEST_CASE("a submodule that is not initialised, or whose folder is gone: submodule-absent (exit "
            "0), nothing written") {
    const std::string target = "third_party/flatbuffers/include/flatbuffers/stl_emulation.h";
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.0.1");
    SUBCASE("git submodule deinit") {
      tp::e2e::git_ok(checkout, "submodule deinit -q -f third_party/flatbuffers");
      const fs::path catalog = one_edit_catalog(dir, target, "count_");
      const TreeHashes before = tree_hashes(dir.path());
      const Output out = run(checkout, catalog, {"apply"});
      CHECK(out.code == 0);
      CHECK(contains(out.out,
                     "submodule-absent  e  " + target +
                         ":1:1: submodule third_party/flatbuffers is not initialised, so there is "
                         "nothing to patch"));
      CHECK(differences(before, tree_hashes(dir.path())) == "");
    }
    SUBCASE("the submodule's folder deleted") {
      fs::remove_all(checkout / "third_party/flatbuffers");
      const fs::path catalog = one_edit_catalog(dir, target, "count_");
      const TreeHashes before = tree_hashes(dir.path());
      const Output out = run(checkout, catalog, {"apply"});
      CHECK(out.code == 0);
      CHECK(contains(out.out, "submodule-absent  e  " + target + ":1:1: "));
      CHECK(differences(before, tree_hashes(dir.path())) == "");
    }
  }

  TEST_CASE("not a git repository: every command that needs the checkout says so (exit 3) and "
            "writes nothing") {
    TP_E2E_DIR(dir);
    write_bytes(dir / "plain/version.txt", "2.0.1\n");
    const fs::path catalog = one_edit_catalog(dir, "version.txt", "2.0.1");
    const TreeHashes before = tree_hashes(dir.path());
    for (const char* command : {"apply", "revert", "status", "list"}) {
      CAPTURE(command);
      const Output out = run(dir / "plain", catalog, {command});
      CHECK(out.code == 3);
      CHECK(contains(out.err, "is not inside a git checkout"));
    }
    CHECK(differences(before, tree_hashes(dir.path())) == "");
  }

} // TEST_SUITE
