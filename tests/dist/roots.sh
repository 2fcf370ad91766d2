#!/usr/bin/env bash
# roots.sh SUITE: ctest dist-root-SUITE. The portable binary of dist/'s Linux tarball runs e2e.sh
# inside a Debian root, where nothing of the build machine is (no libgit2, no RE2, no libstdc++
# of its own version, no glibc 2.36): the oldest Debian release the machine's mirror still serves
# (bullseye, glibc 2.31; buster's 2.28 is gone from it, see docs/release.md) and sid.
#   bullseye  a minbase root with git and patch, made once with debootstrap in $TP_CACHE/roots
#   sid       the root of tests/toolchain/lib.sh ($TP_CACHE/sid), shared with the toolchain label
# The binary is a static PIE and imports no glibc symbol (objdump -T); were it dynamic again, the
# root's glibc would have to be at least its newest symbol version, and a root too old fails here,
# saying so. Needs root (chroot).
set -uo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
suite="${1:-}"
dist="${TP_DIST_DIR:-$repo/dist}"
source "$repo/tests/toolchain/lib.sh"
fail() { echo "FAIL: $*" >&2; exit 1; }
case "$suite" in
  sid) tp_sid_root || fail "the sid root could not be made" ;;
  bullseye)
    root="$TP_CACHE/roots/$suite"
    if [ ! -f "$root/.tp-ready" ]; then
      mirror="$(tp_debian_mirror)" || exit 1
      command -v debootstrap >/dev/null || {
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap >/dev/null; } ||
        fail "cannot install debootstrap"
      echo "roots: debootstrap --variant=minbase --include=git,patch $suite $root" >&2
      rm -rf "$root.part" && mkdir -p "$(dirname "$root")"
      debootstrap --variant=minbase --include=git,patch "$suite" "$root.part" "$mirror" >"$TP_CACHE/roots/$suite.log" 2>&1 ||
        { tail -n 20 "$TP_CACHE/roots/$suite.log" >&2; fail "debootstrap $suite failed"; }
      mv "$root.part" "$root"
      touch "$root/.tp-ready"
    fi
    TP_SID_ROOT="$root"
    tp_sid_mount ;;
  *) fail "usage: roots.sh bullseye|sid" ;;
esac

tarball="$(ls "$dist"/torchpatch-*-linux-x86_64.tar.gz 2>/dev/null | head -n 1)"
[ -n "$tarball" ] || fail "no Linux tarball in $dist: run bash scripts/package.sh"
work="$(mktemp -d "${TMPDIR:-/tmp}/tp-dist-root.XXXXXX")"
trap 'rm -rf "$work"' EXIT
tar -xzf "$tarball" -C "$work"
binary="$(ls "$work"/torchpatch-*/torchpatch)"
mkdir -p "$work/repo/scripts" "$work/repo/tests/dist"
cp -a "$repo/fixtures" "$work/repo/"
cp "$repo/scripts/make_checkout.sh" "$work/repo/scripts/"
cp "$repo/tests/dist/e2e.sh" "$work/repo/tests/dist/"

needs="$(objdump -T "$binary" 2>/dev/null | grep -oE 'GLIBC_2\.[0-9]+' | sort -uV | tail -n 1)"
has="$(sid "$work" 'ldd --version | head -n 1' | grep -oE '[0-9]+\.[0-9]+$')"
if [ -z "$needs" ]; then
  echo "roots: $suite has glibc $has; the binary imports no glibc symbol"
else
  echo "roots: $suite has glibc $has; the binary needs ${needs#GLIBC_}"
  [ "$(printf '%s\n' "${needs#GLIBC_}" "$has" | sort -V | head -n 1)" = "${needs#GLIBC_}" ] ||
    fail "the $suite root's glibc $has is older than the binary's ${needs#GLIBC_}"
fi
sid "$work" 'bash repo/tests/dist/e2e.sh /w/repo /w/'"${binary#$work/}"
