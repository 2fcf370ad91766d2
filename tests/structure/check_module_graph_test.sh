#!/usr/bin/env bash
# The module-graph check (scripts/check_module_graph.py) on copies of src/ and ARCHITECTURE.md,
# each broken in one way: it must pass the copy as it is, and name each break at its file:line.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
script="$here/scripts/check_module_graph.py"
command -v python3 >/dev/null || { echo "FAIL python3 not found"; exit 1; }
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
failed=0

fresh() { rm -rf "$tmp/t"; mkdir -p "$tmp/t"; cp -R "$here/src" "$here/tests" "$here/fuzz" "$here/ARCHITECTURE.md" "$tmp/t/"; }
check() { python3 "$script" --root "$tmp/t" >"$tmp/out" 2>&1; }
# expect_problem WHAT TEXT: the check fails and says TEXT.
expect_problem() {
  if check; then
    echo "FAIL $1: the check passed"; failed=$((failed + 1))
  elif ! grep -qF -- "$2" "$tmp/out"; then
    echo "FAIL $1: expected '$2' in:"; sed 's/^/    /' "$tmp/out"; failed=$((failed + 1))
  else
    echo "ok   $1: $2"
  fi
}
# The first line of FILE (under the copy's src/) that matches PATTERN, as a number.
line_of() { grep -n -m1 -- "$2" "$tmp/t/src/$1" | cut -d: -f1; }

fresh
if check; then echo "ok   the tree as it is passes: $(tail -1 "$tmp/out")"; else
  echo "FAIL the tree as it is:"; sed 's/^/    /' "$tmp/out"; failed=$((failed + 1)); fi

fresh
sed -i '1a #include "repo/repository.hpp"' "$tmp/t/src/txn/journal.cpp"
expect_problem "a .cpp includes a module its folder does not link" \
  'src/txn/journal.cpp:2: includes "repo/repository.hpp", but tp_txn does not link tp_repo'

fresh
sed -i '1a #include "edit/actions.hpp"' "$tmp/t/src/engine/plan.hpp"
expect_problem "a header includes a module linked PRIVATE" \
  'src/engine/plan.hpp:2: the header includes "edit/actions.hpp", so tp_engine must link tp_edit PUBLIC'

fresh
sed -i 's/^\(tp_module(txn .*DEPS tp_base tp_platform\))/\1 PRIVATE_DEPS tp_repo)/' "$tmp/t/src/CMakeLists.txt"
expect_problem "a module linked but included nowhere" \
  "src/CMakeLists.txt:$(line_of CMakeLists.txt '^tp_module(txn'): tp_txn links tp_repo, but no file in src/txn/ includes it"

fresh
sed -i 's/DEPS tp_base tp_catalog tp_engine tp_txn PRIVATE_DEPS tp_edit tp_tools tp_platform tp_repo/DEPS tp_base tp_catalog tp_engine tp_txn tp_repo PRIVATE_DEPS tp_edit tp_tools tp_platform/' \
  "$tmp/t/src/CMakeLists.txt"
expect_problem "a module linked PUBLIC that only .cpp files include" \
  'tp_cli links tp_repo PUBLIC, but only its .cpp files include it (move it to PRIVATE_DEPS)'

fresh
sed -i '1a #include <git2.h>' "$tmp/t/src/txn/journal.cpp"
expect_problem "a third-party header outside the folder that links it" \
  'src/txn/journal.cpp:2: includes <git2.h> from tp_libgit2, which tp_txn does not link'

fresh
mkdir "$tmp/t/src/extra"; printf '#include "engine/plan.hpp"\n' >"$tmp/t/src/extra/extra.cpp"
expect_problem "a folder of sources that is no module" 'src/extra/: a folder of sources with no tp_module(extra ...)'

# A new module: the graph comes from src/CMakeLists.txt, so only ARCHITECTURE.md is stale until
# --write-architecture rewrites its block.
printf 'tp_module(extra SOURCES extra/extra.cpp PRIVATE_DEPS tp_engine)\n' >>"$tmp/t/src/CMakeLists.txt"
expect_problem "a new module makes ARCHITECTURE.md's table stale" \
  "ARCHITECTURE.md: the module graph block is not the graph of src/CMakeLists.txt"
python3 "$script" --root "$tmp/t" --write-architecture
if check && grep -qF '| 5 | `extra` | — | engine |' "$tmp/t/ARCHITECTURE.md"; then
  echo "ok   --write-architecture adds the new module to the table, and the check passes"
else
  echo "FAIL after --write-architecture:"; sed 's/^/    /' "$tmp/out"; failed=$((failed + 1))
fi

fresh
sed -i '1a #include "cli/main.hpp"' "$tmp/t/src/base/diagnostic.hpp"
sed -i 's/^tp_module(base SOURCES \([^)]*\))/tp_module(base SOURCES \1 DEPS tp_cli)/' "$tmp/t/src/CMakeLists.txt"
expect_problem "a cycle" 'src/CMakeLists.txt: the modules form a cycle: base -> cli -> base'

fresh
# Whatever repo's row says today, a link it does not have is a hand edit.
sed -i 's/^\(| [0-9]* | `repo` | \)/\1text, /' "$tmp/t/ARCHITECTURE.md"
grep -q '| `repo` | text, ' "$tmp/t/ARCHITECTURE.md" || { echo "FAIL the hand edit of repo's row did not take"; failed=$((failed + 1)); }
expect_problem "ARCHITECTURE.md's table edited by hand" "ARCHITECTURE.md: the module graph block is not the graph"

# The test binaries and fuzz targets: each links the modules its files include, itself.
fresh
sed -i 's/^\(target_link_libraries(tp_unit_tests PRIVATE .*\) tp_repo /\1 /' "$tmp/t/tests/CMakeLists.txt"
expect_problem "a unit test includes a module its binary does not link" \
  "but tp_unit_tests does not link tp_repo (tests/CMakeLists.txt:$(grep -n -m1 'target_link_libraries(tp_unit_tests' "$tmp/t/tests/CMakeLists.txt" | cut -d: -f1))"

fresh
sed -i '1a #include "engine/plan.hpp"' "$tmp/t/tests/e2e/checkout.hpp"
expect_problem "a header of the e2e tests includes a module only reachable through tp_cli's PUBLIC links" \
  'tests/e2e/checkout.hpp:2: includes "engine/plan.hpp", but tp_e2e_tests does not link tp_engine'

fresh
sed -i 's/^tp_fuzz_target(cmake_lexer LIBS tp_anchor)/tp_fuzz_target(cmake_lexer LIBS tp_anchor tp_repo)/' "$tmp/t/fuzz/CMakeLists.txt"
expect_problem "a fuzz target links a module none of its files includes" \
  "fuzz/CMakeLists.txt:$(grep -n -m1 '^tp_fuzz_target(cmake_lexer' "$tmp/t/fuzz/CMakeLists.txt" | cut -d: -f1): fuzz_cmake_lexer links tp_repo, but none of its files includes it"

fresh
sed -i '1a #include <re2/re2.h>' "$tmp/t/fuzz/version_fuzz.cpp"
expect_problem "a fuzz target includes a third-party header it does not link" \
  'fuzz/version_fuzz.cpp:2: includes <re2/re2.h> from tp_re2, which fuzz_version does not link'

echo "check_module_graph_test: $([ "$failed" -eq 0 ] && echo passed || echo "$failed FAILED")"
[ "$failed" -eq 0 ]
