#!/usr/bin/env bash
# package_windows.sh: torchpatch.exe for 64-bit Windows, cross-built on Debian 12 with Debian's
# mingw-w64 and linked statically (no DLL beside it, no runtime to install), packaged as
# dist/torchpatch-<version>-windows-x64.zip with README.md and the licences of what is linked in.
# Works from nothing on a minimal Debian 12 (as root, or with sudo): installs its own packages.
#
# Also builds, in the same cross build, what tests/windows/run.sh runs under Wine:
# tp_unit_tests.exe and tp_hold_open.exe (a helper that holds a file open without sharing).
#
#   TP_CACHE               cache root (the cross-built dependencies live in $TP_CACHE/mingw)
#   TP_WINDOWS_BUILD_DIR   the cross build (default build-windows/)
#   TP_WINDOWS_TEST_EXES   0: build torchpatch.exe only, not what the windows label runs
#   TP_PACKAGE_PREBUILT    1: package the torchpatch.exe already in the build folder, without
#                          building (tests/dist/reproducible.sh re-makes the archives so)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${TP_WINDOWS_BUILD_DIR:-$here/build-windows}"
triple=x86_64-w64-mingw32

source "$here/scripts/lib/release.sh"
tp_install_packages ccache cmake ninja-build pkg-config git python3 perl dpkg-dev xz-utils zip ca-certificates \
  unicode-data g++-mingw-w64-x86-64-posix binutils-mingw-w64-x86-64 libz-mingw-w64-dev \
  libcli11-dev libtomlplusplus-dev doctest-dev nodejs npm
tp_release_env "$here"
bash "$here/scripts/grammars.sh"

prefix="$(bash "$here/scripts/windows/deps.sh" | tail -n 1)"

if [ "${TP_PACKAGE_PREBUILT:-0}" != 1 ]; then
  # -O2, not Release's -O3: GCC 12 reports a false -Wrestrict at -O3 in std::string concatenation.
  echo "package-windows: building torchpatch.exe in $build"
  # pkg-config's answers are cached by CMake and not asked again when the prefix changes: a build
  # folder configured for another dependency prefix (or by hand) is configured afresh.
  if [ -f "$build/CMakeCache.txt" ] && [ "$(cat "$build/.tp-mingw-prefix" 2>/dev/null)" != "$prefix" ]; then
    echo "package-windows: dependencies are now $prefix: configuring afresh"
    rm -f "$build/CMakeCache.txt"
  fi
  # Reproducible: no build path in an object (-ffile-prefix-map), and no link time in the PE header
  # (GNU ld writes the time of the link into TimeDateStamp unless told not to).
  # Through CFLAGS/CXXFLAGS/LDFLAGS, which CMake joins with the toolchain file's *_FLAGS_INIT
  # (-static, -DPCRE2_STATIC, -DUNICODE); a -DCMAKE_*_FLAGS would replace them.
  flags="$(tp_prefix_map "$here" "$build")"
  tp_ccache_setup "$here"
  CFLAGS="$flags" CXXFLAGS="$flags" LDFLAGS="-Wl,--no-insert-timestamp" \
  cmake -S "$here" -B "$build" -G Ninja -DCMAKE_TOOLCHAIN_FILE="$here/cmake/mingw-w64-x86_64.cmake" \
        -DTP_MINGW_PREFIX="$prefix" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG" \
        -DTP_WERROR=ON "${tp_ccache_args[@]}" >/dev/null
  mkdir -p "$build" && echo "$prefix" > "$build/.tp-mingw-prefix"
  targets=(torchpatch)
  [ "${TP_WINDOWS_TEST_EXES:-1}" = 0 ] || targets+=(tp_unit_tests tp_hold_open)
  cmake --build "$build" --target "${targets[@]}" -j "${TP_JOBS:-2}"
fi
exe="$build/torchpatch.exe"
# Only Windows' own DLLs may be imported; anything else (libstdc++-6.dll, libwinpthread-1.dll,
# zlib1.dll, ...) would have to ship beside the exe.
binaries=("$exe")
[ "${TP_PACKAGE_PREBUILT:-0}" = 1 ] || [ "${TP_WINDOWS_TEST_EXES:-1}" = 0 ] || binaries+=("$build/tests/tp_unit_tests.exe" "$build/tests/tp_hold_open.exe")
for binary in "${binaries[@]}"; do
  dlls="$($triple-objdump -p "$binary" | sed -n 's/^[[:space:]]*DLL Name: //p' | sort -u)"
  foreign="$(printf '%s\n' "$dlls" |
             grep -viE '^(kernel32|advapi32|msvcrt|ucrtbase|api-ms-win-.*|ws2_32|user32|ole32|rpcrt4|crypt32|secur32|bcrypt|shell32)\.dll$' || true)"
  if [ -n "$foreign" ]; then
    echo "package-windows: $(basename "$binary") imports non-system DLLs: $foreign" >&2
    exit 1
  fi
  echo "package-windows: $(basename "$binary") imports only $(echo $dlls)"
done

version="$(tp_version "$here")"
name="torchpatch-$version-windows-x64"
stage="$build/package/$name"
rm -rf "$build/package"
mkdir -p "$stage/licenses" "$here/dist"
$triple-strip -o "$stage/torchpatch.exe" "$exe"
cp "$here/README.md" "$stage/README.md"
cp "$prefix/share/licenses/"*.txt "$stage/licenses/"
nm="$here/grammars/node_modules"
for package in tree-sitter tree-sitter-c tree-sitter-cpp tree-sitter-python; do
  cp "$nm/$package/LICENSE" "$stage/licenses/$package.txt"
done
zip_file="$here/dist/$name.zip"
tp_zip "$build/package" "$name" "$zip_file"
echo "package-windows: $zip_file ($(du -k "$zip_file" | cut -f1) KiB)"
