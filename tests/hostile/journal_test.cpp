// Journals torchpatch must not trust: corrupt (a flipped byte, truncated, empty, garbage) and
// written by a newer torchpatch. Every command that reads the journal (apply, apply --dry,
// revert, revert --force, status, export) stops with exit 3, names the journal, and touches
// neither the journal nor the tree, nor writes an export.
#include <doctest/doctest.h>

#include "hostile/hostile.hpp"

using namespace tp::hostile;
using tp::e2e::make_checkout;
using tp::e2e::read_bytes;
using tp::e2e::write_bytes;

TEST_SUITE("hostile::journal") {

  TEST_CASE("a corrupt or newer journal stops apply, revert, status and export with exit 3; "
            "nothing is written") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.0.1");
    RegexEdit edit;
    edit.pattern = "2\\.0\\.0a0";
    const fs::path catalog = write_catalog(dir, {{"v.toml", regex_patchset("v", edit)}});
    REQUIRE(run(checkout, catalog, {"apply"}).code == 0);
    const fs::path journal = checkout / ".git/torchpatch/journal";
    const std::string good = read_bytes(journal);
    REQUIRE(good.starts_with("torchpatch journal 1\n"));

    struct Bad {
      const char* name;
      std::string bytes;
      std::string message;
    };
    std::string flipped = good;
    flipped[good.find("original ") + 12] ^= 0x01;
    std::string newer = good;
    newer.replace(0, std::string("torchpatch journal 1").size(), "torchpatch journal 2");
    const std::vector<Bad> bad{
        {"a flipped byte", flipped, "corrupt journal " + journal.string()},
        {"truncated", good.substr(0, good.size() / 2), "corrupt journal " + journal.string()},
        {"empty", "", "corrupt journal " + journal.string()},
        {"binary garbage", std::string("\0\xff\x01garbage\r\n", 12),
         "corrupt journal " + journal.string()},
        {"a newer version", newer,
         journal.string() + ": unsupported journal version '2' (this torchpatch reads version 1)"},
        {"a far newer version with another layout", "torchpatch journal 99\n{\"json\": true}\n",
         journal.string() + ": unsupported journal version '99' (this torchpatch reads version 1)"},
    };
    for (const Bad& b : bad) {
      SUBCASE(b.name) {
        write_bytes(journal, b.bytes);
        const TreeHashes before = tree_hashes(dir.path());
        const std::string series = (dir / "series").string();
        for (const std::vector<std::string>& args :
             {std::vector<std::string>{"apply"}, std::vector<std::string>{"apply", "--dry"},
              std::vector<std::string>{"revert"}, std::vector<std::string>{"revert", "--force"},
              std::vector<std::string>{"status"}, std::vector<std::string>{"export", series}}) {
          CAPTURE(args[0]);
          CAPTURE(args.size());
          const Output out = run(checkout, catalog, args);
          CHECK(out.code == 3);
          CHECK(contains(out.err, b.message));
          CHECK(read_bytes(journal) == b.bytes);
        }
        CHECK(differences(before, tree_hashes(dir.path())) == "");
      }
    }
  }

} // TEST_SUITE
