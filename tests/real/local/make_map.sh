# Prints the map tests/real/build_tree.sh reads ("URL PATH" lines) for every submodule url that
# tests/real/local/repos.txt lists, finding each repository in the folder REPOS, laid out as
#   REPOS/<owner>+<name>/repo   (a snapshot of the fetch tool of this project's sessions), or
#   REPOS/<owner>/<name>.git    (`git clone --mirror URL REPOS/<owner>/<name>.git`).
# Owner/name is the second column of repos.txt (where a url moved, the repository to get). A url whose
# repository is not there is printed as a "# missing:" comment and the exit status is 1.
#   bash tests/real/local/make_map.sh REPOS >repos.map
set -u
repos="${1:?usage: bash tests/real/local/make_map.sh REPOS}"
list="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/repos.txt"
status=0
while read -r url name _; do
  case "$url" in '#'* | '') continue ;; esac
  found=""
  for d in "$repos/${name/\//+}/repo" "$repos/$name.git" "$repos/$name"; do
    [ -d "$d" ] && { found="$d"; break; }
  done
  if [ -z "$found" ] && [ -d "$repos" ]; then # owners' letter case differs between .gitmodules
    found="$(find "$repos" -maxdepth 1 -iname "${name/\//+}" -print -quit)"
    [ -n "$found" ] && found="$found/repo"
  fi
  if [ -n "$found" ]; then echo "$url $(cd "$found" && pwd)"; else echo "# missing: $url ($name)"; status=1; fi
done <"$list"
exit $status
