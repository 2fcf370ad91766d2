# Real PyTorch release trees for tests/real: Debian's source packages carry upstream's release
# tarballs (minus vendored code). Sourced by tests/real/run.sh; also runnable by hand:
#   bash tests/real/get_trees.sh 2.6.0 DIR     # DIR becomes a git checkout tagged v2.6.0
#
# The .orig.tar.xz is downloaded once through a PRIVATE apt configuration (the machine's own
# sources are never touched) into $TP_CACHE/apt/src and checked against its pinned sha256:
#   TP_CACHE  cache folder (default ${XDG_CACHE_HOME:-$HOME/.cache}/torchpatch), shared with
#             tests/toolchain/lib.sh; $TP_CACHE/apt holds sources.list, lists/ and src/.

TP_CACHE="${TP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/torchpatch}"
TP_REAL_APT="$TP_CACHE/apt"
TP_REAL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$TP_REAL_DIR/../../scripts/lib/debian_mirror.sh"

# version -> Debian suite, orig tarball, its sha256 (from the .dsc), top folder inside it.
tp_real_suite() { case "$1" in 1.13.1) echo bookworm ;; 2.6.0) echo trixie ;; *) return 1 ;; esac; }
tp_real_tarball_name() { echo "pytorch_$1+dfsg.orig.tar.xz"; }
tp_real_sha256() {
  case "$1" in
  1.13.1) echo d0355588b8528566d477e6ebf1b4d9d036a6fd75711339f66b27472ce5879dc7 ;;
  2.6.0) echo 099a9601bc40d67656e75735c44abedb0fbe92d08817852ab7472eebb7e6ddff ;;
  esac
}

tp_real_apt() {
  apt-get -o Dir::Etc::SourceList="$TP_REAL_APT/sources.list" -o Dir::Etc::SourceParts=/dev/null \
    -o Dir::State::Lists="$TP_REAL_APT/lists" -o Dir::Cache="$TP_REAL_APT/cache" \
    -o Acquire::Check-Valid-Until=false "$@"
}

# Prints the path of VERSION's orig tarball, downloading it if the cache lacks it. Fails with a
# message saying what went wrong (never silently).
tp_real_tarball() {
  local version="$1" suite name want have src
  suite="$(tp_real_suite "$version")" || { echo "real: no Debian source known for $version" >&2; return 1; }
  name="$(tp_real_tarball_name "$version")"
  want="$(tp_real_sha256 "$version")"
  src="$TP_REAL_APT/src"
  if [ ! -f "$src/$name" ]; then
    command -v apt-get >/dev/null || { echo "real: $name is not in $src and apt-get is missing" >&2; return 1; }
    mkdir -p "$src" "$TP_REAL_APT/lists/partial" "$TP_REAL_APT/cache/archives/partial"
    if [ ! -f "$TP_REAL_APT/sources.list" ]; then
      local mirror
      mirror="${TP_REAL_MIRROR:-$(tp_debian_mirror)}" || return 1
      printf 'deb-src %s %s main\n' "$mirror" bookworm "$mirror" trixie >"$TP_REAL_APT/sources.list"
    fi
    echo "real: downloading Debian's pytorch source ($suite) into $src" >&2
    tp_real_apt update >"$TP_REAL_APT/update.log" 2>&1 ||
      { echo "real: apt-get update failed; see $TP_REAL_APT/update.log" >&2; tail -n 5 "$TP_REAL_APT/update.log" >&2; return 1; }
    # A Debian packaging file (debian.tar.xz) can 404 while the orig tarball arrives: the
    # tarball decides, not apt-get's exit status.
    (cd "$src" && tp_real_apt source --download-only "pytorch/$suite") >"$TP_REAL_APT/source-$version.log" 2>&1 || true
    [ -f "$src/$name" ] || {
      echo "real: downloading $name failed; see $TP_REAL_APT/update.log and source-$version.log" >&2
      grep -E '^(Err|W|E):' "$TP_REAL_APT/update.log" | tail -n 5 >&2
      tail -n 5 "$TP_REAL_APT/source-$version.log" >&2; return 1; }
  fi
  have="$(sha256sum "$src/$name" | cut -d' ' -f1)"
  [ "$have" = "$want" ] || { echo "real: $src/$name has sha256 $have, expected $want" >&2; return 1; }
  echo "$src/$name"
}

# Makes DIR a git checkout of VERSION as a `git clone --branch vVERSION` without --recursive
# looks: the tarball's files committed and tagged, each submodule of
# tests/real/submodules/vVERSION.txt a gitlink in the index with an empty folder, and a
# .gitmodules (the tarball's own where it has one).
tp_real_checkout() {
  local version="$1" dir="$2" tarball
  tarball="$(tp_real_tarball "$version")" || return 1
  tp_real_import "$tarball" "$version" "$dir" "$TP_REAL_DIR/submodules/v$version.txt"
}

# tp_real_import TARBALL VERSION DIR PINS: the work of tp_real_checkout on a given tarball (one top
# folder) and submodule list PINS (lines "PATH COMMIT|- URL"); tests/structure/tarball_tree_test.sh
# runs it on a tarball of its own.
tp_real_import() {
  local tarball="$1" version="$2" dir="$3" pins="$4" path pin url
  [ -f "$pins" ] || { echo "real: $pins is missing" >&2; return 1; }
  mkdir -p "$dir" || return 1
  tar -xJf "$tarball" -C "$dir" --strip-components=1 || { echo "real: extracting $tarball failed" >&2; return 1; }
  local write_gitmodules=no
  [ -f "$dir/.gitmodules" ] || write_gitmodules=yes
  git -C "$dir" init -q || return 1
  while read -r path pin url; do
    case "$path" in '#'* | '') continue ;; esac
    if [ "$pin" = - ]; then # not established: a placeholder id, stable and visibly made up
      pin="$(printf 'torchpatch placeholder for the unknown pin of %s' "$path" | git hash-object --stdin)"
    fi
    rm -rf "${dir:?}/$path" && mkdir -p "$dir/$path"
    git -C "$dir" update-index --add --cacheinfo "160000,$pin,$path" || return 1
    if [ "$write_gitmodules" = yes ]; then
      printf '[submodule "%s"]\n\tpath = %s\n\turl = %s\n' "$path" "$path" "$url" >>"$dir/.gitmodules"
    fi
  done <"$pins"
  # Every file of the tarball is committed, those the tree's own .gitignore files match included
  # (-f): the tarball is upstream's release tree (a git archive), so everything in it is tracked in
  # a release clone, some files although a .gitignore matches them (force-added, or tracked before
  # the pattern came). In 1.13.1: qnnpack's deps/clog (10 files, two of them CMake files that
  # cmake-minimum-3-5 raises), build_variables.bzl, caffe2/python/serialized_test/data/**/*.zip. A
  # plain `git add -A` left them untracked, and torchpatch, which reads only tracked files, missed
  # them (issue #43). -f also keeps a user's core.excludesFile from dropping files.
  # Every blob straight into one pack (bulk check-in) instead of 15,000 loose objects: writing and
  # later deleting them was most of the test's time on a busy 2-core machine.
  git -C "$dir" -c core.bigFileThreshold=1 add -A -f . && git -C "$dir" -c user.name=torchpatch -c user.email=tests@torchpatch.invalid \
    -c commit.gpgsign=false commit -q -m "PyTorch v$version (Debian's orig tarball)" &&
    git -C "$dir" tag "v$version" || { echo "real: making the git checkout in $dir failed" >&2; return 1; }
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -u
  [ $# -eq 2 ] || { echo "usage: bash tests/real/get_trees.sh VERSION DIR" >&2; exit 2; }
  tp_real_checkout "$1" "$2"
fi
