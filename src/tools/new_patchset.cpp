#include "tools/new_patchset.hpp"

#include <algorithm>
#include <cstdio>

#include "base/utf8.hpp"
#include "engine/plan.hpp"
#include "engine/tree_source.hpp"
#include "platform/files.hpp"
#include "text/text.hpp"

namespace tp::tools {

namespace {

struct Hunk {
  std::size_t before_begin, before_end; // byte range in the normalized before text
  std::size_t after_begin, after_end;   // byte range in the normalized after text
};

// Offsets of the start of each line, plus text.size() at the end.
std::vector<std::size_t> line_starts(std::string_view text) {
  std::vector<std::size_t> out{0};
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n' && i + 1 < text.size())
      out.push_back(i + 1);
  if (text.empty())
    out.clear();
  out.push_back(text.size());
  return out;
}

// Line hunks between `a` and `b`: common leading and trailing lines are trimmed, and the middle
// is aligned by a longest common subsequence of lines (one hunk when the middle is too big).
std::vector<Hunk> diff_lines(std::string_view a, std::string_view b) {
  auto sa = line_starts(a), sb = line_starts(b);
  std::size_t na = sa.size() - 1, nb = sb.size() - 1;
  auto line_a = [&](std::size_t i) { return a.substr(sa[i], sa[i + 1] - sa[i]); };
  auto line_b = [&](std::size_t j) { return b.substr(sb[j], sb[j + 1] - sb[j]); };
  std::size_t head = 0;
  while (head < na && head < nb && line_a(head) == line_b(head))
    ++head;
  std::size_t tail = 0;
  while (tail < na - head && tail < nb - head && line_a(na - 1 - tail) == line_b(nb - 1 - tail))
    ++tail;
  std::size_t n = na - head - tail, m = nb - head - tail;
  std::vector<Hunk> hunks;
  auto add = [&](std::size_t i0, std::size_t i1, std::size_t j0, std::size_t j1) {
    hunks.push_back({sa[i0], sa[i1], sb[j0], sb[j1]});
  };
  if (n == 0 && m == 0)
    return hunks;
  if (n == 0 || m == 0 || n * m > 16'000'000) {
    add(head, head + n, head, head + m);
    return hunks;
  }
  // lcs[i][j]: the LCS length of a-lines [i, n) and b-lines [j, m) of the middle.
  std::vector<std::uint32_t> lcs((n + 1) * (m + 1), 0);
  auto at = [&](std::size_t i, std::size_t j) -> std::uint32_t& { return lcs[i * (m + 1) + j]; };
  for (std::size_t i = n; i-- > 0;)
    for (std::size_t j = m; j-- > 0;)
      at(i, j) = line_a(head + i) == line_b(head + j) ? at(i + 1, j + 1) + 1
                                                      : std::max(at(i + 1, j), at(i, j + 1));
  std::size_t i = 0, j = 0, open_i = 0, open_j = 0;
  bool open = false;
  while (i < n || j < m) {
    if (i < n && j < m && line_a(head + i) == line_b(head + j)) {
      if (open)
        add(head + open_i, head + i, head + open_j, head + j);
      open = false;
      ++i;
      ++j;
      continue;
    }
    if (!open) {
      open = true;
      open_i = i;
      open_j = j;
    }
    if (j < m && (i == n || at(i, j + 1) >= at(i + 1, j)))
      ++j;
    else
      ++i;
  }
  if (open)
    add(head + open_i, head + n, head + open_j, head + m);
  return hunks;
}

bool is_word(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' ||
         (static_cast<unsigned char>(c) & 0x80);
}

std::size_t count_of(std::string_view haystack, std::string_view needle) {
  std::size_t count = 0;
  for (auto at = haystack.find(needle); at != std::string_view::npos;
       at = haystack.find(needle, at + 1))
    ++count;
  return count;
}

struct Context {
  std::size_t begin, end; // the literal [begin, end) around a change
  bool at_start = false;  // pinned to the start of the file (\A)
  bool at_end = false;    // pinned to the end of the file (\z)
};

enum class Straddle { no, yes };

// The smallest span around [begin, end) of `text` that occurs once in `text` and never in
// `other` (when given), grown a character at a time on alternate sides, then out to whole words
// and whole UTF-8 characters. With Straddle::yes (an insertion point) the span must reach past
// both sides of the point, or be pinned to the start or end of the file when the point is
// there. Nullopt when even the whole text is not enough.
std::optional<Context> unique_context(std::string_view text, std::size_t begin, std::size_t end,
                                      std::optional<std::string_view> other, Straddle straddle) {
  const bool pin_start = straddle == Straddle::yes && begin == 0;
  const bool pin_end = straddle == Straddle::yes && end == text.size() && !pin_start;
  auto good = [&](std::size_t b, std::size_t e) {
    if (b == e)
      return false;
    if (straddle == Straddle::yes && !((b < begin || pin_start) && (e > end || pin_end)))
      return false;
    auto literal = text.substr(b, e - b);
    if (pin_start)
      return !other || other->substr(0, literal.size()) != literal;
    if (pin_end)
      return !other || other->size() < literal.size() ||
             other->substr(other->size() - literal.size()) != literal;
    return count_of(text, literal) == 1 &&
           (!other || other->find(literal) == std::string_view::npos);
  };
  std::size_t b = begin, e = end;
  bool grow_left = !pin_start && (pin_end || end != text.size());
  while (!good(b, e)) {
    if (b == 0 && e == text.size())
      return std::nullopt;
    bool left = pin_end || (!pin_start && ((grow_left && b > 0) || e == text.size()));
    if (left && b > 0)
      --b;
    else if (e < text.size())
      ++e;
    else
      --b;
    grow_left = !grow_left;
  }
  while (b > 0 && b < text.size() && is_word(text[b - 1]) && is_word(text[b]) && b != begin)
    --b;
  while (e < text.size() && e > 0 && is_word(text[e - 1]) && is_word(text[e]) && e != end)
    ++e;
  while (utf8::is_continuation_at(text, b))
    --b;
  while (utf8::is_continuation_at(text, e))
    ++e;
  return Context{b, e, pin_start, pin_end};
}

// A TOML basic string ("…") holding `text` exactly.
std::string toml_string(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\t':
      out += "\\t";
      break;
    case '\r':
      out += "\\r";
      break;
    default:
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04X",
                      static_cast<unsigned>(static_cast<unsigned char>(c)));
        out += buf;
      } else {
        out += c;
      }
    }
  }
  return out + "\"";
}

// An action template holding `text` literally: '$' starts a ${name} reference, so it is doubled.
std::string literal_template(std::string_view text) {
  std::string out;
  for (char c : text)
    out += c == '$' ? std::string("$$") : std::string(1, c);
  return out;
}

bool valid_id(std::string_view id) {
  return !id.empty() && std::all_of(id.begin(), id.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
  });
}

} // namespace

std::string quote_regex(std::string_view text) {
  std::string out;
  for (char c : text) {
    auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u) || c == '_' || u >= 0x80) {
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\'') {
      out += "[']"; // a TOML literal string cannot hold every run of quotes
    } else if (u < 0x20 || u == 0x7F) {
      // In a class: the regex prefilter reads no literal from it.
      char buf[12];
      std::snprintf(buf, sizeof buf, "[\\x%02x]", static_cast<unsigned>(u));
      out += buf;
    } else {
      out += '\\';
      out += c;
    }
  }
  return out;
}

namespace {

// Checks the id (new, well-formed), the path (relative, '/'-separated) and the case's version.
Result<catalog::Version> check_request(const NewPatchsetRequest& request) {
  if (!valid_id(request.id))
    return fail("patchset id '" + request.id +
                "' may hold only lower-case letters, digits and '-'");
  if (request.existing.count(request.id + ".toml"))
    return fail(request.id + ".toml already exists in the catalog; choose another id");
  for (const auto& [path, bytes] : request.existing)
    if (path.compare(0, 6 + request.id.size() + 1, "cases/" + request.id + "/") == 0)
      return fail("cases/" + request.id + "/ already exists in the catalog; choose another id");
  const std::string& path = request.path;
  if (path.empty() || path.front() == '/' || path.find('\\') != std::string::npos ||
      path.find(':') != std::string::npos || path.find("..") != std::string::npos)
    return fail("--file " + path + ": give the path relative to the checkout root, with '/'");
  auto version = catalog::parse_version(request.case_version);
  if (!version)
    return fail("'" + request.case_version + "' is not a PyTorch version");
  return *version;
}

// Narrows the line hunk `h` to the bytes that changed, on whole UTF-8 characters, then gives
// back common bytes that split a word (changes read better on whole words).
Hunk narrowed(Hunk h, const std::string& before, const std::string& after) {
  std::size_t common_head = 0;
  while (h.before_begin + common_head < h.before_end && h.after_begin + common_head < h.after_end &&
         before[h.before_begin + common_head] == after[h.after_begin + common_head])
    ++common_head;
  while (common_head > 0 && utf8::is_continuation_at(before, h.before_begin + common_head))
    --common_head;
  h.before_begin += common_head;
  h.after_begin += common_head;
  std::size_t common_tail = 0;
  while (h.before_end - common_tail > h.before_begin && h.after_end - common_tail > h.after_begin &&
         before[h.before_end - common_tail - 1] == after[h.after_end - common_tail - 1])
    ++common_tail;
  while (common_tail > 0 && utf8::is_continuation_at(before, h.before_end - common_tail))
    --common_tail;
  h.before_end -= common_tail;
  h.after_end -= common_tail;
  auto splits = [](std::string_view t, std::size_t at, std::size_t begin, std::size_t end) {
    return begin < end && at > 0 && at < t.size() && is_word(t[at - 1]) && is_word(t[at]);
  };
  while (common_head > 0 && (splits(before, h.before_begin, h.before_begin, h.before_end) ||
                             splits(after, h.after_begin, h.after_begin, h.after_end))) {
    --common_head;
    --h.before_begin;
    --h.after_begin;
  }
  while (common_tail > 0 && (splits(before, h.before_end, h.before_begin, h.before_end) ||
                             splits(after, h.after_end, h.after_begin, h.after_end))) {
    --common_tail;
    ++h.before_end;
    ++h.after_end;
  }
  return h;
}

// The [[edits]] table of hunk `number` (from 1): a regex anchor on the unique literal around the
// change, the action, and the applied anchor.
Result<std::string> edit_toml(std::size_t number, const Hunk& h, const std::string& before,
                              const std::string& after, const std::string& path) {
  std::string_view old_text(before.data() + h.before_begin, h.before_end - h.before_begin);
  std::string_view new_text(after.data() + h.after_begin, h.after_end - h.after_begin);
  auto anchor = unique_context(before, h.before_begin, h.before_end, std::string_view(after),
                               old_text.empty() ? Straddle::yes : Straddle::no);
  auto applied = unique_context(after, h.after_begin, h.after_end, std::nullopt, Straddle::no);
  if (!anchor || !applied)
    return fail("hunk " + std::to_string(number) + " of " + path +
                ": no literal span around the change is unique in the before file and absent "
                "from the after file; write this edit by hand");
  std::string prefix = before.substr(anchor->begin, h.before_begin - anchor->begin);
  std::string suffix = before.substr(h.before_end, anchor->end - h.before_end);
  std::string pattern, target, action;
  if (!old_text.empty()) {
    pattern =
        quote_regex(prefix) + "(?P<change>" + quote_regex(old_text) + ")" + quote_regex(suffix);
    target = "change";
    action = new_text.empty()
                 ? "kind = \"delete\"\n"
                 : "kind = \"replace\"\ntext = " + toml_string(literal_template(new_text)) + "\n";
  } else if (!prefix.empty()) {
    pattern = "(?P<before>" + quote_regex(prefix) + ")" + quote_regex(suffix) +
              (anchor->at_end ? "\\z" : "");
    target = "before";
    action = "kind = \"insert-after\"\ntext = " + toml_string(literal_template(new_text)) + "\n";
  } else {
    pattern = "\\A(?P<after>" + quote_regex(suffix) + ")";
    target = "after";
    action = "kind = \"insert-before\"\ntext = " + toml_string(literal_template(new_text)) + "\n";
  }
  LineCol where = line_col_at(before, h.before_begin);
  return "\n[[edits]]\n"
         "name = \"hunk-" +
         std::to_string(number) + "\"   # line " + std::to_string(where.line) +
         " of the before file\n"
         "files = [" +
         toml_string(path) +
         "]\n"
         "matches = 1\n"
         "\n[edits.anchor]\n"
         "kind = \"regex\"\n"
         "pattern = '''" +
         pattern +
         "'''\n"
         "target = \"" +
         target +
         "\"\n"
         "\n[edits.action]\n" +
         action +
         "\n[edits.applied]\n"
         "kind = \"regex\"\n"
         "pattern = '''" +
         quote_regex(after.substr(applied->begin, applied->end - applied->begin)) + "'''\n";
}

std::string patchset_toml(const std::string& id, const std::string& edits_toml) {
  return "id = \"" + id +
         "\"\n"
         "title = \"TODO: what the patch does, in one line\"\n"
         "versions = \">=0\"  # TODO: the PyTorch versions that need it, e.g. \">=1.13, <2.6\"\n"
         "why = \"\"\"\n"
         "TODO: why the patch exists, in a few sentences: what breaks, with which toolchain, and "
         "what\n"
         "the edit changes.\n"
         "\"\"\"\n"
         "errors = [\n"
         "  \"TODO: the error message users see, verbatim\",\n"
         "]\n"
         "references = [\n"
         "  \"TODO: upstream issue or pull request, and how the version range was found\",\n"
         "]\n" +
         edits_toml;
}

// Checks the draft the way `torchpatch test` will: before -> will-apply producing the after
// text, and the produced file -> already-applied. Returns the produced file.
Result<std::string> check_draft(const NewPatchsetRequest& request, const NewPatchset& draft,
                                const catalog::Version& version, const std::string& after) {
  catalog::CatalogFiles files = request.existing;
  for (const auto& [p, bytes] : draft.files)
    files[p] = bytes;
  auto loaded = catalog::load_catalog(std::move(files), "new");
  for (const auto& d : loaded.diagnostics)
    if (d.file == request.id + ".toml")
      return fail("the generated patchset does not load (a bug in torchpatch new): " + d.render());
  if (!loaded.catalog.find(request.id))
    return fail("the generated patchset does not load (the catalog's catalog.toml has problems?)");
  engine::PlanOptions options;
  options.only = {request.id};
  options.threads = 1;
  // The facts `torchpatch test` will run the drafted case with: catalog::load_cases defaults a
  // case's platform to "windows" (the catalog's patches are for Windows builds), and the case
  // written here names no other fact.
  options.facts["platform"] = "windows";
  engine::ResolvedVersion resolved{version, "new"};
  engine::MemoryTreeSource before_tree(
      std::map<std::string, std::string>{{request.path, request.before}});
  auto plan = engine::plan_patchsets(loaded.catalog, before_tree, resolved, options);
  if (!plan)
    return with_context(plan, "checking the generated patchset");
  if (plan->patchsets.front().outcome != engine::Outcome::will_apply || plan->files.size() != 1)
    return fail("the generated patchset does not apply to the before file (" +
                std::string(to_string(plan->patchsets.front().outcome)) + "); write it by hand");
  const std::string& produced = plan->files.front().after;
  if (text::NormalizedText(produced).text() != after)
    return fail("the generated patchset does not reproduce the after file; write it by hand");
  engine::MemoryTreeSource after_tree(std::map<std::string, std::string>{{request.path, produced}});
  auto again = engine::plan_patchsets(loaded.catalog, after_tree, resolved, options);
  if (!again)
    return with_context(again, "checking the generated patchset");
  if (again->patchsets.front().outcome != engine::Outcome::already_applied)
    return fail("the generated patchset does not recognise the after file as already applied (" +
                std::string(to_string(again->patchsets.front().outcome)) + "); write it by hand");
  return produced;
}

} // namespace

Result<NewPatchset> new_patchset(const NewPatchsetRequest& request) {
  TP_TRY_ASSIGN(const auto version, check_request(request));
  const std::string& path = request.path;
  text::NormalizedText before_norm(request.before), after_norm(request.after);
  if (before_norm.info().binary || after_norm.info().binary)
    return fail(path + " is binary (holds NUL bytes); torchpatch edits only text");
  const std::string& before = before_norm.text();
  const std::string& after = after_norm.text();
  auto hunks = diff_lines(before, after);
  if (hunks.empty())
    return fail(
        "the before and after files are the same (line endings and BOM aside): nothing to patch");
  std::string edits_toml;
  std::size_t number = 0;
  for (const Hunk& h : hunks) {
    TP_TRY_ASSIGN(const std::string edit,
                  edit_toml(++number, narrowed(h, before, after), before, after, path));
    edits_toml += edit;
  }
  NewPatchset out;
  out.edits = number;
  out.files[request.id + ".toml"] = patchset_toml(request.id, edits_toml);
  if (!request.existing.count("catalog.toml")) {
    std::string macros;
    for (const auto& m : request.export_macros)
      macros += "  " + toml_string(m) + ",\n";
    out.files["catalog.toml"] = "version = \"0.1.0\"\nexport_macros = [\n" + macros + "]\n";
  }
  TP_TRY_ASSIGN(const auto produced, check_draft(request, out, version, after));
  const std::string case_dir = "cases/" + request.id + "/initial/";
  out.files[case_dir + "case.toml"] =
      "# Generated by torchpatch new: the file as found, and as edited by hand.\n"
      "outcome = \"will-apply\"\n"
      "version = \"" +
      version.text + "\"\n";
  out.files[case_dir + "before/" + path] = request.before;
  // The engine's own bytes (line endings of inserted lines follow the file), so the case holds.
  out.files[case_dir + "after/" + path] = produced;
  return out;
}

Result<std::vector<std::filesystem::path>> write_new_patchset(const NewPatchset& draft,
                                                              const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> written;
  for (const auto& [path, bytes] : draft.files) {
    auto target = dir / platform::path_from_utf8(path);
    std::error_code ec; // a folder that cannot be made fails the write just below
    std::filesystem::create_directories(target.parent_path(), ec);
    TP_TRY(platform::write_file_atomic(target, bytes));
    written.push_back(std::move(target));
  }
  return written;
}

} // namespace tp::tools
