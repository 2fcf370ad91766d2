#!/usr/bin/env bash
# Fetches the pinned tree-sitter runtime and grammars into grammars/node_modules with `npm ci`
# from the committed lock file, unless that lock file's packages are already there.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here/grammars"
if [ ! -f node_modules/.package-lock.json ] || ! cmp -s package-lock.json node_modules/.torchpatch-lock; then
  echo "setup: npm ci (tree-sitter runtime and grammars)"
  npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
  cp package-lock.json node_modules/.torchpatch-lock
fi
