#include "txn/journal.hpp"

#include <charconv>
#include <chrono>
#include <cstdio>
#include <initializer_list>
#include <optional>
#include <system_error>

#include "platform/files.hpp"

namespace tp::txn {

namespace {

constexpr std::string_view k_magic = "torchpatch journal ";
constexpr std::string_view k_checksum_key = "checksum ";
constexpr std::string_view k_hash_prefix = "fnv1a64:";

std::string_view to_string(PendingTransaction pending) {
  switch (pending) {
  case PendingTransaction::none:
    return "none";
  case PendingTransaction::apply:
    return "apply";
  case PendingTransaction::revert:
    return "revert";
  case PendingTransaction::revert_forced:
    return "revert-forced";
  }
  return "none";
}

std::string_view to_string(EntryState state) {
  switch (state) {
  case EntryState::applied:
    return "applied";
  case EntryState::applying:
    return "applying";
  case EntryState::reverting:
    return "reverting";
  }
  return "applied";
}

// The one of `values` whose to_string() is `name`.
template <typename Enum>
std::optional<Enum> parse_name(std::string_view name, std::initializer_list<Enum> values) {
  for (Enum value : values) {
    if (to_string(value) == name) {
      return value;
    }
  }
  return std::nullopt;
}

void put_line(std::string& out, std::string_view key, std::string_view value) {
  out.append(key);
  out += ' ';
  out.append(value);
  out += '\n';
}

void put_bytes(std::string& out, std::string_view key, std::string_view bytes) {
  put_line(out, key, std::to_string(bytes.size()));
  out.append(bytes);
  out += '\n';
}

std::optional<std::uint64_t> parse_hash(std::string_view text) {
  if (text.size() != k_hash_prefix.size() + 16 ||
      text.substr(0, k_hash_prefix.size()) != k_hash_prefix) {
    return std::nullopt;
  }
  text.remove_prefix(k_hash_prefix.size());
  std::uint64_t value = 0;
  for (char c : text) {
    int digit = 0;
    if (c >= '0' && c <= '9') {
      digit = c - '0';
    } else if (c >= 'a' && c <= 'f') {
      digit = c - 'a' + 10;
    } else {
      return std::nullopt;
    }
    value = value * 16 + static_cast<std::uint64_t>(digit);
  }
  return value;
}

// Reads the journal line by line. Every failure becomes "corrupt journal <path>: line N: ...".
class Reader {
public:
  Reader(std::string_view bytes, const fs::path& path) : m_bytes(bytes), m_path(path) {}

  bool at_end() const { return m_pos >= m_bytes.size(); }

  Unexpected<Error> corrupt(const std::string& why) const {
    return fail("corrupt journal " + platform::display_path(m_path) + ": line " +
                std::to_string(m_last_line) + ": " + why);
  }

  // The next line without its '\n'; the caller has checked !at_end(), and the checksum check
  // guarantees the body ends with '\n'.
  std::string_view next_line() {
    const std::size_t end = m_bytes.find('\n', m_pos);
    const std::string_view line = m_bytes.substr(m_pos, end - m_pos);
    m_pos = end + 1;
    m_last_line = m_line++;
    return line;
  }

  std::string_view peek_key() const {
    const std::size_t end = m_bytes.find_first_of(" \n", m_pos);
    return m_bytes.substr(m_pos,
                          end == std::string_view::npos ? std::string_view::npos : end - m_pos);
  }

  // The value of the next line, which must be "<key> <value>".
  Result<std::string> field(std::string_view key) {
    if (at_end()) {
      return corrupt("expected '" + std::string(key) + "', found the end of the journal");
    }
    const std::string_view line = next_line();
    if (line.size() <= key.size() || line.substr(0, key.size()) != key || line[key.size()] != ' ') {
      return corrupt("expected '" + std::string(key) + " ...', found '" + printable(line) + "'");
    }
    return std::string(line.substr(key.size() + 1));
  }

  Result<std::uint64_t> hash_field(std::string_view key) {
    TP_TRY_ASSIGN(auto text, field(key));
    const auto hash = parse_hash(text);
    if (!hash) {
      return corrupt("'" + std::string(key) + "' holds '" + printable(text) +
                     "', not an fnv1a64 hash");
    }
    return *hash;
  }

  // "<key> <length>" followed by exactly that many bytes and a '\n'.
  Result<std::string> bytes_field(std::string_view key) {
    TP_TRY_ASSIGN(auto text, field(key));
    std::size_t length = 0;
    const char* first = text.data();
    const char* last = text.data() + text.size();
    const auto [end, ec] = std::from_chars(first, last, length);
    if (ec != std::errc() || end != last || text.empty()) {
      return corrupt("'" + std::string(key) + "' holds '" + printable(text) + "', not a length");
    }
    if (length > m_bytes.size() - m_pos || m_bytes.size() - m_pos - length < 1 ||
        m_bytes[m_pos + length] != '\n') {
      return corrupt("'" + std::string(key) + "' announces " + std::to_string(length) +
                     " bytes that are not there");
    }
    std::string value(m_bytes.substr(m_pos, length));
    for (char c : value) {
      if (c == '\n') {
        ++m_line;
      }
    }
    m_pos += length + 1;
    ++m_line;
    return value;
  }

private:
  static std::string printable(std::string_view text) {
    std::string out;
    for (char c : text.substr(0, 60)) {
      const auto u = static_cast<unsigned char>(c);
      if (u < 0x20 || u == 0x7f) {
        char escaped[8];
        std::snprintf(escaped, sizeof escaped, "\\x%02x", u);
        out += escaped;
      } else {
        out += c;
      }
    }
    if (text.size() > 60) {
      out += "...";
    }
    return out;
  }

  std::string_view m_bytes;
  const fs::path& m_path;
  std::size_t m_pos = 0;
  int m_line = 1;      // of the next line to read
  int m_last_line = 0; // of the line read last, which errors point at
};

Result<JournalFile> parse_file(Reader& reader, std::string path) {
  JournalFile file;
  file.path = std::move(path);
  TP_TRY_ASSIGN(file.repository, reader.field("repository"));
  TP_TRY_ASSIGN(file.before_hash, reader.hash_field("before"));
  TP_TRY_ASSIGN(file.after_hash, reader.hash_field("after"));
  TP_TRY_ASSIGN(file.original, reader.bytes_field("original"));
  TP_TRY_ASSIGN(file.applied, reader.bytes_field("applied"));
  if (fnv1a_64(file.original) != file.before_hash) {
    return reader.corrupt("the original bytes of " + file.path + " do not match their hash");
  }
  if (fnv1a_64(file.applied) != file.after_hash) {
    return reader.corrupt("the applied bytes of " + file.path + " do not match their hash");
  }
  return file;
}

Result<JournalEntry> parse_entry(Reader& reader, std::string id) {
  JournalEntry entry;
  entry.id = std::move(id);
  TP_TRY_ASSIGN(const std::string state, reader.field("state"));
  const auto parsed =
      parse_name(state, {EntryState::applied, EntryState::applying, EntryState::reverting});
  if (!parsed) {
    return reader.corrupt("unknown patchset state '" + state + "'");
  }
  entry.state = *parsed;
  TP_TRY_ASSIGN(entry.applied_at, reader.field("applied-at"));
  TP_TRY_ASSIGN(entry.catalog_version, reader.field("catalog"));
  TP_TRY_ASSIGN(entry.engine_version, reader.field("engine"));
  while (!reader.at_end() && reader.peek_key() == "skipped") {
    TP_TRY_ASSIGN(std::string skipped, reader.bytes_field("skipped"));
    entry.skipped.push_back(std::move(skipped));
  }
  while (!reader.at_end() && reader.peek_key() == "file") {
    TP_TRY_ASSIGN(std::string path, reader.field("file"));
    TP_TRY_ASSIGN(JournalFile file, parse_file(reader, std::move(path)));
    entry.files.push_back(std::move(file));
  }
  return entry;
}

// The first line names the journal's version. It is checked before anything else: a newer
// torchpatch may lay out (and check) the rest differently, and its user deserves "upgrade", not
// "corrupt".
Result<void> check_version_line(std::string_view bytes, const std::string& where,
                                const std::string& corrupt) {
  const std::size_t first_end = bytes.find('\n');
  const std::string_view first_line = bytes.substr(0, first_end);
  if (first_line.substr(0, k_magic.size()) != k_magic) {
    return fail(corrupt + "it does not start with '" + std::string(k_magic) + "<version>'");
  }
  if (first_end == std::string_view::npos) {
    return fail(corrupt + "truncated after the version line");
  }
  const std::string_view version = first_line.substr(k_magic.size());
  if (version.empty() || version.size() > 9 ||
      version.find_first_not_of("0123456789") != std::string_view::npos) {
    return fail(corrupt + "the version line is malformed");
  }
  if (version != std::to_string(k_journal_version)) {
    return fail(where + ": unsupported journal version '" + std::string(version) +
                "' (this torchpatch reads version " + std::to_string(k_journal_version) + ")");
  }
  return {};
}

// The bytes before the last line, which is the checksum of them; its absence means truncation.
Result<std::string_view> checksummed_body(std::string_view bytes, const std::string& corrupt) {
  if (bytes.empty() || bytes.back() != '\n') {
    return fail(corrupt + "truncated (it does not end with a checksum line)");
  }
  const std::size_t last_start = bytes.rfind('\n', bytes.size() - 2) + 1;
  const std::string_view last_line = bytes.substr(last_start, bytes.size() - 1 - last_start);
  if (last_line.substr(0, k_checksum_key.size()) != k_checksum_key) {
    return fail(corrupt + "truncated (it does not end with a checksum line)");
  }
  const auto recorded = parse_hash(last_line.substr(k_checksum_key.size()));
  if (!recorded) {
    return fail(corrupt + "the checksum line is malformed");
  }
  const std::string_view body = bytes.substr(0, last_start);
  if (fnv1a_64(body) != *recorded) {
    return fail(corrupt + "checksum mismatch (the file was changed or damaged)");
  }
  return body;
}

} // namespace

std::uint64_t fnv1a_64(std::string_view bytes) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (char c : bytes) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

std::string format_hash(std::uint64_t hash) {
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
  return std::string(k_hash_prefix) + hex;
}

fs::path journal_path(const fs::path& journal_dir) {
  return journal_dir / "journal";
}
fs::path lock_path(const fs::path& journal_dir) {
  return journal_dir / "lock";
}

std::string serialize_journal(const Journal& journal) {
  std::string out;
  put_line(out, "torchpatch journal", std::to_string(k_journal_version));
  put_line(out, "engine", journal.engine_version);
  put_line(out, "catalog", journal.catalog_version);
  put_line(out, "transaction", to_string(journal.pending));
  for (const JournalEntry& entry : journal.entries) {
    put_line(out, "patchset", entry.id);
    put_line(out, "state", to_string(entry.state));
    put_line(out, "applied-at", entry.applied_at);
    put_line(out, "catalog", entry.catalog_version);
    put_line(out, "engine", entry.engine_version);
    for (const std::string& skipped : entry.skipped) {
      put_bytes(out, "skipped", skipped);
    }
    for (const JournalFile& file : entry.files) {
      put_line(out, "file", file.path);
      put_line(out, "repository", file.repository);
      put_line(out, "before", format_hash(file.before_hash));
      put_line(out, "after", format_hash(file.after_hash));
      put_bytes(out, "original", file.original);
      put_bytes(out, "applied", file.applied);
    }
  }
  put_line(out, "checksum", format_hash(fnv1a_64(out)));
  return out;
}

Result<Journal> parse_journal(std::string_view bytes, const fs::path& path) {
  const std::string where = platform::display_path(path);
  const std::string corrupt = "corrupt journal " + where + ": ";
  TP_TRY(check_version_line(bytes, where, corrupt));
  TP_TRY_ASSIGN(const std::string_view body, checksummed_body(bytes, corrupt));

  Reader reader(body, path);
  (void)reader.next_line(); // the version line, checked above
  Journal journal;
  TP_TRY_ASSIGN(journal.engine_version, reader.field("engine"));
  TP_TRY_ASSIGN(journal.catalog_version, reader.field("catalog"));
  TP_TRY_ASSIGN(const std::string transaction, reader.field("transaction"));
  const auto pending =
      parse_name(transaction, {PendingTransaction::none, PendingTransaction::apply,
                               PendingTransaction::revert, PendingTransaction::revert_forced});
  if (!pending) {
    return reader.corrupt("unknown transaction '" + transaction + "'");
  }
  journal.pending = *pending;
  while (!reader.at_end()) {
    TP_TRY_ASSIGN(std::string id, reader.field("patchset"));
    TP_TRY_ASSIGN(JournalEntry entry, parse_entry(reader, std::move(id)));
    journal.entries.push_back(std::move(entry));
  }
  return journal;
}

Result<std::optional<Journal>> read_journal(const fs::path& file) {
  std::error_code ec;
  const fs::file_status status = fs::symlink_status(file, ec);
  if (status.type() == fs::file_type::not_found) {
    return std::optional<Journal>();
  }
  TP_TRY_ASSIGN(const std::string bytes, platform::read_file(file));
  TP_TRY_ASSIGN(Journal journal, parse_journal(bytes, file));
  return std::optional<Journal>(std::move(journal));
}

Result<void> write_journal(const fs::path& file, const Journal& journal) {
  if (journal.entries.empty()) {
    std::error_code ec;
    fs::remove(file, ec);
    if (ec) {
      return fail("removing the empty journal " + platform::display_path(file) + ": " +
                  ec.message());
    }
    const fs::path parent = file.parent_path();
    return platform::sync_directory(parent.empty() ? fs::path(".") : parent);
  }
  return platform::write_file_atomic(file, serialize_journal(journal), platform::Durability::flush);
}

Result<void> validate_single_line(std::string_view what, std::string_view value) {
  if (value.find_first_of("\r\n") != std::string_view::npos) {
    return fail(std::string(what) + " '" +
                std::string(value.substr(0, value.find_first_of("\r\n"))) +
                "...' holds a line break, which the journal cannot record");
  }
  return {};
}

std::string utc_now() {
  using namespace std::chrono;
  const auto now = floor<seconds>(system_clock::now());
  const auto day = floor<days>(now);
  const year_month_day date{day};
  const hh_mm_ss time{now - day};
  char text[32];
  std::snprintf(text, sizeof text, "%04d-%02u-%02uT%02ld:%02ld:%02lldZ",
                static_cast<int>(date.year()), static_cast<unsigned>(date.month()),
                static_cast<unsigned>(date.day()), static_cast<long>(time.hours().count()),
                static_cast<long>(time.minutes().count()),
                static_cast<long long>(time.seconds().count()));
  return text;
}

} // namespace tp::txn
