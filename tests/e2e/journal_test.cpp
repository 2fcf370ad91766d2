// The journal as users meet it: one written by a newer torchpatch, and one that was damaged.
// Either way every command stops with exit code 3 and leaves the journal and the tree alone.
#include <doctest/doctest.h>

#include "e2e/checkout.hpp"

using namespace tp::e2e;

namespace {

fs::path journal_of(const fs::path& checkout) { return checkout / ".git/torchpatch/journal"; }

// Runs the commands that read the journal; each must fail with exit code 3 and `message` on
// stderr, writing nothing.
void check_every_command_refuses(const fs::path& checkout, const std::string& message) {
  const Snapshot tree = snapshot(checkout);
  const std::string journal = read_bytes(journal_of(checkout));
  const std::vector<std::vector<std::string>> commands{
      {"status"}, {"apply"}, {"apply", "--dry"}, {"revert"}, {"revert", "--force"}, {"export", "series"}};
  for (const auto& command : commands) {
    std::string line;
    for (const auto& word : command)
      line += word + " ";
    CAPTURE(line);
    const Output r = torchpatch_in(checkout, command);
    INFO("it said: " << r.out << r.err);
    CHECK(r.code == 3);
    CHECK(r.err.find(message) != std::string::npos);
    CHECK(r.err.find(journal_of(checkout).string()) != std::string::npos);
  }
  CHECK(read_bytes(journal_of(checkout)) == journal);
  CHECK(describe_changes(tree, snapshot(checkout)) == "");
}

} // namespace

TEST_SUITE("e2e::journal") {

TEST_CASE("journal: a version this torchpatch does not know stops every command with exit 3") {
  TP_E2E_DIR(dir);
  const fs::path checkout = make_checkout(dir, "v1.13.1");
  REQUIRE(torchpatch_in(checkout, {"apply"}).code == 0);
  replace_once(journal_of(checkout), "torchpatch journal 1\n", "torchpatch journal 2\n");
  check_every_command_refuses(checkout, "unsupported journal version '2' (this torchpatch reads version 1)");
}

TEST_CASE("journal: a corrupt journal stops every command with exit 3 and says corrupt") {
  SUBCASE("a flipped byte in a file's recorded bytes") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v1.13.1");
    REQUIRE(torchpatch_in(checkout, {"apply"}).code == 0);
    replace_once(journal_of(checkout), "cmake_minimum_required(VERSION 3.1.3)",
                 "cmake_minimum_required(VERSION 3.1.4)");
    check_every_command_refuses(checkout, "corrupt journal");
  }
  SUBCASE("a truncated journal") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v1.13.1");
    REQUIRE(torchpatch_in(checkout, {"apply"}).code == 0);
    const std::string journal = read_bytes(journal_of(checkout));
    write_bytes(journal_of(checkout), journal.substr(0, journal.size() / 2));
    check_every_command_refuses(checkout, "corrupt journal");
  }
}

} // TEST_SUITE
