#!/usr/bin/env bash
# A git checkout made from a release tarball (tests/real/get_trees.sh, tp_real_import) tracks
# every file of the tarball, as a clone of the release does: also the files that a .gitignore
# inside the tree matches, which upstream tracks all the same (issue #43: a plain `git add -A` left
# Debian's 1.13.1 tree without qnnpack's deps/clog, build_variables.bzl and
# caffe2/python/serialized_test/data, and torchpatch, reading tracked files only, missed two CMake
# files there). The tarball here is a small one of its own with such files, a submodule folder and
# a user's core.excludesFile that would drop a file too. Checks: `git status --ignored` lists
# nothing, and the tracked files are the tarball's (plus the .gitmodules written) and the gitlink.
# First it checks itself: the same tarball committed with a plain `git add -A` must fail.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$here/tests/real/get_trees.sh"

tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
# Only this test's git configuration: a user's excludes file that matches one file of the tree.
printf '[core]\n\texcludesFile = %s\n' "$tmp/user-excludes" >"$tmp/gitconfig"
printf '*.md\n' >"$tmp/user-excludes"
export GIT_CONFIG_GLOBAL="$tmp/gitconfig" GIT_CONFIG_NOSYSTEM=1

top="$tmp/src/pytorch-9.9.9"
qnn="$top/aten/src/ATen/native/quantized/cpu/qnnpack"
mkdir -p "$qnn/deps/clog/cmake" "$top/caffe2/python/serialized_test/data" "$top/third_party/foo"
printf '/build_*\n*.zip\n' >"$top/.gitignore"
printf 'deps/\n' >"$qnn/.gitignore"
printf 'cmake_minimum_required(VERSION 3.18)\nproject(Torch)\n' >"$top/CMakeLists.txt"
printf 'README\n' >"$top/README.md"
printf 'libtorch_sources = []\n' >"$top/build_variables.bzl"
printf 'cmake_minimum_required(VERSION 3.1 FATAL_ERROR)\nproject(clog C)\n' >"$qnn/deps/clog/CMakeLists.txt"
printf 'cmake_minimum_required(VERSION 2.8.12 FATAL_ERROR)\n' >"$qnn/deps/clog/cmake/DownloadGoogleTest.cmake"
printf 'PK\005\006%018d' 0 >"$top/caffe2/python/serialized_test/data/test_elu.zip"
ln -s CMakeLists.txt "$top/CMakeLists.link"
tar -cJf "$tmp/pytorch_9.9.9.orig.tar.xz" -C "$tmp/src" pytorch-9.9.9
printf '# a comment\nthird_party/foo - https://example.invalid/foo.git\n' >"$tmp/pins"
ignored=(build_variables.bzl README.md aten/src/ATen/native/quantized/cpu/qnnpack/deps/clog/CMakeLists.txt
  caffe2/python/serialized_test/data/test_elu.zip)

# What a complete import tracks: the tarball's files (not its folders) and the .gitmodules written.
{ tar -tJf "$tmp/pytorch_9.9.9.orig.tar.xz" | grep -v '/$' | sed 's|^[^/]*/||'; echo .gitmodules; } |
  sort >"$tmp/want"

# problems DIR: prints what makes DIR not a complete import of the tarball; nothing when it is one.
problems() {
  local dir="$1" f loose
  loose="$(git -C "$dir" status --porcelain --ignored --untracked-files=all)"
  [ -z "$loose" ] || printf 'git status --ignored lists:\n%s\n' "$loose"
  git -C "$dir" ls-files -s | awk '$1 != "160000"' | cut -f2 | sort >"$dir.tracked"
  cmp -s "$tmp/want" "$dir.tracked" ||
    { echo "the tracked files are not the tarball's (< tarball, > tracked):"; diff "$tmp/want" "$dir.tracked" | grep '^[<>]'; }
  for f in "${ignored[@]}"; do
    git -C "$dir" ls-files --error-unmatch -- "$f" >/dev/null 2>&1 || echo "not tracked: $f"
  done
  [ "$(git -C "$dir" ls-files -s -- third_party/foo | cut -d' ' -f1)" = 160000 ] || echo "third_party/foo is not a gitlink"
  [ "$(git -C "$dir" describe --tags --exact-match HEAD 2>/dev/null)" = v9.9.9 ] || echo "HEAD is not tagged v9.9.9"
  return 0
}

# The check itself: the same tree committed with a plain `git add -A` (the import before issue
# #43) must be found wanting, naming the files it lost.
mkdir -p "$tmp/plain"
tar -xJf "$tmp/pytorch_9.9.9.orig.tar.xz" -C "$tmp/plain" --strip-components=1
git -C "$tmp/plain" init -q
git -C "$tmp/plain" update-index --add --cacheinfo "160000,$(git hash-object --stdin </dev/null),third_party/foo"
printf '[submodule "third_party/foo"]\n\tpath = third_party/foo\n\turl = https://example.invalid/foo.git\n' >"$tmp/plain/.gitmodules"
git -C "$tmp/plain" add -A . && git -C "$tmp/plain" -c user.name=t -c user.email=t@invalid commit -qm plain &&
  git -C "$tmp/plain" tag v9.9.9
found="$(problems "$tmp/plain")"
for f in "${ignored[@]}"; do
  grep -qxF "not tracked: $f" <<<"$found" ||
    { echo "FAIL the check does not see that a plain git add -A left $f out:"; echo "$found"; exit 1; }
done
echo "ok   the check sees what a plain git add -A leaves out (${#ignored[@]} files)"

# The import tests/real uses.
tp_real_import "$tmp/pytorch_9.9.9.orig.tar.xz" 9.9.9 "$tmp/tree" "$tmp/pins" ||
  { echo "FAIL tp_real_import failed"; exit 1; }
found="$(problems "$tmp/tree")"
if [ -n "$found" ]; then
  echo "FAIL the checkout made from the tarball does not track exactly the tarball's files:"
  sed 's/^/    /' <<<"$found"
  exit 1
fi
echo "ok   tp_real_import tracks every file of the tarball ($(wc -l <"$tmp/want") with .gitmodules), those a .gitignore or the user's excludes match included; git status --ignored lists nothing"
