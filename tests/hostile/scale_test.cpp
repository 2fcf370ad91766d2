// Inputs that are large or adversarial for the engine: a regex that backtracks catastrophically
// in a backtracking engine, a query with 10,000 matches, two patchsets on the same bytes, and a
// catalog of 1,000 patchsets.
#include <doctest/doctest.h>

#include "hostile/hostile.hpp"

using namespace tp::hostile;
using tp::e2e::make_checkout;
using tp::e2e::read_bytes;
using tp::e2e::write_bytes;

TEST_SUITE("hostile::scale") {

  TEST_CASE("(a+)+$ on 100,000 'a's and a 'b' completes (RE2 is linear): anchor-missing, exit 1") {
    // Only completion is asserted, not a time: a backtracking engine would not finish this at all.
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.0.1");
    write_bytes(checkout / "aaa.txt", std::string(100000, 'a') + "b\n");
    RegexEdit edit;
    edit.files = "['aaa.txt']";
    edit.pattern = "(a+)+$";
    RegexEdit nested = edit;
    nested.pattern = "^(a|aa|a?a)*(a*)*b?c$";
    const fs::path catalog = write_catalog(dir, {{"nested.toml", regex_patchset("nested", nested)},
                                                 {"redos.toml", regex_patchset("redos", edit)}});
    const TreeHashes before = tree_hashes(dir.path());
    const Output out = run(checkout, catalog, {"apply"});
    CHECK(out.code == 1);
    CHECK(contains(out.out, "anchor-missing  e  aaa.txt:1:1"));
    CHECK(differences(before, tree_hashes(dir.path())) == "");
  }

  TEST_CASE("a backreference (which RE2 cannot run in linear time) is refused when the catalog "
            "loads, exit 2") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.0.1");
    RegexEdit edit;
    edit.pattern = "^(a|aa)*\\1$";
    const fs::path catalog =
        write_catalog(dir, {{"backref.toml", regex_patchset("backref", edit)}});
    const Output out = run(checkout, catalog, {"apply"});
    CHECK(out.code == 2);
    CHECK(contains(out.err, "backref.toml:"));
  }

  TEST_CASE("a query that matches 10,000 times: ambiguous with the count (exit 1); with matches = "
            "\"any\" all are applied and reverted") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.0.1");
    std::string many;
    for (int i = 0; i < 10000; ++i)
      many += "x" + std::to_string(i) + " = " + std::to_string(i) + "\n";
    write_bytes(checkout / "many.py", many);
    const std::string query_edit =
        "id = \"many\"\ntitle = \"t\"\nversions = \">=1.0\"\nwhy = \"w\"\n\n[[edits]]\nname = "
        "\"e\"\n"
        "files = ['many.py']\nmatches = MATCHES\n[edits.anchor]\nkind = \"syntax\"\nlanguage = "
        "\"python\"\n"
        "query = '(assignment left: (identifier) @name)'\n[edits.action]\nkind = \"replace\"\ntext "
        "= \"y_${name}\"\n"
        "[edits.applied]\nkind = \"regex\"\npattern = '^y_x9999 = '\n";

    SUBCASE("matches = 1") {
      std::string toml = query_edit;
      toml.replace(toml.find("MATCHES"), 7, "1");
      const fs::path catalog = write_catalog(dir, {{"many.toml", toml}});
      const TreeHashes before = tree_hashes(dir.path());
      const Output out = run(checkout, catalog, {"apply"});
      CHECK(out.code == 1);
      CHECK(contains(
          out.out,
          "ambiguous  e  many.py:1:1: expected exactly 1 match, found 10000 at lines 1, 2, 3"));
      CHECK(differences(before, tree_hashes(dir.path())) == "");
    }
    SUBCASE("matches = \"any\"") {
      std::string toml = query_edit;
      toml.replace(toml.find("MATCHES"), 7, "\"any\"");
      const fs::path catalog = write_catalog(dir, {{"many.toml", toml}});
      const TreeHashes before = tree_hashes(dir.path());
      const Output apply = run(checkout, catalog, {"apply"});
      INFO(apply.out << apply.err);
      CHECK(apply.code == 0);
      const std::string patched = read_bytes(checkout / "many.py");
      CHECK(patched.starts_with("y_x0 = 0\ny_x1 = 1\n"));
      CHECK(patched.ends_with("\ny_x9999 = 9999\n"));
      CHECK(patched.size() == many.size() + 2 * 10000);
      CHECK(run(checkout, catalog, {"revert"}).code == 0);
      CHECK(differences(before, tree_hashes(dir.path())) == "");
    }
  }

  TEST_CASE("two patchsets that edit the same bytes: both overlap (exit 1), nothing written, even "
            "with --partial") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.0.1");
    RegexEdit first;
    first.pattern = "2\\.0\\.0a0";
    RegexEdit second;
    second.pattern = "0\\.0a";
    second.action = "kind = \"delete\"";
    const fs::path catalog =
        write_catalog(dir, {{"first.toml", regex_patchset("first", first)},
                            {"second.toml", regex_patchset("second", second)}});
    const TreeHashes before = tree_hashes(dir.path());
    for (const char* flag : {"--dry", "--partial"}) {
      CAPTURE(flag);
      const Output out = run(checkout, catalog, {"apply", flag});
      INFO(out.out << out.err);
      CHECK(out.code == 1);
      CHECK(tp::e2e::outcomes_of_text(out.out) ==
            std::map<std::string, std::string>{{"first", "overlap"}, {"second", "overlap"}});
    }
    CHECK(differences(before, tree_hashes(dir.path())) == "");
    CHECK_FALSE(fs::exists(checkout / ".git/torchpatch/journal"));
  }

  TEST_CASE(
      "a catalog of 1,000 patchsets loads: list shows every one, apply --dry plans them all") {
    // Load time is not asserted here (no timing in tests); bench/ is the place to measure it.
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.0.1");
    std::map<std::string, std::string> patchsets;
    for (int i = 0; i < 1000; ++i) {
      char id[32];
      std::snprintf(id, sizeof id, "p%04d", i);
      RegexEdit edit;
      edit.files = "['tools/*.py', '**/CMakeLists.txt']";
      edit.matches = "\"any\"";
      edit.pattern = "^never-found-" + std::to_string(i) + "$";
      patchsets[std::string(id) + ".toml"] = regex_patchset(id, edit);
    }
    const fs::path catalog = write_catalog(dir, patchsets);
    const TreeHashes before = tree_hashes(dir.path());
    const Output list = run(checkout, catalog, {"list"});
    INFO(list.err);
    CHECK(list.code == 0);
    CHECK(contains(list.out, "p0000"));
    CHECK(contains(list.out, "p0999"));
    const Output dry = run(checkout, catalog, {"apply", "--dry", "--format", "json"});
    CHECK(dry.code == 0);
    CHECK(differences(before, tree_hashes(dir.path())) == "");
    CHECK(tp::e2e::outcomes_of_json(dir, dry.out).size() == 1000);
  }

} // TEST_SUITE
