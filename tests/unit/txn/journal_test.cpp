#include "txn/journal.hpp"

#include <string>

#include <doctest/doctest.h>

#include "platform/test_dir.hpp"

namespace fs = std::filesystem;
using namespace tp::txn;

namespace {

// Bytes that tend to get mangled: a BOM, CRLF, a lone CR, a NUL, no final newline, and text that
// looks like journal syntax.
using namespace std::string_literals;
const std::string k_tricky = "\xEF\xBB\xBF"
                             "line\r\nlone\rcr\0nul\nchecksum fnv1a64:0\npatchset x"s;

Journal sample_journal() {
  Journal journal;
  journal.engine_version = "0.1.0";
  journal.catalog_version = "1.2.0";
  JournalEntry first;
  first.id = "cmake-minimum";
  first.applied_at = "2024-05-01T12:34:56Z";
  first.catalog_version = "1.2.0";
  first.engine_version = "0.1.0";
  first.skipped = {"edit-a CMakeLists.txt: anchor_missing: no match\nsecond line"};
  first.files.push_back(JournalFile{"CMakeLists.txt", "", "old\r\n", "new\r\n", fnv1a_64("old\r\n"),
                                    fnv1a_64("new\r\n")});
  first.files.push_back(JournalFile{"third_party/fmt/src/a b.cc", "third_party/fmt", k_tricky, "",
                                    fnv1a_64(k_tricky), fnv1a_64("")});
  journal.entries.push_back(first);
  JournalEntry second = first;
  second.id = "flatbuffers-span";
  second.state = EntryState::reverting;
  second.skipped.clear();
  journal.entries.push_back(second);
  journal.pending = PendingTransaction::revert_forced;
  return journal;
}

void check_same(const Journal& a, const Journal& b) {
  CHECK(a.engine_version == b.engine_version);
  CHECK(a.catalog_version == b.catalog_version);
  CHECK(a.pending == b.pending);
  REQUIRE(a.entries.size() == b.entries.size());
  for (std::size_t i = 0; i < a.entries.size(); ++i) {
    const JournalEntry& x = a.entries[i];
    const JournalEntry& y = b.entries[i];
    CHECK(x.id == y.id);
    CHECK(x.applied_at == y.applied_at);
    CHECK(x.catalog_version == y.catalog_version);
    CHECK(x.engine_version == y.engine_version);
    CHECK(x.state == y.state);
    CHECK(x.skipped == y.skipped);
    REQUIRE(x.files.size() == y.files.size());
    for (std::size_t j = 0; j < x.files.size(); ++j) {
      CHECK(x.files[j].path == y.files[j].path);
      CHECK(x.files[j].repository == y.files[j].repository);
      CHECK(x.files[j].original == y.files[j].original);
      CHECK(x.files[j].applied == y.files[j].applied);
      CHECK(x.files[j].before_hash == y.files[j].before_hash);
      CHECK(x.files[j].after_hash == y.files[j].after_hash);
    }
  }
}

bool is_corrupt_message(const std::string& message, const fs::path& path) {
  return message.rfind("corrupt journal " + tp::platform::display_path(path) + ": ", 0) == 0;
}

} // namespace

TEST_SUITE("txn::journal") {

  TEST_CASE("fnv1a_64: matches the published test vectors") {
    CHECK(format_hash(fnv1a_64("")) == "fnv1a64:cbf29ce484222325");
    CHECK(format_hash(fnv1a_64("a")) == "fnv1a64:af63dc4c8601ec8c");
    CHECK(format_hash(fnv1a_64("foobar")) == "fnv1a64:85944171f73967e8");
  }

  TEST_CASE("serialize_journal: starts with the version line and ends with the checksum") {
    const std::string bytes = serialize_journal(sample_journal());
    CHECK(
        bytes.rfind("torchpatch journal 1\nengine 0.1.0\ncatalog 1.2.0\ntransaction revert-forced\n"
                    "patchset cmake-minimum\nstate applied\napplied-at 2024-05-01T12:34:56Z\n",
                    0) == 0);
    const std::size_t last = bytes.rfind('\n', bytes.size() - 2) + 1;
    CHECK(bytes.substr(last) == "checksum " + format_hash(fnv1a_64(bytes.substr(0, last))) + "\n");
  }

  TEST_CASE("parse_journal: round trip keeps binary, CRLF and BOM bytes exactly") {
    const Journal journal = sample_journal();
    auto parsed = parse_journal(serialize_journal(journal), "journal");
    REQUIRE_MESSAGE(parsed, parsed.error().message());
    check_same(journal, *parsed);
    CHECK(parsed->entries[0].files[1].original == k_tricky);
  }

  TEST_CASE("parse_journal: an empty journal round trips") {
    Journal journal;
    journal.engine_version = "0.1.0";
    auto parsed = parse_journal(serialize_journal(journal), "journal");
    REQUIRE(parsed);
    CHECK(parsed->entries.empty());
    CHECK(parsed->catalog_version.empty());
  }

  TEST_CASE(
      "parse_journal: an unknown version is rejected naming the version found and supported") {
    std::string bytes = serialize_journal(sample_journal());
    bytes.replace(0, std::string("torchpatch journal 1").size(), "torchpatch journal 7");
    auto parsed = parse_journal(bytes, "git/torchpatch/journal");
    REQUIRE_FALSE(parsed);
    CHECK(parsed.error().message() == "git/torchpatch/journal: unsupported journal version '7' "
                                      "(this torchpatch reads version 1)");
  }

  TEST_CASE("parse_journal: every truncation is reported as a corrupt journal") {
    const std::string bytes = serialize_journal(sample_journal());
    for (std::size_t length = 0; length < bytes.size(); ++length) {
      CAPTURE(length);
      auto parsed = parse_journal(std::string_view(bytes).substr(0, length), "j");
      REQUIRE_FALSE(parsed);
      CHECK(is_corrupt_message(parsed.error().message(), "j"));
    }
  }

  TEST_CASE("parse_journal: a flipped byte anywhere is detected") {
    const std::string bytes = serialize_journal(sample_journal());
    const std::string version_line = "torchpatch journal 1";
    for (std::size_t at = 0; at < bytes.size(); ++at) {
      CAPTURE(at);
      std::string damaged = bytes;
      damaged[at] = static_cast<char>(damaged[at] ^ 0x01);
      auto parsed = parse_journal(damaged, "j");
      REQUIRE_FALSE(parsed);
      if (at == version_line.size() - 1) {
        CHECK(parsed.error().message().find("unsupported journal version '0'") !=
              std::string::npos);
      } else {
        CHECK(is_corrupt_message(parsed.error().message(), "j"));
      }
    }
  }

  TEST_CASE("parse_journal: garbage is corrupt, even with a valid checksum") {
    SUBCASE("not a journal at all") {
      auto parsed = parse_journal("<html>hello</html>\n", "j");
      REQUIRE_FALSE(parsed);
      CHECK(parsed.error().message() ==
            "corrupt journal j: it does not start with 'torchpatch journal <version>'");
    }
    SUBCASE("a checksummed body in the wrong shape") {
      const std::string body = "torchpatch journal 1\nengine 0.1.0\ncatalog 1\ntransaction maybe\n";
      const std::string bytes = body + "checksum " + format_hash(fnv1a_64(body)) + "\n";
      auto parsed = parse_journal(bytes, "j");
      REQUIRE_FALSE(parsed);
      CHECK(parsed.error().message() == "corrupt journal j: line 4: unknown transaction 'maybe'");
    }
    SUBCASE("a checksummed body whose file bytes do not match their hash") {
      Journal journal = sample_journal();
      journal.entries[0].files[0].after_hash = 42;
      auto parsed = parse_journal(serialize_journal(journal), "j");
      REQUIRE_FALSE(parsed);
      CHECK(parsed.error().message().find("the applied bytes of CMakeLists.txt do not match") !=
            std::string::npos);
    }
    SUBCASE("a length that runs past the end") {
      const std::string body = "torchpatch journal 1\nengine 0.1.0\ncatalog 1\ntransaction none\n"
                               "patchset p\nstate applied\napplied-at t\ncatalog 1\nengine 1\n"
                               "skipped 999\nabc\n";
      const std::string bytes = body + "checksum " + format_hash(fnv1a_64(body)) + "\n";
      auto parsed = parse_journal(bytes, "j");
      REQUIRE_FALSE(parsed);
      CHECK(parsed.error().message() ==
            "corrupt journal j: line 10: 'skipped' announces 999 bytes that are not there");
    }
  }

  TEST_CASE("read_journal: a missing journal is no journal, not an error") {
    TP_TEST_DIR(dir);
    auto read = read_journal(dir / "journal");
    REQUIRE(read);
    CHECK_FALSE(read->has_value());
  }

  TEST_CASE("write_journal: writes atomically and removes the file when no entry remains") {
    TP_TEST_DIR(dir);
    const fs::path file = dir / "journal";
    REQUIRE(write_journal(file, sample_journal()));
    auto read = read_journal(file);
    REQUIRE(read);
    REQUIRE(read->has_value());
    check_same(sample_journal(), **read);

    Journal empty = sample_journal();
    empty.entries.clear();
    REQUIRE(write_journal(file, empty));
    CHECK_FALSE(fs::exists(file));
  }

  TEST_CASE("validate_single_line: refuses line breaks") {
    CHECK(validate_single_line("path", "a/b c.txt"));
    auto refused = validate_single_line("path", "a\nb");
    REQUIRE_FALSE(refused);
    CHECK(refused.error().message() ==
          "path 'a...' holds a line break, which the journal cannot record");
  }

  TEST_CASE("utc_now: is an ISO 8601 UTC timestamp") {
    const std::string now = utc_now();
    REQUIRE(now.size() == 20);
    CHECK(now[4] == '-');
    CHECK(now[10] == 'T');
    CHECK(now[19] == 'Z');
  }

} // TEST_SUITE
