// The promises of docs/security.md that no other hostile case holds on its own: patchsets are
// data (their text is written, never run), and the binary cannot reach the network or run
// programs (it imports no function that would).
#include <doctest/doctest.h>

#include <set>
#include <sstream>

#include "hostile/hostile.hpp"

using namespace tp::hostile;
using tp::e2e::make_checkout;
using tp::e2e::read_bytes;

TEST_SUITE("hostile::promises") {

  TEST_CASE("patchsets are data: shell, template and TOML tricks in a patchset are written "
            "literally, never run") {
    TP_E2E_DIR(dir);
    const fs::path checkout = make_checkout(dir, "v2.0.1");
    const fs::path marker = dir / "PWNED";
    const std::string payload = "$(touch " + marker.string() + ") `touch " + marker.string() +
                                "`; touch " + marker.string() + " | sh && ${HOME} $$ %s %n {0}";
    RegexEdit edit;
    edit.pattern = "2\\.0\\.0a0";
    edit.action = "kind = \"replace\"\ntext = '''" + payload + "'''";
    const fs::path catalog = write_catalog(dir, {{"data.toml", regex_patchset("data", edit)}});
    const TreeHashes before = tree_hashes(dir.path());

    const Output dry = run(checkout, catalog, {"apply", "--dry", "--format", "diff"});
    INFO(dry.out << dry.err);
    CHECK(dry.code == 0);
    CHECK_FALSE(fs::exists(marker));
    CHECK(differences(before, tree_hashes(dir.path())) == "");

    const Output apply = run(checkout, catalog, {"apply"});
    INFO(apply.out << apply.err);
    CHECK(apply.code == 0);
    // `$$` is the template's dollar; `${HOME}` names no capture and stays as written.
    std::string expected = payload;
    expected.replace(expected.find("$$"), 2, "$");
    CHECK(read_bytes(checkout / "version.txt") == expected + "\n");
    CHECK_FALSE(fs::exists(marker));
    CHECK(run(checkout, catalog, {"revert"}).code == 0);
    CHECK(differences(before, tree_hashes(dir.path())) == "");
    CHECK_FALSE(fs::exists(marker));
  }

  TEST_CASE("no network, no programs run: torchpatch imports no socket, remote, clone, exec or "
            "spawn function") {
    // libgit2 and libc are linked dynamically on Debian, so every function torchpatch could use to
    // reach the network or start a program would be an undefined dynamic symbol of the binary.
    const Output nm =
        tp::e2e::shell("nm -D --undefined-only " + tp::e2e::quote(tp::e2e::binary_path().string()));
    INFO(nm.err);
    REQUIRE(nm.code == 0);
    REQUIRE(contains(nm.out, "git_repository_open"));
    const std::set<std::string> forbidden_exact{
        "socket", "connect",     "getaddrinfo",  "gethostbyname", "system", "popen",
        "fork",   "vfork",       "execv",        "execve",        "execvp", "execl",
        "execlp", "posix_spawn", "posix_spawnp", "dlopen"};
    const std::vector<std::string> forbidden_prefixes{
        "git_remote_", "git_clone", "git_submodule_update", "git_transport_", "curl_", "SSL_"};
    std::istringstream lines(nm.out);
    std::string line;
    std::vector<std::string> found;
    while (std::getline(lines, line)) {
      std::string symbol = line.substr(line.find_last_of(' ') + 1);
      symbol = symbol.substr(0, symbol.find('@'));
      bool bad = forbidden_exact.count(symbol) > 0;
      for (const auto& prefix : forbidden_prefixes)
        bad = bad || symbol.starts_with(prefix);
      if (bad)
        found.push_back(symbol);
    }
    CHECK(found.empty());
    for (const auto& f : found)
      MESSAGE("imported: " << f);
  }

} // TEST_SUITE
