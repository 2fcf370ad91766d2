#!/usr/bin/env bash
# ctest dist-reproducible: the release archives of dist/ are byte-reproducible.
#   - dist/SHA256SUMS lists every archive and `sha256sum -c` agrees;
#   - neither release binary holds a path of the build machine (the source tree, the build folders,
#     the dependency cache): -ffile-prefix-map removed them; torchpatch.exe's PE header has no link
#     time (TimeDateStamp 0, -Wl,--no-insert-timestamp);
#   - a second scripts/package.sh in a fresh clone of the same commit, at another path, under
#     another umask and time zone, gives the same SHA256SUMS. By default that second run packages
#     copies of the binaries the first built (TP_PACKAGE_PREBUILT=1: stripping, staging, tar, zip,
#     hatchling, auditwheel; seconds); TP_DIST_REPRO_FULL=1 builds them again from nothing too
#     (minutes: the dependencies come from the cache).
set -uo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
dist="$repo/dist"
linux_build="${TP_LINUX_BUILD_DIR:-$repo/build-linux}"
aarch64_build="${TP_LINUX_AARCH64_BUILD_DIR:-$repo/build-linux-aarch64}"
windows_build="${TP_WINDOWS_BUILD_DIR:-$repo/build-windows}"
cache="${TP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/torchpatch}"
fail() { echo "FAIL: $*" >&2; exit 1; }
[ -f "$dist/SHA256SUMS" ] || fail "no $dist/SHA256SUMS: run bash scripts/package.sh"

(cd "$dist" && sha256sum --quiet -c SHA256SUMS) || fail "dist/SHA256SUMS does not match the files"
for kind in linux-x86_64.tar.gz linux-aarch64.tar.gz windows-x64.zip 'manylinux*_x86_64.whl' \
            'manylinux*_aarch64.whl' win_amd64.whl; do
  grep -qE "  torchpatch-[0-9.]+-(py3-none-)?${kind//\*/[0-9a-z_.]*}\$" "$dist/SHA256SUMS" ||
    fail "SHA256SUMS lists no $kind"
done
echo "ok - dist/SHA256SUMS lists the six archives and matches them"

for binary in "$linux_build/torchpatch" "$aarch64_build/torchpatch" "$windows_build/torchpatch.exe"; do
  [ -f "$binary" ] || fail "$binary missing: run bash scripts/package.sh"
  for path in "$repo" "$linux_build" "$aarch64_build" "$windows_build" "$cache"; do
    ! grep -qaF "$path" "$binary" || fail "$(basename "$binary") contains the path $path"
  done
done
# The COFF header's TimeDateStamp ("Time/Date", as a date) and the debug directory's ("Time/Date
# stamp", as a number) must both be zero.
stamps="$(x86_64-w64-mingw32-objdump -p "$windows_build/torchpatch.exe" | grep '^Time/Date')"
stamp="$(sed -n '1s/^Time\/Date[[:space:]]*//p' <<<"$stamps")"
case "$stamp" in *" 1970") ;; *) fail "torchpatch.exe's PE header has a link time: $stamp" ;; esac
! grep -E '^Time/Date stamp[[:space:]]+[^0[:space:]]' <<<"$stamps" ||
  fail "torchpatch.exe's debug directory has a link time"
echo "ok - the binaries hold no build path; torchpatch.exe's TimeDateStamp is 0 ($stamp)"

work="$(mktemp -d "${TMPDIR:-/tmp}/tp-dist-repro.XXXXXX")"
trap 'rm -rf "$work"' EXIT
clone="$work/another/path/torchpatch"
git clone -q --no-checkout "$repo" "$clone" && git -C "$clone" checkout -q "$(git -C "$repo" rev-parse HEAD)" ||
  fail "cloning $repo failed"
cp -a "$repo/grammars/node_modules" "$clone/grammars/"
mode=prebuilt
if [ "${TP_DIST_REPRO_FULL:-0}" = 1 ]; then
  mode=full
else
  mkdir -p "$clone/build-linux" "$clone/build-linux-aarch64" "$clone/build-windows"
  cp "$linux_build/torchpatch" "$clone/build-linux/"
  cp "$aarch64_build/torchpatch" "$clone/build-linux-aarch64/"
  cp "$windows_build/torchpatch.exe" "$clone/build-windows/"
  # Different modification times and modes from the first run's.
  touch -d '2001-02-03 04:05:06' "$clone/build-linux/torchpatch" "$clone/build-linux-aarch64/torchpatch" \
    "$clone/build-windows/torchpatch.exe"
  export TP_PACKAGE_PREBUILT=1
fi
start=$SECONDS
(cd "$clone" && umask 077 && TZ=Pacific/Auckland env -u SOURCE_DATE_EPOCH -u TP_LINUX_BUILD_DIR \
   -u TP_LINUX_AARCH64_BUILD_DIR -u TP_WINDOWS_BUILD_DIR bash scripts/package.sh) \
  > "$work/package.log" 2>&1 || { tail -n 40 "$work/package.log"; fail "the second scripts/package.sh failed"; }
if ! cmp -s "$dist/SHA256SUMS" "$clone/dist/SHA256SUMS"; then
  diff "$dist/SHA256SUMS" "$clone/dist/SHA256SUMS"
  fail "the second build ($mode) differs"
fi
echo "ok - a second build ($mode, $((SECONDS - start)) s) in $clone gives the same bytes:"
sed 's/^/    /' "$dist/SHA256SUMS"
