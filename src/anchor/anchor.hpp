#pragma once
// Anchors: where an edit applies. Four kinds behind one factory:
//   regex  (RE2, multi-line, named groups),
//   syntax (a tree-sitter query on C, C++ or Python, predicates evaluated here, optionally
//           narrowed by a regex inside the target capture),
//   node   (a path of node types on the same parse trees, checked outwards from each occurrence
//           of the token it ends with: no query to compile; anchor/node_path.hpp),
//   cmake  (command invocations found by a cmake-language(7) lexer).
// Anchors work on normalized text (text::NormalizedText: no BOM, CRLF read as LF); every offset
// here is an offset into that text. A CompiledAnchor is immutable and safe to use from several
// threads at once.
#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "anchor/cmake_lexer.hpp"
#include "anchor/span.hpp"

namespace tp::anchor {

enum class Kind { regex, syntax, node, cmake };
enum class Language { c, cpp, python };

std::optional<Language> parse_language(std::string_view name); // "c" | "cpp" | "python"

// Whether anchors of `kind` search a file's parse tree (syntax and node anchors): they share its
// parse (SharedAnalysis), its parse-degraded rule and identifier-aware renames.
inline bool searches_parse_tree(Kind kind) {
  return kind == Kind::syntax || kind == Kind::node;
}

struct AnchorSpec {
  Kind kind = Kind::regex;
  // regex: an RE2 pattern; (?m) is implied. syntax: a tree-sitter query. node: a path.
  std::string pattern;
  // regex: a named group; syntax, node: a capture name (without '@'). Empty: the whole match
  // (syntax: the first capture of the pattern; node: the path's last node, its token).
  std::string target;
  Language language = Language::cpp; // syntax and node only
  std::string within;       // syntax and node only: optional RE2 searched inside the target
  std::string within_group; // syntax and node only: optional named group of `within`
  std::vector<std::string> commands; // cmake only: command names, case-insensitive
  // cmake only: optional RE2 that must match the whole argument list, written as the arguments'
  // own text (quotes and brackets kept) joined by single spaces: `SET CMP0025 OLD`. Its named
  // groups become the match's groups (mapped back to the file) and `target` may name one.
  std::string arguments;
};

// When a syntax anchor's tree-sitter query is compiled. Compiling a query against the C++
// grammar costs milliseconds (ts_query_new analyses it against the whole grammar), and most runs
// never reach most syntax anchors: their files are absent, filtered out or lack the prefilter
// literal.
enum class QueryCompilation {
  at_load,      // now: every problem is a CompileError (lint, `--catalog DIR`, tests)
  on_first_use, // at the first find(); for queries already known to compile (the embedded
                // catalog, which the build checks: src/check_embedded_catalog.cpp). A regex
                // anchor's RE2 is then compiled by its first search too (RegexAnchor::deferred).
};

class QueryPool; // anchor/query_pool.hpp

struct CompileOptions {
  // Identifiers blanked to spaces of equal length before C/C++ parsing (PyTorch export macros).
  std::vector<std::string> export_macros;
  QueryCompilation query_compilation = QueryCompilation::at_load;
  // With QueryCompilation::on_first_use: where the deferred queries of one catalog are compiled
  // together, one query per language (make_query_pool). None: each query on its own.
  std::shared_ptr<QueryPool> query_pool = nullptr;
};

// A pool for the deferred queries of one catalog's anchors (CompileOptions::query_pool).
std::shared_ptr<QueryPool> make_query_pool();

// Why a spec does not compile: `offset` is a byte offset into the spec's `pattern` (or `within`
// when `in_within`), so the caller can point at file:line:col of the patchset.
struct CompileError {
  std::string message;
  std::size_t offset = 0;
  bool in_within = false;
};

struct Match {
  Span whole;                         // the whole regex match / query match / invocation
  Span target;                        // what an action works on
  std::map<std::string, Span> groups; // named regex groups or query captures (first node each)
  std::optional<CmakeInvocation> invocation; // cmake anchors only
};

struct FindResult {
  std::vector<Match> matches;
  // Syntax and node anchors: the inspected region holds ERROR or MISSING nodes. `degraded_at` is
  // the offset of the first such node.
  bool parse_degraded = false;
  std::size_t degraded_at = 0;
};

// What the anchors that search one text share, worked out once for all of them: its CMake
// lexing and, per language, its parse tree. A file's edits are evaluated with one of these, so a
// catalog with more anchors on a file does not lex or parse it again. Bound to one text, which
// must outlive it; one thread at a time.
class SharedAnalysis {
public:
  explicit SharedAnalysis(std::string_view text);
  ~SharedAnalysis();
  SharedAnalysis(const SharedAnalysis&) = delete;
  SharedAnalysis& operator=(const SharedAnalysis&) = delete;

  std::string_view text() const { return m_text; }
  struct Cache; // anchor.cpp
  Cache& cache() const { return *m_cache; }

private:
  std::string_view m_text;
  std::unique_ptr<Cache> m_cache;
};

class CompiledAnchor {
public:
  // Compiles `spec`; on failure returns the error. Never throws. With
  // QueryCompilation::on_first_use a syntax anchor's query is only checked for what its
  // prefilter literal needs (and its `within` regex compiled); the query itself is compiled by
  // the first find(), once, whichever thread gets there first. A query that then fails to
  // compile ends the process with an internal error: on_first_use is for checked catalogs only.
  static std::variant<CompiledAnchor, CompileError> compile(const AnchorSpec& spec,
                                                            const CompileOptions& options);

  // All matches in `text` (normalized), in order of their start offset.
  FindResult find(std::string_view text) const;
  // The same in `shared.text()`, reusing (and filling) what other anchors worked out there.
  FindResult find(const SharedAnalysis& shared) const;

  // Does now, on the calling thread, what the first find() would otherwise start with: compile
  // a syntax query that QueryCompilation::on_first_use deferred. Nothing for other anchors or
  // when it is compiled already. Thread-safe: a find() meanwhile waits for it.
  void prepare() const;
  // False while a deferred query waits to be compiled (by prepare() or the first find()).
  bool is_prepared() const;
  // prepare(), and for a syntax or node anchor the parse of shared.text() that find(shared)
  // would start with, done now and kept in `shared` for every anchor on that text. So a file can
  // be parsed before its anchors are asked. Nothing more for regex and cmake anchors.
  void prepare(const SharedAnalysis& shared) const;

  // A literal that every match contains (case-folded when `prefilter_is_case_insensitive`),
  // for a quick memmem before any parsing. Empty when there is none.
  const std::string& prefilter_literal() const;
  bool prefilter_is_case_insensitive() const;

  const AnchorSpec& spec() const;

  struct Impl;
  explicit CompiledAnchor(std::shared_ptr<const Impl> impl) : m_impl(std::move(impl)) {}

private:
  std::shared_ptr<const Impl> m_impl;
};

// Every occurrence of identifier `name` in `text`: for C/C++/Python the identifier-like nodes
// (identifier, field_identifier, type_identifier, …) whose text is `name`, after export-macro
// blanking; never inside comments or string literals.
std::vector<Span> find_identifier_uses(Language language, std::string_view text,
                                       std::string_view name, const CompileOptions& options);

// Whole-word occurrences of `name` in `text` (for rename with a regex anchor).
std::vector<Span> find_word_occurrences(std::string_view text, std::string_view name);

} // namespace tp::anchor
