// Files that node and syntax anchors search are read and parsed before the listing
// (engine/early_parse.cpp). What the plan says must not depend on that: it is the evaluation's
// own read that counts.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <map>
#include <string>
#include <thread>

#include "engine/plan_support.hpp"
#include "engine/tree_source.hpp"

using namespace plan_test;
using tp::engine::Outcome;

namespace {

const std::string k_node_edit = R"(name = "e"
files = ["src/a.cpp"]
[edits.anchor]
kind = "node"
language = "cpp"
path = '''class_specifier @c > name: type_identifier = "Launcher"'''
target = "c"
within = '''\Aclass\s+(?P<macro>TORCH_API\s+)'''
within_group = "macro"
[edits.action]
kind = "delete"
[edits.applied]
kind = "regex"
pattern = '''^class Launcher \{'''
)";

const std::string k_exported = "namespace {\nclass TORCH_API Launcher {\n};\n}\n";
const std::string k_plain = "namespace {\nclass Launcher {\n};\n}\n";

// A tree whose src/a.cpp reads as `first` the first time and as `later` every time after. Its
// listing waits (up to five seconds) for that first read, so the early read is the first one and
// the evaluation, which needs the listing, reads `later`.
class ChangingTree final : public tp::engine::TreeSource {
public:
  ChangingTree(std::string first, std::string later)
      : m_memory({{"src/a.cpp", later}}), m_first(std::move(first)) {}
  tp::Result<const std::vector<std::string>*> files(const tp::repo::PathFilter& keep) override {
    for (int waited = 0; m_reads == 0 && waited < 5000; ++waited)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return m_memory.files(keep);
  }
  tp::Result<tp::engine::ReadResult> read(const std::string& path) const override {
    if (path == "src/a.cpp" && m_reads++ == 0)
      return tp::engine::ReadResult{tp::engine::ReadResult::Status::ok, m_first};
    return m_memory.read(path);
  }
  std::string repository_of(const std::string&) const override { return ""; }
  std::optional<std::string> uninitialised_submodule_of(const std::string&) const override {
    return std::nullopt;
  }
  int reads() const { return m_reads; }

private:
  tp::engine::MemoryTreeSource m_memory;
  std::string m_first;
  mutable std::atomic<int> m_reads{0};
};

tp::engine::Plan plan_on(const tp::catalog::Catalog& catalog, tp::engine::TreeSource& tree) {
  tp::engine::ResolvedVersion v{*tp::catalog::parse_version("2.0.1"), "test"};
  auto plan = tp::engine::plan_patchsets(catalog, tree, v, {});
  REQUIRE(plan.has_value());
  return std::move(*plan);
}

} // namespace

TEST_SUITE("engine::early_parse") {
  TEST_CASE("a node anchor's named file plans as it reads: the TORCH_API is removed") {
    const auto c = catalog_of({{"p.toml", patchset("p", k_node_edit)}});
    const auto plan = plan_of(c, {{"src/a.cpp", k_exported}});
    REQUIRE(plan.files.size() == 1);
    CHECK(plan.files[0].after == k_plain);
    CHECK(plan.patchsets[0].edits[0].outcome == Outcome::will_apply);
  }

  TEST_CASE("bytes that changed after the early read: the evaluation's read decides (patched)") {
    const auto c = catalog_of({{"p.toml", patchset("p", k_node_edit)}});
    ChangingTree tree(k_exported, k_plain);
    const auto plan = plan_on(c, tree);
    CHECK(tree.reads() == 2); // read early, then again by the evaluation
    CHECK(plan.patchsets[0].edits[0].outcome == Outcome::already_applied);
    CHECK(plan.files.empty());
  }

  TEST_CASE("bytes that changed after the early read: the evaluation's read decides (to patch)") {
    const auto c = catalog_of({{"p.toml", patchset("p", k_node_edit)}});
    ChangingTree tree(k_plain, k_exported);
    const auto plan = plan_on(c, tree);
    CHECK(tree.reads() == 2);
    REQUIRE(plan.files.size() == 1);
    CHECK(plan.files[0].before == k_exported);
    CHECK(plan.files[0].after == k_plain);
  }
}
