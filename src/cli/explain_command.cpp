// explain: which catalog patchsets fix the errors of a failing build log, whether they apply to
// this checkout, and the command to run; which gates explain them; and the error lines nothing in
// the catalog knows. Exit 0 when something matched, 1 when nothing did.
#include <CLI/CLI.hpp>
#include <iostream>
#include <iterator>
#include <memory>

#include "cli/commands.hpp"
#include "cli/json.hpp"
#include "platform/files.hpp"
#include "tools/explain.hpp"

namespace tp::cli {

namespace {

struct Applicability {
  bool known = false;
  std::string where;       // "PyTorch 2.0.1 (tag v2.0.1 at HEAD)"
  std::string why_unknown; // when !known
  std::map<std::string, const engine::PatchsetReport*> by_id;
  std::map<std::string, const engine::GateReport*> gate_by_id;
  engine::Plan plan;
  std::vector<std::string> fact_warnings; // a misspelt --fact
};

// Plans the matched patchsets against the checkout at -C, if there is one, without recovering
// a journal. Never prints.
Applicability check_checkout(const GlobalOptions& options, const catalog::Catalog& catalog,
                             const std::vector<std::string>& ids) {
  Applicability out;
  engine::CheckoutRequest request = checkout_request(options);
  request.plain_folder = engine::PlainFolder::as_given;
  request.outside_message = "not inside a git checkout, so whether they apply is unknown (run "
                            "explain inside the PyTorch checkout, or pass -C DIR)";
  auto planned =
      engine::plan_checkout(request, [&]() -> Result<const catalog::Catalog*> { return &catalog; },
                            {ids, engine::Recovery::leave});
  if (!planned) {
    out.why_unknown = planned.error().message();
    return out;
  }
  out.fact_warnings = std::move(planned->fact_warnings);
  out.known = true;
  out.plan = std::move(planned->plan);
  const engine::Checkout& checkout = planned->checkout;
  out.where = platform::display_path(checkout.root) + ", PyTorch " + checkout.version.version.text +
              " (" + checkout.version.source + ")";
  for (const auto& p : out.plan.patchsets)
    out.by_id[p.id] = &p;
  for (const auto& g : out.plan.gates)
    out.gate_by_id[g.id] = &g;
  return out;
}

std::string verdict(const engine::PatchsetReport& report) {
  switch (report.outcome) {
  case engine::Outcome::will_apply:
    return "applies";
  case engine::Outcome::already_applied:
    return "already applied here (the log may predate it)";
  case engine::Outcome::upstream_fixed:
    return "upstream's own fix is already here";
  case engine::Outcome::not_applicable:
    return "does not apply here: " + report.reason;
  case engine::Outcome::submodule_absent:
    return "its submodule is not initialised here (" + report.edits.front().repository + ")";
  default:
    break;
  }
  std::string first;
  for (const auto& e : report.edits)
    if (engine::is_conflict(e.outcome)) {
      first = " (" + e.edit + " " + e.file + ": " + e.message + ")";
      break;
    }
  return "conflicts here: " + std::string(engine::to_string(report.outcome)) + first;
}

void print_explain_json(const tools::ExplainReport& report, Applicability& here) {
  JsonWriter w;
  w.begin_object().key("matches").begin_array();
  for (const auto& m : report.matches) {
    w.begin_object().key("kind").value(m.gate ? "gate" : "patchset");
    w.key(m.gate ? "gate" : "patchset").value(m.patchset).key("title").value(m.title);
    w.key("error").value(m.error).key("line").value(m.line).key("occurrences").value(m.occurrences);
    if (m.gate && here.known && here.gate_by_id.count(m.patchset)) {
      const auto& g = *here.gate_by_id[m.patchset];
      w.key("outcome").value(engine::to_string(g.outcome)).key("reason").value(g.reason);
      w.key("lifted_in").value(g.lifted_in);
    } else if (!m.gate && here.known && here.by_id.count(m.patchset)) {
      w.key("outcome").value(engine::to_string(here.by_id[m.patchset]->outcome));
    } else {
      w.key("outcome").null();
    }
    if (!m.gate)
      w.key("command").value("torchpatch apply --only " + m.patchset);
    w.end_object();
  }
  w.end_array().key("unexplained").begin_array();
  for (const auto& u : report.unexplained)
    w.begin_object()
        .key("line")
        .value(u.line)
        .key("text")
        .value(u.text)
        .key("occurrences")
        .value(u.occurrences)
        .end_object();
  w.end_array();
  if (!report.matches.empty())
    w.key("checkout").value(here.known ? here.where : here.why_unknown);
  w.end_object();
  std::cout << w.str() << "\n";
}

// The lines under one match: what this checkout says of it, and what to run.
void print_match_here(const catalog::Catalog& catalog, const tools::ExplainMatch& m,
                      const Applicability& here) {
  if (!here.known) {
    std::cout << "  this checkout: " << here.why_unknown << "\n";
  } else if (m.gate) {
    if (auto it = here.gate_by_id.find(m.patchset); it != here.gate_by_id.end()) {
      const auto& g = *it->second;
      std::cout << "  this checkout: gate " << engine::to_string(g.outcome) << " (" << g.reason
                << ")\n";
      for (const auto& f : g.facts)
        std::cout << "    " << f.fact << " " << (f.value.empty() ? "unknown" : f.value)
                  << (f.source.empty() ? "" : " (" + f.source + ")") << "; the gate needs "
                  << f.expected << "\n";
    }
  } else if (auto it = here.by_id.find(m.patchset); it != here.by_id.end()) {
    std::cout << "  this checkout: " << verdict(*it->second) << "\n";
    if (engine::is_conflict(it->second->outcome))
      std::cout << "  see:   torchpatch apply --dry --only " << m.patchset << "\n";
  }
  if (m.gate)
    std::cout << "  no patch: "
              << (catalog.find_gate(m.patchset)->lifted_in
                      ? "use PyTorch " + catalog.find_gate(m.patchset)->lifted_in->text +
                            " or newer, or change the toolchain"
                      : std::string("change the toolchain"))
              << " (torchpatch show " << m.patchset << ")\n";
  else
    std::cout << "  run:   torchpatch apply --only " << m.patchset << "\n";
}

void print_unexplained(const std::vector<tools::UnexplainedError>& unexplained) {
  if (unexplained.empty())
    return;
  constexpr std::size_t k_shown = 20;
  std::cout << "\n" << unexplained.size() << " error line(s) that no patchset or gate knows:\n";
  for (std::size_t i = 0; i < unexplained.size() && i < k_shown; ++i) {
    const auto& u = unexplained[i];
    std::cout << "  log line " << u.line << ": " << u.text;
    if (u.occurrences > 1)
      std::cout << "  (" << u.occurrences << " times)";
    std::cout << "\n";
  }
  if (unexplained.size() > k_shown)
    std::cout << "  … and " << unexplained.size() - k_shown << " more (--format json lists all)\n";
}

void print_explain_text(const catalog::Catalog& catalog, const tools::ExplainReport& report,
                        const Applicability& here) {
  std::size_t patchsets = 0, gates = 0;
  for (const auto& m : report.matches)
    (m.gate ? gates : patchsets) += 1;
  if (report.matches.empty())
    std::cout << "no catalog patchset matches this log\n";
  else if (gates == 0)
    std::cout << patchsets << " catalog patchset(s) fix errors in this log\n";
  else
    std::cout << patchsets << " catalog patchset(s) fix errors in this log; " << gates
              << " gate(s) explain errors no patch fixes\n";
  for (const auto& m : report.matches) {
    std::cout << "\n"
              << (m.gate ? "gate " : "") << m.patchset << ": " << m.title << "\n"
              << "  log line " << m.line << ": " << m.log_line << "\n"
              << "  matches:    " << m.error << "\n";
    if (m.occurrences > 1)
      std::cout << "  (" << m.occurrences << " occurrences in the log)\n";
    print_match_here(catalog, m, here);
  }
  if (here.known)
    std::cout << "\nchecked against " << here.where << "\n";
  print_unexplained(report.unexplained);
}

int run_explain(const GlobalOptions& options, const std::filesystem::path& log_file) {
  std::string log;
  if (log_file == "-") {
    log.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
  } else {
    auto read = platform::read_file(log_file);
    if (!read)
      return fail_with(read.error());
    log = std::move(*read);
  }
  auto catalog = load_catalog(options);
  if (!catalog)
    return fail_with(catalog.error());
  auto report = tools::explain_log(*catalog, log);
  std::vector<std::string> ids;
  for (const auto& m : report.matches)
    ids.push_back(m.patchset);
  Applicability here;
  if (!report.matches.empty())
    here = check_checkout(options, *catalog, ids);
  print_fact_warnings(here.fact_warnings);
  if (options.format == Format::json)
    print_explain_json(report, here);
  else
    print_explain_text(*catalog, report, here);
  return to_int(report.matches.empty() ? ExitCode::conflict : ExitCode::ok);
}

} // namespace

Command setup_explain(CLI::App& app) {
  auto log_file = std::make_shared<std::filesystem::path>();
  auto* explain =
      app.add_subcommand("explain", "Which patchsets fix the errors in a failing build log");
  add_path_option(*explain, "LOGFILE", *log_file, "The build log ('-' for standard input)")
      ->required();
  return {explain,
          [log_file](const GlobalOptions& options) { return run_explain(options, *log_file); }};
}

} // namespace tp::cli
