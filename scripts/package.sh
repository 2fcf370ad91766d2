#!/usr/bin/env bash
# package.sh: every release artefact of torchpatch, from nothing on a minimal Debian 12 (as root, or
# with sudo; each script installs the Debian packages it needs), into dist/:
#   torchpatch-<version>-linux-x86_64.tar.gz        scripts/package_linux.sh (portable binary)
#   torchpatch-<version>-linux-aarch64.tar.gz       scripts/package_linux.sh aarch64 (the same, cross-built)
#   torchpatch-<version>-windows-x64.zip            scripts/package_windows.sh (torchpatch.exe)
#   torchpatch-<version>-py3-none-manylinux*.whl    scripts/package_wheels.sh (x86_64 and aarch64)
#   torchpatch-<version>-py3-none-win_amd64.whl     scripts/package_wheels.sh
#   SHA256SUMS                                      `sha256sum -c SHA256SUMS` checks them
# Byte-reproducible: two runs from the same commit give the same SHA256SUMS (every timestamp is
# the commit's time, SOURCE_DATE_EPOCH; see docs/release.md).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$here/scripts/lib/release.sh"
tp_release_env "$here"
version="$(tp_version "$here")"
mkdir -p "$here/dist"
rm -f "$here/dist/SHA256SUMS" "$here/dist/torchpatch-"*
step() { local start=$SECONDS; "$@"; echo "package: $(basename "$1")${2:+ $2} took $((SECONDS - start)) s"; }
step "$here/scripts/package_linux.sh" x86_64
step "$here/scripts/package_linux.sh" aarch64
step "$here/scripts/package_windows.sh"
step "$here/scripts/package_wheels.sh"
(cd "$here/dist" && ls torchpatch-"$version"-* | LC_ALL=C sort | xargs sha256sum > SHA256SUMS)
echo "package: dist/SHA256SUMS"
sed 's/^/  /' "$here/dist/SHA256SUMS"
