#!/usr/bin/env bash
# bench/limit_proxy.sh [--command] CHECKOUT: the limit proxy of issue #16, what any tool that
# patches the catalog's files cannot avoid: list the checkout's files with git (submodules
# included), keep those the catalog's globs select, read them whole.
#
#   git ls-files --recurse-submodules -z | limit_proxy GLOBS
#
# limit_proxy is bench/limit_proxy.c, built with `cc` on first use; GLOBS holds the `files` of
# every patchset in patchsets/*.toml, one a line. Both go to $TP_BENCH_DIR (default /tmp/tp-bench).
# --command prepares them and prints the pipeline (what bench/run.sh times) instead of running it.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(dirname "$here")"
print_only=0
if [ "${1:-}" = "--command" ]; then print_only=1; shift; fi
[ $# -eq 1 ] || { echo "usage: bench/limit_proxy.sh [--command] CHECKOUT" >&2; exit 2; }
checkout="$(cd "$1" && pwd)"
work="${TP_BENCH_DIR:-/tmp/tp-bench}"
mkdir -p "$work"

bin="$work/limit_proxy"
if [ ! -x "$bin" ] || [ "$here/limit_proxy.c" -nt "$bin" ]; then
  cc -O2 -o "$bin" "$here/limit_proxy.c"
fi
globs="$work/catalog-globs.txt"
python3 - "$repo/patchsets" >"$globs.tmp" <<'PY'
import pathlib, sys, tomllib
globs = set()
for f in sorted(pathlib.Path(sys.argv[1]).glob("*.toml")):
    doc = tomllib.loads(f.read_text(encoding="utf-8"))
    for edit in doc.get("edits", []):
        globs.update(edit.get("files", []))
print("\n".join(sorted(globs)))
PY
mv "$globs.tmp" "$globs"

command="cd $(printf '%q' "$checkout") && git ls-files --recurse-submodules -z | $(printf '%q' "$bin") $(printf '%q' "$globs")"
if [ "$print_only" -eq 1 ]; then
  printf '%s\n' "$command"
else
  eval "$command"
fi
