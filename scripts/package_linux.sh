#!/usr/bin/env bash
# package_linux.sh [x86_64|aarch64]: the portable Linux torchpatch, built on Debian 12 with every
# library linked statically (libgit2, RE2, PCRE2, http-parser and zlib from Debian 12's source
# packages by scripts/static_deps.sh, the recipe torchpatch.exe uses; libstdc++, libgcc and glibc),
# and packaged as dist/torchpatch-<version>-linux-<arch>.tar.gz with README.md and the licences of
# what is linked in. x86_64 (the default) with Debian 12's own GCC; aarch64 cross-compiled with its
# aarch64-linux-gnu GCC, the build's own checks run under qemu-aarch64-static. Reproducible: no
# build path or time in the binary or the archive.
# Works from nothing on a minimal Debian 12 (as root, or with sudo): installs its own packages.
#
#   TP_CACHE             cache root (the static dependencies live in $TP_CACHE/static-linux[-aarch64])
#   TP_LINUX_BUILD_DIR   the x86_64 build (default build-linux/)
#   TP_LINUX_AARCH64_BUILD_DIR  the aarch64 build (default build-linux-aarch64/)
#   TP_PACKAGE_PREBUILT  1: package the torchpatch already in the build folder, without building
#                        (tests/dist/reproducible.sh re-makes the archives so)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$here/scripts/lib/release.sh"
arch="${1:-x86_64}"
packages=(g++ ccache cmake ninja-build pkg-config git python3 perl dpkg-dev xz-utils ca-certificates
          unicode-data binutils libcli11-dev libtomlplusplus-dev doctest-dev nodejs npm)
case "$arch" in
  x86_64)
    build="${TP_LINUX_BUILD_DIR:-$here/build-linux}"
    deps=linux toolchain="$here/cmake/linux-static.cmake" strip=strip readelf=readelf ;;
  aarch64)
    build="${TP_LINUX_AARCH64_BUILD_DIR:-$here/build-linux-aarch64}"
    deps=linux-aarch64 toolchain="$here/cmake/linux-static-aarch64.cmake"
    strip=aarch64-linux-gnu-strip readelf=aarch64-linux-gnu-readelf
    packages+=(g++-aarch64-linux-gnu binutils-aarch64-linux-gnu qemu-user-static) ;;
  *) echo "usage: package_linux.sh [x86_64|aarch64]" >&2; exit 2 ;;
esac

tp_install_packages "${packages[@]}"
tp_release_env "$here"
bash "$here/scripts/grammars.sh"
prefix="$(bash "$here/scripts/static_deps.sh" "$deps" | tail -n 1)"

if [ "${TP_PACKAGE_PREBUILT:-0}" != 1 ]; then
  echo "package-linux: building torchpatch for $arch in $build"
  if [ -f "$build/CMakeCache.txt" ] && [ "$(cat "$build/.tp-static-prefix" 2>/dev/null)" != "$prefix" ]; then
    echo "package-linux: dependencies are now $prefix: configuring afresh"
    rm -f "$build/CMakeCache.txt"
  fi
  flags="$(tp_prefix_map "$here" "$build")"
  tp_ccache_setup "$here"
  cmake -S "$here" -B "$build" -G Ninja -DCMAKE_TOOLCHAIN_FILE="$toolchain" \
        -DTP_STATIC_PREFIX="$prefix" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG" \
        -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" -DTP_BUILD_TESTS=OFF -DTP_WERROR=ON "${tp_ccache_args[@]}" >/dev/null
  mkdir -p "$build" && echo "$prefix" > "$build/.tp-static-prefix"
  cmake --build "$build" --target torchpatch -j "${TP_JOBS:-2}"
fi
binary="$build/torchpatch"
# Nothing may be loaded at run time, not even glibc: a static PIE has no interpreter and needs no
# shared library, so it runs on any Linux of its architecture whatever its C library
# (docs/release.md).
needed="$($readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort -u)"
if [ -n "$needed" ] || $readelf -l "$binary" | grep -q 'INTERP'; then
  echo "package-linux: torchpatch is not fully static: it needs ${needed:-a dynamic loader}" >&2
  exit 1
fi
echo "package-linux: torchpatch is a static PIE: no shared library, no glibc of the host needed"

version="$(tp_version "$here")"
name="torchpatch-$version-linux-$arch"
stage="$build/package/$name"
rm -rf "$build/package"
mkdir -p "$stage/licenses" "$here/dist"
$strip -o "$stage/torchpatch" "$binary"
cp "$here/README.md" "$stage/README.md"
cp "$prefix/share/licenses/"*.txt "$stage/licenses/"
nm="$here/grammars/node_modules"
for package in tree-sitter tree-sitter-c tree-sitter-cpp tree-sitter-python; do
  cp "$nm/$package/LICENSE" "$stage/licenses/$package.txt"
done
tarball="$here/dist/$name.tar.gz"
tp_tar_gz "$build/package" "$name" "$tarball"
echo "package-linux: $tarball ($(du -k "$tarball" | cut -f1) KiB)"
