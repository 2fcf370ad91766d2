#include "tools/lint.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "catalog/glob.hpp"
#include "engine/plan.hpp"
#include "engine/tree_source.hpp"
#include "tools/case_runner.hpp"

namespace tp::tools {

namespace {

// ---- helpers ---------------------------------------------------------------------------------

std::string location(const std::string& file, LineCol where) {
  return file + ":" + std::to_string(where.line) + ":" + std::to_string(where.column);
}

// The offset of `key = ` at the start of a line in `text`, if there is one.
std::optional<std::size_t> key_offset(std::string_view text, std::string_view key) {
  std::size_t at = 0;
  while (at < text.size()) {
    auto line = text.substr(at, text.find('\n', at) - at);
    if (line.substr(0, key.size()) == key && line.size() > key.size() &&
        (line[key.size()] == ' ' || line[key.size()] == '='))
      return at;
    auto nl = text.find('\n', at);
    if (nl == std::string_view::npos)
      break;
    at = nl + 1;
  }
  return std::nullopt;
}

// Where `pattern` is written in the `files` list of the edit starting on `edit_line`.
std::size_t pattern_offset(std::string_view text, std::size_t edit_line, std::string_view pattern) {
  std::size_t from = offset_of_line(text, edit_line);
  for (char quote : {'"', '\''}) {
    std::string quoted = quote + std::string(pattern) + quote;
    auto found = text.find(quoted, from);
    if (found != std::string_view::npos)
      return found;
  }
  return from;
}

struct EditSite {
  const catalog::Patchset* patchset;
  const catalog::Edit* edit;
};

// The first of `edit`'s `files` that selects `path`.
const std::string& pattern_selecting(const catalog::Edit& edit, const std::string& path) {
  for (const auto& f : edit.files)
    if (catalog::glob_match(f, path))
      return f;
  return edit.files.front(); // the plan selected `path` through one of them
}

// Where a case file shows two edits touching the same bytes.
struct Witness {
  std::string case_file; // cases/<id>/<case>/{before,after}/<path>
  std::string path;      // <path>
  LineCol where;
};

// The catalog under lint, and the diagnostics found so far.
class Linter {
public:
  Linter(const catalog::Catalog& catalog, LintReport& report)
      : m_catalog(catalog), m_report(report) {}

  std::string_view text_of(const std::string& path) const {
    auto it = m_catalog.files.find(path);
    return it == m_catalog.files.end() ? std::string_view() : std::string_view(it->second);
  }

  void add(const std::string& file, std::size_t offset, std::string message) {
    m_report.diagnostics.push_back(Diagnostic::at(file, text_of(file), offset, std::move(message)));
  }

  // What `show` and `explain` need of a patchset or gate: references and error messages.
  void check_documented(std::string_view kind, const std::string& id, const std::string& file,
                        const std::vector<std::string>& references,
                        const std::vector<std::string>& errors, std::string_view references_are) {
    std::string_view text = text_of(file);
    std::size_t id_at = key_offset(text, "id").value_or(0);
    if (references.empty())
      add(file, key_offset(text, "references").value_or(id_at),
          std::string(kind) + " '" + id + "' has no references (" + std::string(references_are) +
              ")");
    if (errors.empty())
      add(file, key_offset(text, "errors").value_or(id_at),
          std::string(kind) + " '" + id +
              "' has no error messages (what users see, verbatim; "
              "`torchpatch explain` matches build logs against them)");
  }

  // 0. Gates: what `explain` needs, and a lifted_in that really lifts it.
  void check_gates() {
    m_report.gates = m_catalog.gates.size();
    for (const auto& g : m_catalog.gates) {
      check_documented("gate", g.id, g.source.file, g.references, g.errors,
                       "where the incompatibility is documented");
      std::string_view text = text_of(g.source.file);
      if (g.lifted_in && g.versions.contains(*g.lifted_in))
        add(g.source.file,
            key_offset(text, "lifted_in").value_or(key_offset(text, "id").value_or(0)),
            "gate '" + g.id + "': lifted_in " + g.lifted_in->text + " is inside its own versions " +
                g.versions.text);
    }
  }

  // 1. What a user of `show` and `explain` needs; TODO markers left by `torchpatch new`.
  void check_patchsets() {
    for (const auto& p : m_catalog.patchsets) {
      m_report.edits += p.edits.size();
      check_documented("patchset", p.id, p.source.file, p.references, p.errors,
                       "upstream issues or pull requests, and how its version range was found");
      check_todos(p);
    }
  }

  void check_todos(const catalog::Patchset& p) {
    std::string_view text = text_of(p.source.file);
    auto has_todo = [](const std::vector<std::string>& values) {
      return std::any_of(values.begin(), values.end(),
                         [](const std::string& v) { return v.find("TODO") != std::string::npos; });
    };
    auto versions_at = key_offset(text, "versions");
    bool versions_todo =
        versions_at && line_containing(text, *versions_at).find("TODO") != std::string_view::npos;
    const std::pair<std::string_view, bool> todo_fields[] = {
        {"title", p.title.find("TODO") != std::string::npos},
        {"versions", versions_todo},
        {"why", p.why.find("TODO") != std::string::npos},
        {"errors", has_todo(p.errors)},
        {"references", has_todo(p.references)}};
    for (auto [key, todo] : todo_fields) {
      auto at = key_offset(text, key);
      if (!todo || !at)
        continue;
      auto marker = text.find("TODO", *at);
      add(p.source.file, marker == std::string_view::npos ? *at : marker,
          "'" + std::string(key) + "' of patchset '" + p.id + "' still holds a TODO marker");
    }
  }

  // 2. Cases: each loads, names a known patchset, and the will-apply ones cover every edit.
  // Returns the runnable cases, for rule 3.
  std::vector<const catalog::Case*> check_cases(const std::vector<catalog::Case>& cases) {
    std::set<std::pair<std::string, std::string>> covered; // (patchset, edit)
    std::set<std::string> with_cases;
    std::vector<const catalog::Case*> trees;
    m_report.cases = cases.size();
    for (const auto& c : cases) {
      with_cases.insert(c.patchset);
      m_report.diagnostics.insert(m_report.diagnostics.end(), c.problems.begin(), c.problems.end());
      if (!m_catalog.find(c.patchset)) {
        if (!m_catalog.files.count(c.patchset + ".toml")) // else it did not load: reported above
          add(c.toml_path, 0, "no patchset '" + c.patchset + "' in the catalog for this case");
        continue;
      }
      if (!c.runnable())
        continue;
      trees.push_back(&c);
      if (c.outcome == engine::to_string(engine::Outcome::will_apply))
        cover(c, covered);
    }
    report_uncovered(covered, with_cases);
    return trees;
  }

  // The edits the will-apply case `c` plans as will-apply.
  void cover(const catalog::Case& c, std::set<std::pair<std::string, std::string>>& covered) const {
    engine::PlanOptions options;
    options.only = {c.patchset};
    options.threads = 1;
    options.facts = c.facts;
    engine::MemoryTreeSource tree(c.before);
    auto plan = engine::plan_patchsets(m_catalog, tree, {c.version, "case.toml"}, options);
    if (!plan)
      return; // in-memory trees do not fail
    for (const auto& ps : plan->patchsets)
      for (const auto& e : ps.edits)
        if (e.outcome == engine::Outcome::will_apply)
          covered.insert({ps.id, e.edit});
  }

  void report_uncovered(const std::set<std::pair<std::string, std::string>>& covered,
                        const std::set<std::string>& with_cases) {
    for (const auto& p : m_catalog.patchsets)
      for (const auto& e : p.edits) {
        if (covered.count({p.id, e.name}))
          continue;
        std::size_t offset = offset_of_line(text_of(p.source.file), e.source.where.line);
        add(p.source.file, offset,
            with_cases.count(p.id)
                ? "edit '" + e.name + "' of " + p.id + " is not exercised by any case: no " +
                      "will-apply case under cases/" + p.id + "/ plans it as will-apply"
                : "edit '" + e.name + "' of " + p.id + " is not exercised by any case: " + p.id +
                      " has no case (add cases/" + p.id +
                      "/<name>/ with case.toml, before/ and after/)");
      }
  }

  // 3. Edits of different patchsets that touch the same bytes of a case file. Patterns that can
  // select a common file are not enough: most such pairs edit different regions (a CMake-wide
  // edit and one line of one CMakeLists.txt), and the plan reports a real overlap anyway. What
  // shows one is the engine's own plan of a case tree: every case's before/ and after/ (any
  // patchset's: a file one patchset's case holds is a file the others meet in a checkout),
  // planned with the whole catalog at the case's version and facts, as a checkout of that
  // version would be. Pairs that never meet in a planned case file are not reported.
  void check_overlaps(const std::vector<const catalog::Case*>& trees) {
    std::vector<EditSite> sites;
    std::map<std::pair<std::string, std::string>, std::size_t> site_of; // (patchset, edit) -> index
    for (const auto& p : m_catalog.patchsets)
      for (const auto& e : p.edits) {
        site_of[{p.id, e.name}] = sites.size();
        sites.push_back({&p, &e});
      }
    std::map<std::pair<std::size_t, std::size_t>, Witness> shown; // first witness of each pair
    for (const catalog::Case* t : trees)
      for (std::string_view side : {"before", "after"})
        find_overlaps(*t, side, site_of, shown);
    for (const auto& [pair, witness] : shown)
      report_overlap(sites[pair.first], sites[pair.second], witness);
  }

  void find_overlaps(const catalog::Case& t, std::string_view side,
                     const std::map<std::pair<std::string, std::string>, std::size_t>& site_of,
                     std::map<std::pair<std::size_t, std::size_t>, Witness>& shown) const {
    const auto& side_files = side == "before" ? t.before : t.after;
    if (side_files.empty())
      return;
    engine::PlanOptions options;
    options.facts = t.facts;
    options.threads = 1;
    engine::MemoryTreeSource tree(side_files);
    auto plan = engine::plan_patchsets(m_catalog, tree, {t.version, "case.toml"}, options);
    if (!plan)
      return; // in-memory trees do not fail
    for (const auto& o : plan->overlaps) {
      if (o.patchset_a == o.patchset_b)
        continue; // one patchset's own edits: its cases fail in `torchpatch test`
      auto a = site_of.find({o.patchset_a, o.edit_a}), b = site_of.find({o.patchset_b, o.edit_b});
      if (a == site_of.end() || b == site_of.end())
        continue;
      auto key = std::minmax(a->second, b->second);
      std::string case_dir = t.toml_path.substr(0, t.toml_path.rfind('/') + 1);
      shown.try_emplace({key.first, key.second},
                        Witness{case_dir + std::string(side) + "/" + o.file, o.file, o.where});
    }
  }

  void report_overlap(const EditSite& sa, const EditSite& sb, const Witness& witness) {
    const std::string& fa = pattern_selecting(*sa.edit, witness.path);
    const std::string& fb = pattern_selecting(*sb.edit, witness.path);
    std::string_view text_b = text_of(sb.patchset->source.file);
    std::size_t at_b = pattern_offset(text_b, sb.edit->source.where.line, fb);
    std::string where_b = location(sb.patchset->source.file, line_col_at(text_b, at_b));
    std::string how =
        fa == fb ? "both select '" + fa + "'" : "'" + fa + "' and '" + fb + "' both select it";
    add(sa.patchset->source.file,
        pattern_offset(text_of(sa.patchset->source.file), sa.edit->source.where.line, fa),
        "edit '" + sa.edit->name + "' of " + sa.patchset->id + " touches the same bytes as edit '" +
            sb.edit->name + "' of " + sb.patchset->id + " (" + where_b + ") in case file " +
            location(witness.case_file, witness.where) + ": " + how);
  }

private:
  const catalog::Catalog& m_catalog;
  LintReport& m_report;
};

} // namespace

LintReport lint_catalog(catalog::CatalogFiles files, std::string origin) {
  LintReport report;
  auto loaded = catalog::load_catalog(std::move(files), std::move(origin));
  report.diagnostics = std::move(loaded.diagnostics);
  const catalog::Catalog& catalog = loaded.catalog;
  report.patchsets = catalog.patchsets.size();
  Linter linter(catalog, report);
  linter.check_gates();
  linter.check_patchsets();
  const auto cases = load_cases(catalog);
  const std::vector<const catalog::Case*> trees = linter.check_cases(cases);
  linter.check_overlaps(trees);
  return report;
}

} // namespace tp::tools
