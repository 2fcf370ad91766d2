#!/usr/bin/env bash
# Compiles as clang-cl with Microsoft's STL would (the oracle of README.md), in the current folder:
#   bash tests/msvc-stl/clang-cl.sh [--stl TAG] [--] CLANG-CL-ARGUMENT...
# TAG: vs-2022-17.14 (default) or msvc-build-tools-14.50. Paths in the arguments are relative to
# the current folder (it is mounted at /w in the sid root), which must be writable. Runs as root
# (chroot); makes the sid root and the oracle once. Exit status: the compiler's.
set -uo pipefail
TP_REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$TP_REPO/tests/msvc-stl/lib.sh"
tag="$MS_DEFAULT_TAG"
while [ $# -gt 0 ]; do
  case "$1" in
  --stl) tag="${2:?--stl needs a tag}"; shift 2 ;;
  --) shift; break ;;
  *) break ;;
  esac
done
[ $# -gt 0 ] || { echo "usage: clang-cl.sh [--stl TAG] [--] CLANG-CL-ARGUMENT..." >&2; exit 2; }
tp_sid_root || exit 1
key="$(ms_prepare "$tag")" || exit 1
ms_compile "$key" "$PWD" "$(printf '%q ' "$@")"
