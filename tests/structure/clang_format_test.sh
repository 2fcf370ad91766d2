#!/usr/bin/env bash
# The house style (.clang-format) holds: clang-format (Debian 12's, version 14, installed by
# scripts/setup.sh) in dry-run mode with -Werror over every C++ and C file of src/, tests/, fuzz/
# and bench/ (not tests/catalogs/, whose files are patchset case data). Reformat with:
#   bash tests/structure/clang_format_test.sh --fix
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
tool="${TP_CLANG_FORMAT:-}"
if [ -z "$tool" ]; then
  for candidate in clang-format-14 clang-format; do
    command -v "$candidate" >/dev/null && { tool="$candidate"; break; }
  done
fi
[ -n "$tool" ] || { echo "FAIL clang-format not found (scripts/setup.sh installs Debian 12's clang-format)"; exit 1; }
version="$("$tool" --version)"
# Another major version formats some constructs differently: the style is pinned to one.
case "$version" in
  *"version 14."*) ;;
  *) echo "FAIL $tool is not clang-format 14 (Debian 12's): $version"; exit 1 ;;
esac
cd "$here"
mapfile -d '' files < <(find src tests fuzz bench -path tests/catalogs -prune -o -type f \
  \( -name '*.cpp' -o -name '*.hpp' -o -name '*.c' -o -name '*.h' \) -print0 | LC_ALL=C sort -z)
[ "${#files[@]}" -gt 100 ] || { echo "FAIL only ${#files[@]} files found under src/ tests/ fuzz/ bench/"; exit 1; }
if [ "${1:-}" = "--fix" ]; then
  "$tool" -i --style=file "${files[@]}"
  echo "clang_format: reformatted ${#files[@]} files"
  exit 0
fi
if ! "$tool" --dry-run -Werror --style=file "${files[@]}" 2>"${TMPDIR:-/tmp}/clang_format.$$"; then
  grep -E '^[^ ].*: error:' "${TMPDIR:-/tmp}/clang_format.$$" | cut -d: -f1 | sort -u |
    sed 's/^/FAIL not formatted: /'
  head -40 "${TMPDIR:-/tmp}/clang_format.$$"
  rm -f "${TMPDIR:-/tmp}/clang_format.$$"
  echo "clang_format: run: bash tests/structure/clang_format_test.sh --fix"
  exit 1
fi
rm -f "${TMPDIR:-/tmp}/clang_format.$$"
echo "clang_format: ${#files[@]} files formatted as .clang-format says"
