# A whole PyTorch release tree for maintainers, laid out as `git clone --recursive --branch vX`
# lays it out: the release commit checked out (detached) and tagged vX, every submodule a true
# submodule (gitfile, git dir under .git/modules/) at its gitlink, nested ones included.
# Nothing is downloaded: the PyTorch repository and every submodule repository are local
# (bare clones or snapshots), named by a map file. See tests/real/README.md ("Local trees").
#
#   bash tests/real/build_tree.sh MAP VERSION DIR REPO COMMIT [PATH=COMMIT|PATH=absent...]
#       DIR becomes a clone of the local git repository REPO at COMMIT, tagged vVERSION
#   bash tests/real/build_tree.sh MAP VERSION DIR debian - [PATH=COMMIT|PATH=absent...]
#       DIR becomes Debian's orig tarball of VERSION as tests/real/get_trees.sh makes it (gitlinks
#       from tests/real/submodules/vVERSION.txt), then its submodules are filled the same way
#   Further arguments PATH=COMMIT set a gitlink before the submodules are filled (Debian trees
#   whose pins were not established), PATH=absent leaves that submodule uninitialised (its
#   repository or pin cannot be had); both are printed.
#   MAP  lines "URL PATH": the local repository for each submodule url (a .gitmodules url as
#        written, with or without ".git"); '#' starts a comment. `git submodule update` reads it
#        through url.PATH.insteadOf=URL, so nested submodules are found the same way.
#
# Fails, naming what is missing, when a repository or a pinned commit cannot be had; it never
# leaves a submodule silently uninitialised. The last lines are `git submodule status --recursive`.
set -u
TP_REAL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

# The -c arguments that send every url of MAP to its local repository.
tp_tree_url_config() {
  local map="$1" url path
  while read -r url path; do
    case "$url" in '#'* | '') continue ;; esac
    [ -d "$path" ] || { echo "build_tree: $path (for $url) is not a folder" >&2; return 1; }
    url="${url%.git}"
    # The longer key wins in insteadOf, so "URL.git" maps to PATH, not to PATH.git.
    printf '%s\n' "-c" "url.$path.insteadOf=$url" "-c" "url.$path.insteadOf=$url.git" "-c" "url.$path.insteadOf=$url/"
  done <"$map"
}

# The paths of COMMIT's tree whose blobs REPO lacks (a snapshot can leave out its largest files).
tp_tree_missing_blobs() { # REPO COMMIT
  local listing missing
  listing="$(git -C "$1" ls-tree -r --format='%(objecttype) %(objectname) %(path)' "$2" | grep '^blob ')" || return 0
  missing="$(cut -d' ' -f2 <<<"$listing" | git -C "$1" cat-file --batch-check | awk '$2 == "missing" { print $1 }')"
  [ -z "$missing" ] || grep -F -f <(sed 's/$/ /' <<<"$missing") <<<"$listing" | cut -d' ' -f3-
}

# Checks out COMMIT in the git work tree DIR; blobs its repository lacks are left out through a
# sparse checkout (skip-worktree), each named on stderr, so that `git status` stays clean.
tp_tree_checkout() { # DIR COMMIT
  local dir="$1" commit="$2" missing
  missing="$(tp_tree_missing_blobs "$dir" "$commit")"
  if [ -n "$missing" ]; then
    printf 'build_tree: %s: not in the repository, left out (sparse checkout): %s\n' "$dir" "$missing" | tr '\n' ' ' >&2; echo >&2
    local gitdir
    gitdir="$(git -C "$dir" rev-parse --absolute-git-dir)" && mkdir -p "$gitdir/info" || return 1
    git -C "$dir" config core.sparseCheckout true
    { echo '/*'; printf '%s\n' "$missing" | sed 's|^|!/|'; } >"$gitdir/info/sparse-checkout"
  fi
  git -C "$dir" -c advice.detachedHead=false checkout -q --detach "$commit"
}

tp_tree_clone() { # REPO COMMIT VERSION DIR
  local repo="$1" commit="$2" version="$3" dir="$4"
  git -C "$repo" cat-file -e "$commit^{commit}" 2>/dev/null ||
    { echo "build_tree: commit $commit is not in $repo" >&2; return 1; }
  git clone -q --no-checkout "$repo" "$dir" && tp_tree_checkout "$dir" "$commit" &&
    git -C "$dir" tag "v$version" "$commit"
}

# Initialises every submodule of DIR at its gitlink, then recurses into each. A checkout that
# fails only because the repository lacks some blobs is redone without them (tp_tree_checkout).
tp_tree_fill() { # DIR CONFIG...
  local dir="$1" line path pin sub
  shift
  [ -f "$dir/.gitmodules" ] || return 0
  git -C "$dir" "$@" submodule init -q || return 1
  while IFS= read -r line; do
    pin="${line:1:40}" path="$(echo "${line:42}" | sed 's/ (.*)$//')" sub="$dir/$path"
    if printf '%s\n' "${TP_TREE_ABSENT:-}" | grep -qxF -- "${sub#"$TP_TREE_TOP/"}"; then
      echo "build_tree: left uninitialised as asked: ${sub#"$TP_TREE_TOP/"}" >&2
      continue
    fi
    if [ "${line:0:1}" != " " ]; then
      if ! git -C "$dir" -c protocol.file.allow=always "$@" submodule update -q -- "$path"; then
        [ -e "$sub/.git" ] && [ -n "$(tp_tree_missing_blobs "$sub" "$pin")" ] ||
          { echo "build_tree: $sub: cannot be had at $pin (url missing from the map, or the pin is not in its repository)" >&2; return 1; }
        tp_tree_checkout "$sub" "$pin" || return 1
      fi
    fi
    tp_tree_fill "$sub" "$@" || return 1
  done < <(git -C "$dir" submodule status)
}

tp_tree_submodules() { # DIR MAP
  local dir="$1" map="$2" config=()
  mapfile -t config < <(tp_tree_url_config "$map") || return 1
  [ ${#config[@]} -gt 0 ] || { echo "build_tree: $map names no repository" >&2; return 1; }
  # protocol.file.allow: git refuses local submodule urls by default (CVE-2022-39253).
  tp_tree_fill "$dir" "${config[@]}" || return 1
  local bad
  bad="$(cd "$dir" && git submodule status --recursive | grep -v '^ ' |
    awk -v absent="${TP_TREE_ABSENT:-}" 'BEGIN { n = split(absent, a, "\n"); for (i = 1; i <= n; i++) skip[a[i]] = 1 }
      { if (!(substr($0, 1, 1) == "-" && ($2 in skip))) print }')"
  [ -z "$bad" ] || { echo "build_tree: submodules not at their gitlinks:" >&2; echo "$bad" >&2; return 1; }
  bad="$(cd "$dir" && git status --porcelain)"
  [ -z "$bad" ] || { echo "build_tree: the tree is not clean:" >&2; echo "$bad" >&2; return 1; }
}

# Rebuilds the root tree of DIR from its files as they are on disk (each hashed again), each
# submodule's checked-out HEAD as its gitlink and, for blobs left out, the ids COMMIT lists; prints
# that tree id and fails unless it is COMMIT's root tree.
tp_tree_verify() { # DIR COMMIT
  local dir="$1" commit="$2" index skipped want got
  index="$(mktemp)" && rm -f "$index"
  skipped="$(git -C "$dir" ls-files -v | awk '/^S / { print substr($0, 3) }')"
  (cd "$dir" && git ls-files -s | awk '$1 != "160000"' | cut -f2- | { grep -vxF -e "${skipped:-//none//}" || true; } |
    tr '\n' '\0' | GIT_INDEX_FILE="$index" git update-index --add -z --stdin) || return 1
  # (a submodule left uninitialised, PATH=absent, keeps the gitlink of the index)
  (cd "$dir" && git ls-files -s | awk '$1 == "160000"' | while IFS= read -r line; do
    p="${line#*$'\t'}"
    if [ -e "$p/.git" ]; then printf '160000 %s\t%s\n' "$(git -C "$p" rev-parse HEAD)" "$p"; else printf '%s\n' "$line"; fi
  done | awk -F'\t' '{ split($1, a, " "); print a[1] " " a[2] "\t" $2 }' |
    GIT_INDEX_FILE="$index" git update-index --index-info) || return 1
  if [ -n "$skipped" ]; then
    (cd "$dir" && git ls-tree -r "$commit" | grep -F -f <(printf '%s\n' "$skipped" | sed 's/^/\t/') |
      awk -F'\t' '{ split($1, a, " "); print a[1] " " a[3] "\t" $2 }' | GIT_INDEX_FILE="$index" git update-index --index-info) || return 1
  fi
  got="$(cd "$dir" && GIT_INDEX_FILE="$index" git write-tree --missing-ok)"; rm -f "$index"
  want="$(git -C "$dir" rev-parse "$commit^{tree}")"
  echo "build_tree: $dir: root tree rebuilt from the files: $got; $commit's root tree: $want"
  [ "$got" = "$want" ]
}

# Applies PATH=COMMIT (a new gitlink, the commit amended and the tag moved) and collects
# PATH=absent into TP_TREE_ABSENT.
tp_tree_overrides() { # DIR VERSION OVERRIDE...
  local dir="$1" version="$2" o changed=no
  shift 2
  TP_TREE_ABSENT=""
  for o in "$@"; do
    case "$o" in
    *=absent) TP_TREE_ABSENT+="${o%=absent}"$'\n' ;;
    *=*) echo "build_tree: gitlink ${o%%=*} set to ${o#*=} (given)" >&2
      git -C "$dir" update-index --cacheinfo "160000,${o#*=},${o%%=*}" || return 1
      changed=yes ;;
    *) echo "build_tree: $o is not PATH=COMMIT or PATH=absent" >&2; return 1 ;;
    esac
  done
  export TP_TREE_ABSENT
  if [ "$changed" = yes ]; then
    git -C "$dir" -c user.name=torchpatch -c user.email=tests@torchpatch.invalid -c commit.gpgsign=false \
      commit -q --amend --no-edit && git -C "$dir" tag -f "v$version" >/dev/null || return 1
  fi
}

tp_build_tree() { # MAP VERSION DIR [REPO COMMIT [OVERRIDE...]]
  local map="$1" version="$2" dir="$3"
  [ -f "$map" ] || { echo "build_tree: map $map is missing" >&2; return 1; }
  [ ! -e "$dir" ] || { echo "build_tree: $dir exists; give a new folder" >&2; return 1; }
  map="$(cd "$(dirname "$map")" && pwd)/$(basename "$map")"
  if [ "${4:-debian}" != debian ]; then
    tp_tree_clone "$4" "$5" "$version" "$dir" || { echo "build_tree: cloning $4 failed" >&2; return 1; }
  else
    source "$TP_REAL_DIR/get_trees.sh" && tp_real_checkout "$version" "$dir" || return 1
  fi
  shift $(($# < 5 ? $# : 5))
  tp_tree_overrides "$dir" "$version" "$@" || return 1
  export TP_TREE_TOP="$dir"
  tp_tree_submodules "$dir" "$map" || return 1
  tp_tree_verify "$dir" "$(git -C "$dir" rev-parse HEAD)" || return 1
  (cd "$dir" && git submodule status --recursive)
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  [ $# -eq 3 ] || [ $# -ge 5 ] || {
    echo "usage: bash tests/real/build_tree.sh MAP VERSION DIR [REPO|debian COMMIT|- [PATH=COMMIT|PATH=absent...]]" >&2; exit 2; }
  tp_build_tree "$@"
fi
