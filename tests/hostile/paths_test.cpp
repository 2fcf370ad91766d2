// Paths that try to leave the checkout: in a patchset (refused when the catalog loads), on the
// command line, and through symlinks in the checkout (refused before anything is written).
#include <doctest/doctest.h>

#include "hostile/hostile.hpp"

using namespace tp::hostile;
using tp::e2e::make_checkout;
using tp::e2e::write_bytes;

TEST_SUITE("hostile::paths") {

  TEST_CASE("catalog: a patchset path with '..', an absolute, drive or UNC prefix, or '\\' is "
            "refused at load (exit 2)") {
    struct Bad {
      const char* toml_path; // as written inside a TOML literal string
      const char* message;
    };
    const std::vector<Bad> bad{
        {"../outside.txt", "must not contain '.' or '..' components"},
        {"tools/../../outside.txt", "must not contain '.' or '..' components"},
        {"**/../outside.txt", "must not contain '.' or '..' components"},
        {"./version.txt", "must not contain '.' or '..' components"},
        {"/etc/passwd", "must be relative to the checkout root"},
        {"C:/Windows/win.ini", "must be relative to the checkout root"},
        {"C:outside.txt", "must be relative to the checkout root"},
        {"c:\\outside.txt", "must be relative to the checkout root"},
        {"\\\\server\\share\\x.txt", "must be relative to the checkout root"},
        {"//server/share/x.txt", "must be relative to the checkout root"},
        {"tools\\..\\..\\outside.txt", "must use '/' as separator"},
    };
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.0.1");
    write_bytes(dir / "outside.txt", "version\n");
    for (const Bad& b : bad) {
      CAPTURE(b.toml_path);
      RegexEdit edit;
      edit.files = std::string("['") + b.toml_path + "']";
      edit.pattern = "version";
      const fs::path catalog =
          write_catalog(dir, {{"escape.toml", regex_patchset("escape", edit)}});
      const TreeHashes before = tree_hashes(dir.path());
      for (const char* command : {"apply", "status", "list"}) {
        CAPTURE(command);
        const Output out = run(checkout, catalog, {command});
        CHECK(out.code == 2);
        CHECK(contains(out.err, "escape.toml:"));
        CHECK(contains(out.err, std::string("file path '") + b.toml_path + "' " + b.message));
        CHECK(contains(out.err, "torchpatch: error: the catalog (" + catalog.string() +
                                    ") has 1 problem(s)"));
      }
      // revert reads only the journal, never the catalog: nothing is applied, nothing to do.
      const Output revert = run(checkout, catalog, {"revert"});
      CHECK(revert.code == 0);
      CHECK(revert.out == "nothing to revert\n");
      CHECK(differences(before, tree_hashes(dir.path())) == "");
    }
  }

  TEST_CASE("-C with a Windows drive path or backslashes: a clear error on POSIX (exit 3), nothing "
            "written") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.0.1");
    const fs::path catalog = write_catalog(dir, {});
    const TreeHashes before = tree_hashes(dir.path());
    for (const std::string& where :
         {std::string("C:\\x"), std::string("C:/x"), (checkout / "tools\\sub").string(),
          std::string("\\\\server\\share")}) {
      CAPTURE(where);
      const Output out = tp::e2e::torchpatch({"-C", where, "--catalog", catalog.string(), "apply"});
      CHECK(out.code == 3);
      CHECK(out.err == "torchpatch: error: " + where + ": no such folder\n");
    }
    CHECK(differences(before, tree_hashes(dir.path())) == "");
  }

  TEST_CASE(
      "a symlink in the checkout that leads outside it: apply refuses before writing (exit 3)") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.0.1");
    write_bytes(dir / "outside.txt", "hello outside\n");
    write_bytes(dir / "outside-dir/f.txt", "hello outside\n");
    struct Link {
      const char* name;
      fs::path target;
      const char* edited; // the patchset's path
      bool directory;
    };
    const std::vector<Link> links{
        {"file link", "../outside.txt", "link.txt", false},
        {"absolute file link", dir / "outside.txt", "link.txt", false},
        {"link to a folder", "../outside-dir", "linked/f.txt", true},
        {"dangling link to a file that does not exist yet", "../not-yet.txt", "link.txt", false},
        {"link nested below a real folder", "../../outside.txt", "tools/link.txt", false},
    };
    for (const Link& link : links) {
      SUBCASE(link.name) {
        const fs::path at = checkout / link.edited;
        const fs::path link_path = link.directory ? at.parent_path() : at;
        if (link.directory)
          fs::create_directory_symlink(link.target, link_path);
        else
          fs::create_symlink(link.target, link_path);
        RegexEdit edit;
        edit.files = std::string("['") + link.edited + "']";
        edit.pattern = "hello";
        const fs::path catalog =
            write_catalog(dir, {{"via-link.toml", regex_patchset("via-link", edit)}});
        const TreeHashes before = tree_hashes(dir.path());
        for (const std::vector<std::string>& args :
             {std::vector<std::string>{"apply"}, std::vector<std::string>{"apply", "--partial"},
              std::vector<std::string>{"apply", "--dry"}}) {
          CAPTURE(args[args.size() - 1]);
          const Output out = run(checkout, catalog, args);
          CHECK(out.code == 3);
          CHECK(contains(out.err, std::string("refusing path '") + link.edited + "': symlink "));
          CHECK(contains(out.err, "points outside the checkout"));
          CHECK(out.out.find("applied") == std::string::npos);
        }
        CHECK(differences(before, tree_hashes(dir.path())) == "");
        CHECK_FALSE(fs::exists(dir / "not-yet.txt"));
        CHECK_FALSE(fs::exists(checkout / ".git/torchpatch/journal"));
      }
    }
  }

  TEST_CASE("a committed symlink that leads outside, selected by a glob: refused before writing "
            "(exit 3)") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.0.1");
    write_bytes(dir / "outside.txt", "hello outside\n");
    write_bytes(checkout / "tools/inside.txt", "hello inside\n");
    fs::create_symlink("../../outside.txt", checkout / "tools/zz-link.txt");
    tp::e2e::commit_and_retag(checkout, "v2.0.1", "a symlink out of the checkout");
    RegexEdit edit;
    edit.files = "['tools/*.txt']";
    edit.matches = "\"any\"";
    edit.pattern = "hello";
    const fs::path catalog = write_catalog(dir, {{"glob.toml", regex_patchset("glob", edit)}});
    const TreeHashes before = tree_hashes(dir.path());
    const Output out = run(checkout, catalog, {"apply"});
    CHECK(out.code == 3);
    CHECK(contains(out.err, "refusing path 'tools/zz-link.txt': symlink "));
    CHECK(differences(before, tree_hashes(dir.path())) == "");
  }

  TEST_CASE("a target that is a folder, or a symlink to a folder: file-missing 'not a regular "
            "file' (exit 1)") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.0.1");
    fs::create_directory_symlink("tools", checkout / "tools-link");
    for (const char* target : {"tools", "tools-link", "third_party/flatbuffers"}) {
      CAPTURE(target);
      RegexEdit edit;
      edit.files = std::string("['") + target + "']";
      edit.pattern = "import";
      const fs::path catalog =
          write_catalog(dir, {{"folder.toml", regex_patchset("folder", edit)}});
      const TreeHashes before = tree_hashes(dir.path());
      const Output out = run(checkout, catalog, {"apply"});
      CHECK(out.code == 1);
      CHECK(contains(out.out,
                     "file-missing  e  " + std::string(target) + ":1:1: not a regular file"));
      CHECK(contains(out.out, "nothing was written"));
      CHECK(differences(before, tree_hashes(dir.path())) == "");
    }
  }

  TEST_CASE("a symlink to a file inside the checkout is written through, the link kept, and revert "
            "restores it") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.0.1");
    fs::create_symlink("tools/build_pytorch_libs.py", checkout / "libs-link.py");
    RegexEdit edit;
    edit.files = "['libs-link.py']";
    edit.pattern = "^import os$";
    edit.action = "kind = \"replace\"\ntext = \"import os  # patched\"";
    const fs::path catalog = write_catalog(dir, {{"inside.toml", regex_patchset("inside", edit)}});
    const TreeHashes before = tree_hashes(dir.path());
    const std::string original = tp::e2e::read_bytes(checkout / "tools/build_pytorch_libs.py");
    REQUIRE(original.starts_with("import os\n"));

    const Output apply = run(checkout, catalog, {"apply"});
    INFO(apply.out << apply.err);
    CHECK(apply.code == 0);
    CHECK(fs::is_symlink(checkout / "libs-link.py"));
    CHECK(tp::e2e::read_bytes(checkout / "tools/build_pytorch_libs.py") ==
          "import os  # patched\n" + original.substr(10));
    CHECK(differences(before, tree_hashes(dir.path()))
              .starts_with("checkout/tools/build_pytorch_libs.py: file "));

    const Output revert = run(checkout, catalog, {"revert"});
    CHECK(revert.code == 0);
    CHECK(differences(before, tree_hashes(dir.path())) == "");
  }

} // TEST_SUITE
