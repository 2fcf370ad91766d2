#include "tools/matrix.hpp"

#include <cstdlib>
#include <string>

#include <doctest/doctest.h>

#include "engine/version.hpp"
#include "platform/test_dir.hpp"
#include "platform/test_git.hpp"

namespace {

namespace fs = std::filesystem;

using tp::test::git;

const char* k_catalog_toml = "version = \"1.0.0\"\n";

const char* k_old_call = R"TOML(id = "old-call"
title = "old() is now new()"
versions = ">=1.0"
why = "x"
[[edits]]
name = "call"
files = ["src/a.cpp"]
[edits.anchor]
kind = "regex"
pattern = '''old\(\)'''
[edits.action]
kind = "replace"
text = "new()"
[edits.applied]
kind = "regex"
pattern = '''new\(\)'''
)TOML";

const char* k_span_count = R"TOML(id = "span-count"
title = "drop const from count_"
versions = ">=1.0, <1.3"
why = "x"
[[edits]]
name = "count"
files = ["third_party/sub/include/span.h"]
[edits.anchor]
kind = "regex"
pattern = '''(?P<c>const )size_type count_;'''
target = "c"
[edits.action]
kind = "delete"
[edits.applied]
kind = "regex"
pattern = '''\bsize_type count_;'''
)TOML";

const char* k_cmake_minimum = R"TOML(id = "cmake-minimum"
title = "raise cmake_minimum_required to 3.5"
versions = ">=1.0"
why = "x"
[[edits]]
name = "raise"
files = ["**/CMakeLists.txt"]
matches = "any"
[edits.anchor]
kind = "cmake"
commands = ["cmake_minimum_required"]
[edits.action]
kind = "raise-cmake-minimum"
floor = "3.5"
)TOML";

tp::catalog::Catalog test_catalog() {
  auto loaded = tp::catalog::load_catalog({{"catalog.toml", k_catalog_toml},
                                           {"old-call.toml", k_old_call},
                                           {"span-count.toml", k_span_count},
                                           {"cmake-minimum.toml", k_cmake_minimum}},
                                          "test");
  REQUIRE(tp::render_all(loaded.diagnostics) == "");
  return loaded.catalog;
}

// A superproject with a submodule and several revisions:
//   v1.0.0   old call, const count_, cmake 3.0 in both
//   v1.1.0   the call already new (a tag on an annotated tag object)
//   (none)   the submodule bumped to a commit without const, version.txt 1.2.0a0
//   main     version.txt gone (nearest tag), src/a.cpp deleted
struct Fixture {
  tp::test::TestDir dir;
  fs::path sub = dir / "sub-origin";
  fs::path main = dir / "main";

  Fixture() {
    INFO("test directory: " << dir.path().string());
    fs::create_directories(sub);
    fs::create_directories(main);
    git(sub, "init -q");
    dir.write("sub-origin/include/span.h", "struct span {\n  const size_type count_;\n};\n");
    dir.write("sub-origin/CMakeLists.txt", "cmake_minimum_required(VERSION 2.8)\n");
    git(sub, "add -A");
    git(sub, "commit -q -m one");
    git(main, "init -q");
    dir.write("main/src/a.cpp", "int x = old();\r\n");
    dir.write("main/CMakeLists.txt", "cmake_minimum_required(VERSION 3.0)\nproject(x)\n");
    git(main, "submodule add -q '" + sub.string() + "' third_party/sub");
    git(main, "add -A");
    git(main, "commit -q -m one");
    git(main, "tag v1.0.0");
    dir.write("main/src/a.cpp", "int x = new();\r\n");
    git(main, "commit -q -am two");
    git(main, "tag -a v1.1.0 -m release");
    dir.write("sub-origin/include/span.h", "struct span {\n  size_type count_;\n};\n");
    git(sub, "commit -q -am two");
    git(main / "third_party/sub", "pull -q origin HEAD");
    dir.write("main/version.txt", "1.2.0a0\n");
    git(main, "add -A");
    git(main, "commit -q -m three");
    git(main, "rm -q version.txt src/a.cpp");
    git(main, "commit -q -m four");
    git(main, "tag not-a-version");
  }
};

std::string head_commit(const fs::path& repo) {
  auto store = tp::repo::ObjectStore::open(repo);
  REQUIRE(store);
  auto info = store->resolve("HEAD");
  REQUIRE(info);
  return info->commit;
}

} // namespace

TEST_SUITE("engine::matrix") {

  TEST_CASE("plan_matrix: gives the same outcomes as planning each revision's checkout") {
    Fixture f;
    INFO("test directory: " << f.dir.path().string());
    auto catalog = test_catalog();
    auto store = tp::repo::ObjectStore::open(f.main);
    REQUIRE(store);
    auto third = store->resolve("HEAD~1");
    REQUIRE(third);
    const std::vector<std::string> revisions{"v1.0.0", "v1.1.0", third->commit, "main"};

    std::string head_before = head_commit(f.main);
    tp::tools::MatrixOptions options;
    options.revisions = revisions;
    options.facts = {{"platform", "linux"}};
    std::vector<std::string> progress;
    options.progress = [&](std::size_t, std::size_t, const std::string& name) {
      progress.push_back(name);
    };
    auto matrix = tp::tools::plan_matrix(catalog, *store, options);
    REQUIRE_MESSAGE(matrix, (matrix ? std::string() : matrix.error().message()));
    CHECK(progress == revisions);
    CHECK(head_commit(f.main) == head_before); // nothing was checked out
    REQUIRE(matrix->columns.size() == revisions.size());
    CHECK(matrix->columns[0].version->source == "tag v1.0.0");
    CHECK(matrix->columns[1].version->source == "tag v1.1.0");
    CHECK(matrix->columns[2].version->source == "version.txt");
    CHECK(matrix->columns[3].version->source == "nearest tag v1.1.0 (git describe)");
    CHECK(matrix->columns[0].outcomes.at("span-count") == tp::engine::Outcome::will_apply);
    // The fixed form committed in a revision was made upstream, not by torchpatch.
    CHECK(matrix->columns[2].outcomes.at("span-count") == tp::engine::Outcome::upstream_fixed);
    CHECK(matrix->columns[3].outcomes.at("old-call") == tp::engine::Outcome::file_missing);

    for (std::size_t i = 0; i < revisions.size(); ++i) {
      CAPTURE(revisions[i]);
      git(f.main, "checkout -q " + revisions[i]);
      git(f.main, "submodule update -q --init --recursive");
      auto repository = tp::repo::Repository::discover(f.main);
      REQUIRE(repository);
      auto version = tp::engine::resolve_version(std::nullopt, &*repository, repository->root());
      REQUIRE_MESSAGE(version, (version ? std::string() : version.error().message()));
      tp::engine::WorkTreeSource tree(repository->root(), &*repository);
      tp::engine::PlanOptions plan_options;
      plan_options.facts = options.facts;
      auto plan = tp::engine::plan_patchsets(catalog, tree, *version, plan_options);
      REQUIRE_MESSAGE(plan, (plan ? std::string() : plan.error().message()));
      const auto& column = matrix->columns[i];
      REQUIRE(column.version);
      CHECK(column.version->version.text == version->version.text);
      for (const auto& p : plan->patchsets) {
        CAPTURE(p.id);
        CHECK(std::string(tp::engine::to_string(column.outcomes.at(p.id))) ==
              std::string(tp::engine::to_string(p.outcome)));
      }
    }
  }

  TEST_CASE("matrix_revisions: version tags by version by default; --tags globs") {
    Fixture f;
    auto store = tp::repo::ObjectStore::open(f.main);
    REQUIRE(store);
    tp::tools::MatrixOptions options;
    auto all = tp::tools::matrix_revisions(*store, options);
    REQUIRE(all);
    CHECK(*all == std::vector<std::string>{"v1.0.0", "v1.1.0"});
    options.tag_glob = "*";
    auto globbed = tp::tools::matrix_revisions(*store, options);
    REQUIRE(globbed);
    CHECK(*globbed == std::vector<std::string>{"v1.0.0", "v1.1.0", "not-a-version"});
  }

  TEST_CASE(
      "RevisionTreeSource: a submodule whose repository is absent is reported as uninitialised") {
    Fixture f;
    INFO("test directory: " << f.dir.path().string());
    fs::path clone = f.dir / "clone";
    git(f.dir.path(), "clone -q '" + f.main.string() + "' clone");
    auto store = tp::repo::ObjectStore::open(clone);
    REQUIRE(store);
    auto tree = store->tree("v1.0.0");
    REQUIRE_MESSAGE(tree, (tree ? std::string() : tree.error().message()));
    REQUIRE(tree->missing_submodules().size() == 1);
    CHECK(tree->missing_submodules()[0].path == "third_party/sub");
    tp::tools::RevisionTreeSource source(std::move(*tree));
    CHECK(source.uninitialised_submodule_of("third_party/sub/include/span.h") == "third_party/sub");
    auto read = source.read("third_party/sub/include/span.h");
    REQUIRE(read);
    CHECK(read->status == tp::engine::ReadResult::Status::missing);
  }

} // TEST_SUITE
