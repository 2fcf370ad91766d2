# Makes every local tree of tests/real/local/trees.txt that TREES lacks, as TREES/vVERSION, from
# the repositories in REPOS (see make_map.sh; the PyTorch forks are looked up the same way) and
# Debian's orig tarballs (tests/real/get_trees.sh downloads them once). Then
#   TP_REAL_TREES=TREES ctest --test-dir build -L real-local     (configured with TP_REAL_TREES set)
#   bash tests/real/local/build_all.sh REPOS TREES [VERSION...]
# Takes 5 - 10 minutes a tree on a busy 2-core machine (the checkouts; objects are hard-linked).
set -u
repos="${1:?usage: bash tests/real/local/build_all.sh REPOS TREES [VERSION...]}"
trees="${2:?usage: bash tests/real/local/build_all.sh REPOS TREES [VERSION...]}"
shift 2
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mkdir -p "$trees" && trees="$(cd "$trees" && pwd)" || exit 1
map="$trees/repos.map"
bash "$here/make_map.sh" "$repos" >"$map" || { grep '^# missing' "$map" >&2; echo "build_all: repositories missing (above)" >&2; exit 1; }
failed=0
while read -r version source commit overrides; do
  case "$version" in '#'* | '') continue ;; esac
  [ $# -eq 0 ] || printf '%s\n' "$@" | grep -qxF "$version" || continue
  if [ -d "$trees/v$version" ]; then echo "build_all: $trees/v$version exists, kept"; continue; fi
  repo=debian
  if [ "$source" != debian ]; then
    for d in "$repos/${source/\//+}/repo" "$repos/$source.git" "$repos/$source"; do [ -d "$d" ] && { repo="$d"; break; }; done
    [ "$repo" != debian ] || { echo "build_all: v$version: $source is not in $repos" >&2; failed=1; continue; }
  fi
  # shellcheck disable=SC2086 # the overrides are words
  if bash "$here/../build_tree.sh" "$map" "$version" "$trees/v$version" "$repo" "$commit" $overrides >"$trees/build-v$version.log" 2>&1; then
    echo "build_all: made $trees/v$version ($(grep -c '^ ' "$trees/build-v$version.log") submodules; log $trees/build-v$version.log)"
  else
    echo "build_all: v$version failed; see $trees/build-v$version.log" >&2; tail -n 5 "$trees/build-v$version.log" >&2
    failed=1
  fi
done <"$here/trees.txt"
exit $failed
