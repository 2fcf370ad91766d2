#include "catalog/catalog_image.hpp"

#include <cstdint>
#include <utility>
#include <vector>

namespace tp::catalog {

namespace {

constexpr std::string_view k_magic = "tpcatalog-image-1\n";

class ImageWriter {
public:
  void number(std::size_t n) {
    const auto v = static_cast<std::uint32_t>(n);
    for (int shift = 0; shift < 32; shift += 8)
      m_bytes += static_cast<char>((v >> shift) & 0xff);
  }
  void text(std::string_view s) {
    number(s.size());
    m_bytes += s;
  }
  void texts(const std::vector<std::string>& list) {
    number(list.size());
    for (const std::string& s : list)
      text(s);
  }
  void flag(bool b) { m_bytes += b ? '\1' : '\0'; }
  void raw(std::string_view s) { m_bytes += s; }
  std::string take() { return std::move(m_bytes); }

private:
  std::string m_bytes;
};

// Reads what ImageWriter wrote; any read past the end or any bad value sets failed().
class ImageReader {
public:
  explicit ImageReader(std::string_view image) : m_image(image) {}

  bool failed() const { return m_failed; }
  bool at_end() const { return m_at == m_image.size(); }
  bool expect(std::string_view bytes) {
    if (m_image.substr(m_at, bytes.size()) != bytes)
      return fail();
    m_at += bytes.size();
    return true;
  }
  std::size_t number() {
    if (m_image.size() - m_at < 4)
      return fail(), 0;
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i)
      v |= static_cast<std::uint32_t>(static_cast<unsigned char>(m_image[m_at + i])) << (8 * i);
    m_at += 4;
    return v;
  }
  std::string text() {
    const std::size_t n = number();
    if (m_failed || m_image.size() - m_at < n)
      return fail(), std::string();
    std::string s(m_image.substr(m_at, n));
    m_at += n;
    return s;
  }
  std::vector<std::string> texts() {
    std::vector<std::string> list(bounded(number()));
    for (std::string& s : list)
      s = text();
    return list;
  }
  bool flag() {
    if (m_at >= m_image.size() || static_cast<unsigned char>(m_image[m_at]) > 1)
      return fail();
    return m_image[m_at++] == '\1';
  }
  // A count of items each at least one byte long: never more than the bytes left.
  std::size_t bounded(std::size_t count) { return count <= m_image.size() - m_at ? count : fail(); }
  bool fail() {
    m_failed = true;
    m_at = m_image.size();
    return false;
  }

private:
  std::string_view m_image;
  std::size_t m_at = 0;
  bool m_failed = false;
};

// --- writing ---------------------------------------------------------------------------------

void write_source(ImageWriter& out, const SourceRef& source) {
  out.text(source.file);
  out.number(source.where.line);
  out.number(source.where.column);
}

void write_conditions(ImageWriter& out, const Conditions& conditions) {
  out.number(conditions.size());
  for (const auto& [fact, condition] : conditions) {
    out.text(fact);
    out.texts(condition.values);
    out.flag(condition.versions.has_value());
    if (condition.versions)
      out.text(condition.versions->text);
  }
}

void write_anchor(ImageWriter& out, const std::optional<anchor::CompiledAnchor>& compiled) {
  out.flag(compiled.has_value());
  if (!compiled)
    return;
  const anchor::AnchorSpec& spec = compiled->spec();
  out.number(static_cast<std::size_t>(spec.kind));
  out.text(spec.pattern);
  out.text(spec.target);
  out.number(static_cast<std::size_t>(spec.language));
  out.text(spec.within);
  out.text(spec.within_group);
  out.texts(spec.commands);
  out.text(spec.arguments);
}

void write_edit(ImageWriter& out, const Edit& edit) {
  out.text(edit.name);
  out.texts(edit.files);
  out.number(static_cast<std::size_t>(edit.matches.kind));
  out.number(edit.matches.n);
  out.number(static_cast<std::size_t>(edit.action.kind));
  out.text(edit.action.text);
  out.text(edit.action.to);
  out.flag(edit.action.floor.has_value());
  if (edit.action.floor)
    out.text(edit.action.floor->text);
  out.text(edit.action.header);
  out.texts(edit.action.satisfied_by);
  write_anchor(out, edit.anchor);
  write_anchor(out, edit.applied);
  write_anchor(out, edit.upstream_fixed);
  write_source(out, edit.source);
}

void write_patchset(ImageWriter& out, const Patchset& p) {
  out.text(p.id);
  out.text(p.title);
  out.text(p.versions.text);
  out.text(p.why);
  out.texts(p.errors);
  out.texts(p.references);
  write_conditions(out, p.conditions);
  out.number(p.edits.size());
  for (const Edit& edit : p.edits)
    write_edit(out, edit);
  write_source(out, p.source);
}

void write_gate(ImageWriter& out, const Gate& g) {
  out.text(g.id);
  out.text(g.title);
  out.text(g.versions.text);
  out.flag(g.lifted_in.has_value());
  if (g.lifted_in)
    out.text(g.lifted_in->text);
  out.text(g.why);
  out.texts(g.errors);
  out.texts(g.references);
  write_conditions(out, g.conditions);
  write_source(out, g.source);
}

} // namespace

std::string write_catalog_image(const Catalog& catalog) {
  ImageWriter out;
  out.raw(k_magic);
  out.text(catalog.version);
  out.texts(catalog.export_macros);
  out.number(catalog.patchsets.size());
  for (const Patchset& p : catalog.patchsets)
    write_patchset(out, p);
  out.number(catalog.gates.size());
  for (const Gate& g : catalog.gates)
    write_gate(out, g);
  return out.take();
}

// --- reading ---------------------------------------------------------------------------------

namespace {

SourceRef read_source(ImageReader& in) {
  SourceRef source;
  source.file = in.text();
  source.where.line = in.number();
  source.where.column = in.number();
  return source;
}

std::optional<VersionSpecifier> read_specifier(ImageReader& in) {
  const std::string text = in.text();
  std::string error;
  std::size_t offset = 0;
  auto parsed = parse_specifier(text, &error, &offset);
  if (!parsed)
    in.fail();
  return parsed;
}

std::optional<Version> read_version(ImageReader& in) {
  auto parsed = parse_version(in.text());
  if (!parsed)
    in.fail();
  return parsed;
}

Conditions read_conditions(ImageReader& in) {
  Conditions conditions;
  for (std::size_t n = in.bounded(in.number()); n > 0 && !in.failed(); --n) {
    std::string fact = in.text();
    Condition condition;
    condition.values = in.texts();
    if (in.flag())
      condition.versions = read_specifier(in);
    conditions.emplace(std::move(fact), std::move(condition));
  }
  return conditions;
}

template <class Enum> Enum read_enum(ImageReader& in, Enum last) {
  const std::size_t v = in.number();
  if (v > static_cast<std::size_t>(last))
    in.fail();
  return static_cast<Enum>(v);
}

std::optional<anchor::CompiledAnchor> read_anchor(ImageReader& in,
                                                  const anchor::CompileOptions& options) {
  if (!in.flag())
    return std::nullopt;
  anchor::AnchorSpec spec;
  spec.kind = read_enum(in, anchor::Kind::cmake);
  spec.pattern = in.text();
  spec.target = in.text();
  spec.language = read_enum(in, anchor::Language::python);
  spec.within = in.text();
  spec.within_group = in.text();
  spec.commands = in.texts();
  spec.arguments = in.text();
  if (in.failed())
    return std::nullopt;
  auto compiled = anchor::CompiledAnchor::compile(spec, options);
  if (std::holds_alternative<anchor::CompileError>(compiled)) {
    in.fail();
    return std::nullopt;
  }
  return std::get<anchor::CompiledAnchor>(std::move(compiled));
}

Edit read_edit(ImageReader& in, const anchor::CompileOptions& options) {
  Edit edit;
  edit.name = in.text();
  edit.files = in.texts();
  edit.matches.kind = read_enum(in, MatchCount::Kind::at_least);
  edit.matches.n = in.number();
  edit.action.kind = read_enum(in, ActionKind::ensure_include);
  edit.action.text = in.text();
  edit.action.to = in.text();
  if (in.flag())
    edit.action.floor = read_version(in);
  edit.action.header = in.text();
  edit.action.satisfied_by = in.texts();
  edit.anchor = read_anchor(in, options);
  edit.applied = read_anchor(in, options);
  edit.upstream_fixed = read_anchor(in, options);
  edit.source = read_source(in);
  return edit;
}

Patchset read_patchset(ImageReader& in, const anchor::CompileOptions& options) {
  Patchset p;
  p.id = in.text();
  p.title = in.text();
  p.versions = read_specifier(in).value_or(VersionSpecifier{});
  p.why = in.text();
  p.errors = in.texts();
  p.references = in.texts();
  p.conditions = read_conditions(in);
  for (std::size_t n = in.bounded(in.number()); n > 0 && !in.failed(); --n)
    p.edits.push_back(read_edit(in, options));
  p.source = read_source(in);
  return p;
}

Gate read_gate(ImageReader& in) {
  Gate g;
  g.id = in.text();
  g.title = in.text();
  g.versions = read_specifier(in).value_or(VersionSpecifier{});
  if (in.flag())
    g.lifted_in = read_version(in);
  g.why = in.text();
  g.errors = in.texts();
  g.references = in.texts();
  g.conditions = read_conditions(in);
  g.source = read_source(in);
  return g;
}

} // namespace

std::optional<Catalog> read_catalog_image(std::string_view image,
                                          const anchor::CompileOptions& options) {
  ImageReader in(image);
  if (image.empty() || !in.expect(k_magic))
    return std::nullopt;
  Catalog catalog;
  catalog.version = in.text();
  catalog.export_macros = in.texts();
  anchor::CompileOptions with_macros = options;
  with_macros.export_macros = catalog.export_macros;
  for (std::size_t n = in.bounded(in.number()); n > 0 && !in.failed(); --n)
    catalog.patchsets.push_back(read_patchset(in, with_macros));
  for (std::size_t n = in.bounded(in.number()); n > 0 && !in.failed(); --n)
    catalog.gates.push_back(read_gate(in));
  if (in.failed() || !in.at_end())
    return std::nullopt;
  return catalog;
}

} // namespace tp::catalog
