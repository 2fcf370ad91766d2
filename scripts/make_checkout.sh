#!/usr/bin/env bash
# make_checkout.sh FIXTURE_DIR DEST
# Materialises a fixture (fixtures/<name>/) as a real git checkout at DEST:
#   tree/        the superproject's files, committed and tagged with the contents of TAG
#   SUBMODULES   optional: one path per line; fixtures/<name>/submodules/<path>/ becomes its own
#                repository (built beside DEST) and is added at <path> as a real git submodule.
#   VERSION_TXT_ONLY  optional: if present, no tag is made (version comes from version.txt).
set -euo pipefail
src="$(cd "$1" && pwd)"
dst="$2"
tag="$(tr -d '\r\n' < "$src/TAG")"
git_() { git -c user.name=torchpatch-fixture -c user.email=fixture@torchpatch.invalid \
             -c init.defaultBranch=main -c core.autocrlf=false -c protocol.file.allow=always \
             -c commit.gpgsign=false -c tag.gpgsign=false "$@"; }

[ -e "$dst" ] && { echo "make_checkout: $dst already exists" >&2; exit 2; }
mkdir -p "$dst"
dst="$(cd "$dst" && pwd)"
subroot="$dst.submodule-origins"
rm -rf "$subroot"

git_ init -q "$dst"
cp -a "$src/tree/." "$dst/"

if [ -f "$src/SUBMODULES" ]; then
  while IFS= read -r path || [ -n "$path" ]; do
    path="${path%$'\r'}"
    [ -z "$path" ] && continue
    origin="$subroot/$path"
    mkdir -p "$origin"
    git_ init -q "$origin"
    cp -a "$src/submodules/$path/." "$origin/"
    git_ -C "$origin" add -A
    git_ -C "$origin" commit -q -m "fixture submodule $path"
    rm -rf "$dst/$path"
    git_ -C "$dst" submodule add -q "$origin" "$path" >/dev/null
  done < "$src/SUBMODULES"
fi

git_ -C "$dst" add -A
git_ -C "$dst" commit -q -m "fixture $(basename "$src") ($tag)"
if [ ! -f "$src/VERSION_TXT_ONLY" ]; then
  git_ -C "$dst" tag -a "$tag" -m "$tag"
  # A non-version tag on the same commit must be ignored by version resolution.
  git_ -C "$dst" tag "ciflow/trunk/12345"
fi
