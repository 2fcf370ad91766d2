#!/usr/bin/env bash
# static_deps.sh TARGET: builds torchpatch's C/C++ dependencies as static libraries from their
# Debian 12 source packages and prints the install prefix (the last line of its output). One
# recipe for both release binaries:
#
#   windows   cross-built with Debian's mingw-w64 (cmake/mingw-w64-x86_64.cmake) for torchpatch.exe
#             (scripts/package_windows.sh); cached in $TP_CACHE/mingw
#   linux     built with Debian 12's own GCC (cmake/linux-static.cmake) for the portable Linux
#             binary (scripts/package_linux.sh); cached in $TP_CACHE/static-linux
#   linux-aarch64  cross-built with Debian's aarch64-linux-gnu GCC (cmake/linux-static-aarch64.cmake)
#             for the portable Linux aarch64 binary (scripts/package_linux.sh aarch64); cached in
#             $TP_CACHE/static-linux-aarch64
#
# Cached: the prefix is keyed by the target, the pinned source versions, this script, the toolchain
# file and the compiler, so a second run builds nothing.
#
#   libgit2 1.5.1+ds  (Debian repacks it without deps/): HTTPS, SSH, WinHTTP and NTLM off; the
#                     regex backend is PCRE2 and http-parser the system one, both built here
#   re2 2022-06-01    needs no Abseil
#   pcre2 10.42, http-parser 2.9.4
#   zlib              windows: Debian's libz-mingw-w64-dev (in the mingw sysroot);
#                     linux*: zlib 1.2.13.dfsg built here from its source package
# The header-only libraries (CLI11, toml++, doctest) are the Debian -dev packages' headers, copied
# into the prefix with a small CMake config each (Debian's own configs name /usr/include, which
# would put glibc's headers on the cross compiler's path, and toml++'s links a shared library).
# Every object is compiled with -ffile-prefix-map, so no cache path ends up in a binary.
#
#   TP_CACHE   cache root (default ${XDG_CACHE_HOME:-$HOME/.cache}/torchpatch)
#   TP_DEBIAN_MIRROR  the Debian archive (default: the one in this machine's apt sources)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$here/scripts/lib/debian_mirror.sh"
target="${1:-}"
root="${TP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/torchpatch}"

# Debian 12 source packages, pinned: a new version is a deliberate change (and a new cache key).
sources=(libgit2=1.5.1+ds-1+deb12u1 re2=20220601+dfsg-1 pcre2=10.42-1 http-parser=2.9.4-5)
case "$target" in
  windows)
    cache="$root/mingw"
    toolchain="$here/cmake/mingw-w64-x86_64.cmake"
    cc=x86_64-w64-mingw32-gcc-posix; cxx=x86_64-w64-mingw32-g++-posix; ar=x86_64-w64-mingw32-ar
    zlib_package=libz-mingw-w64-dev
    zlib_args=(-DZLIB_LIBRARY=/usr/x86_64-w64-mingw32/lib/libz.a -DZLIB_INCLUDE_DIR=/usr/x86_64-w64-mingw32/include)
    libgit2_args=(-DUSE_WINHTTP=OFF)
    gcc_copyright=/usr/share/doc/gcc-mingw-w64-base/copyright ;;
  linux | linux-aarch64)
    if [ "$target" = linux ]; then
      cache="$root/static-linux"
      toolchain="$here/cmake/linux-static.cmake"
      cc=gcc; cxx=g++; ar=ar; ranlib=ranlib
      gcc_copyright=/usr/share/doc/gcc-12-base/copyright
    else
      cache="$root/static-linux-aarch64"
      toolchain="$here/cmake/linux-static-aarch64.cmake"
      cc=aarch64-linux-gnu-gcc; cxx=aarch64-linux-gnu-g++; ar=aarch64-linux-gnu-ar; ranlib=aarch64-linux-gnu-ranlib
      gcc_copyright=/usr/share/doc/gcc-12-aarch64-linux-gnu-base/copyright
    fi
    zlib_package=""
    sources+=(zlib=1:1.2.13.dfsg-1)
    zlib_args=()  # found in the prefix (the toolchain file searches it first, static archives only)
    libgit2_args=() ;;
  *) echo "usage: static_deps.sh windows|linux|linux-aarch64" >&2; exit 2 ;;
esac
command -v "$cxx" >/dev/null ||
  { echo "deps: $cxx missing (scripts/package_$target.sh installs it)" >&2; exit 1; }

# The aarch64 toolchain file includes linux-static.cmake, so that is part of its key too.
toolchain_files=("$toolchain")
[ "$target" != linux-aarch64 ] || toolchain_files+=("$here/cmake/linux-static.cmake")
key="$( { echo "$target"; printf '%s\n' "${sources[@]}"; cat "${BASH_SOURCE[0]}" "${toolchain_files[@]}";
          "$cxx" --version | head -n 1;
          dpkg-query -W -f='${Version}\n' $zlib_package libcli11-dev libtomlplusplus-dev doctest-dev ||
            echo "not all installed"; } |
        sha256sum | cut -c1-16)"
prefix="$cache/deps-$key"
if [ -f "$prefix/.tp-complete" ]; then
  echo "deps: cache hit $prefix" >&2
  echo "$prefix"
  exit 0
fi

echo "deps: building into $prefix" >&2
jobs="${TP_JOBS:-2}"
work="$cache/work-$key"
rm -rf "$work" "$prefix"
mkdir -p "$work" "$prefix" "$cache/apt/lists/partial" "$cache/src"
# Neither the cache folder nor the prefix is written into an object: their paths differ between
# machines (and the prefix's between keys), and release binaries are reproducible.
prefix_map="-ffile-prefix-map=$cache=/tp-deps -ffile-prefix-map=$prefix=/tp-deps/prefix"

# A private apt configuration: deb-src bookworm only, its own lists, nothing of the machine's.
mirror="$(tp_debian_mirror)" || exit 1
printf 'deb-src %s bookworm main\n' "$mirror" > "$cache/apt/sources.list"
apt_opts=(-o "Dir::Etc::SourceList=$cache/apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
          -o "Dir::State::Lists=$cache/apt/lists" -o Dir::Cache="$cache/apt/cache"
          -o Acquire::Check-Valid-Until=false -o APT::Sandbox::User=root)
mkdir -p "$cache/apt/cache/archives/partial"
src_dir() { # name=version -> the unpacked source folder (fetched once)
  local name="${1%%=*}" version="${1#*=}"
  local upstream="${version%-*}"; upstream="${upstream#*:}"
  local dir="$cache/src/$name-$upstream"
  if [ ! -f "$dir/.tp-unpacked" ]; then
    if [ ! -f "$cache/apt/.tp-updated" ]; then
      echo "deps: apt-get update (private source list: deb-src bookworm)" >&2
      apt-get "${apt_opts[@]}" update -qq >&2 || { echo "deps: apt-get update failed" >&2; exit 1; }
      touch "$cache/apt/.tp-updated"
    fi
    echo "deps: apt-get source $1" >&2
    rm -rf "$dir"
    (cd "$cache/src" && apt-get "${apt_opts[@]}" -qq source "$1" >&2) ||
      { echo "deps: apt-get source $1 failed (is that version still in bookworm?)" >&2; exit 1; }
    [ -d "$dir" ] || { echo "deps: apt-get source $1 did not unpack $dir" >&2; exit 1; }
    touch "$dir/.tp-unpacked"
  fi
  echo "$dir"
}

cmake_build() { # source-dir build-name cmake-args...
  local src="$1" name="$2"; shift 2
  echo "deps: building $name" >&2
  # The prefix map goes through CFLAGS/CXXFLAGS, which CMake joins with the toolchain file's
  # CMAKE_<LANG>_FLAGS_INIT (-DPCRE2_STATIC, -DUNICODE): a -DCMAKE_C_FLAGS would replace them, and
  # libgit2 would then call PCRE2 through __imp_ DLL imports that a static link cannot resolve.
  CFLAGS="$prefix_map" CXXFLAGS="$prefix_map" \
  cmake -S "$src" -B "$work/$name" -G Ninja -DCMAKE_TOOLCHAIN_FILE="$toolchain" \
        -DTP_MINGW_PREFIX="$prefix" -DTP_STATIC_PREFIX="$prefix" -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_INSTALL_PREFIX="$prefix" -DBUILD_SHARED_LIBS=OFF "$@" > "$work/$name.log" 2>&1 &&
    cmake --build "$work/$name" -j "$jobs" >> "$work/$name.log" 2>&1 &&
    cmake --install "$work/$name" >> "$work/$name.log" 2>&1 ||
    { tail -n 40 "$work/$name.log" >&2; echo "deps: building $name failed; see $work/$name.log" >&2; exit 1; }
}

if [ "$target" != windows ]; then
  # zlib is built as Debian's debian/rules builds it, with its configure script (its CMake build
  # needs the win32/ folder that Debian's +dfsg repack removes), static only, in a copy.
  zlib="$(src_dir "${sources[4]}")"
  echo "deps: building zlib" >&2
  cp -a "$zlib" "$work/zlib"
  (cd "$work/zlib" && CC="$cc" AR="$ar" RANLIB="$ranlib" CFLAGS="-O2 $prefix_map" ./configure --static --prefix="$prefix" &&
     make -j "$jobs" libz.a && make install) > "$work/zlib.log" 2>&1 ||
    { tail -n 40 "$work/zlib.log" >&2; echo "deps: building zlib failed; see $work/zlib.log" >&2; exit 1; }
fi

pcre2="$(src_dir "${sources[2]}")"
cmake_build "$pcre2" pcre2 -DPCRE2_BUILD_PCRE2_8=ON -DPCRE2_BUILD_PCRE2_16=OFF \
  -DPCRE2_BUILD_PCRE2_32=OFF -DPCRE2_BUILD_PCRE2GREP=OFF -DPCRE2_BUILD_TESTS=OFF \
  -DPCRE2_SUPPORT_JIT=OFF -DPCRE2_SUPPORT_LIBBZ2=OFF -DPCRE2_SUPPORT_LIBZ=OFF \
  -DPCRE2_SUPPORT_LIBEDIT=OFF -DPCRE2_SUPPORT_LIBREADLINE=OFF

# http-parser has a Makefile for the build machine only: one C file, compiled here.
hp="$(src_dir "${sources[3]}")"
echo "deps: building http-parser" >&2
mkdir -p "$work/http-parser" "$prefix/include" "$prefix/lib"
"$cc" -O2 $prefix_map -DHTTP_PARSER_STRICT=0 -c "$hp/http_parser.c" -o "$work/http-parser/http_parser.o"
"$ar" rcsD "$prefix/lib/libhttp_parser.a" "$work/http-parser/http_parser.o"
cp "$hp/http_parser.h" "$prefix/include/"

re2="$(src_dir "${sources[1]}")"
# Debian strips re2's generated Unicode tables and rebuilds them from unicode-data, as its
# debian/rules does with REBUILD_TABLES=1.
[ -d /usr/share/unicode ] || { echo "deps: /usr/share/unicode missing (package unicode-data)" >&2; exit 1; }
for table in perl_groups unicode_casefold unicode_groups; do
  if [ ! -s "$re2/re2/$table.cc" ]; then
    case "$table" in
      perl_groups) (cd "$re2" && perl re2/make_perl_groups.pl > "re2/$table.cc.part") ;;
      *) (cd "$re2" && python3 "re2/make_$table.py" > "re2/$table.cc.part") ;;
    esac
    mv "$re2/re2/$table.cc.part" "$re2/re2/$table.cc"
  fi
done
cmake_build "$re2" re2 -DRE2_BUILD_TESTING=OFF

libgit2="$(src_dir "${sources[0]}")"
cmake_build "$libgit2" libgit2 -DBUILD_TESTS=OFF -DBUILD_CLI=OFF -DBUILD_EXAMPLES=OFF \
  -DUSE_HTTPS=OFF -DUSE_SSH=OFF -DUSE_NTLMCLIENT=OFF -DUSE_GSSAPI=OFF \
  -DUSE_BUNDLED_ZLIB=OFF -DREGEX_BACKEND=pcre2 -DUSE_HTTP_PARSER=system \
  "${libgit2_args[@]}" "${zlib_args[@]}"
if [ "$target" = windows ]; then
  # libgit2 1.5.1 links ws2_32 on Windows (src/CMakeLists.txt) but leaves it out of libgit2.pc's
  # Libs.private, so a static link through pkg-config misses htonl, recv, WSAGetLastError, ...
  sed -i 's/^Libs.private: \(.*\)$/Libs.private: \1 -lws2_32/' "$prefix/lib/pkgconfig/libgit2.pc"
  grep -q '^Libs.private: .*-lws2_32' "$prefix/lib/pkgconfig/libgit2.pc" ||
    { echo "deps: could not add -lws2_32 to libgit2.pc" >&2; exit 1; }
fi

# Header-only libraries: Debian's headers, and a CMake config naming only this prefix.
header_only() { # package config-name target header...
  local package="$1" name="$2" target="$3"; shift 3
  for h in "$@"; do
    [ -e "/usr/include/$h" ] || { echo "deps: /usr/include/$h missing ($package)" >&2; exit 1; }
    cp -a "/usr/include/$h" "$prefix/include/"
  done
  mkdir -p "$prefix/lib/cmake/$name"
  cat > "$prefix/lib/cmake/$name/${name}Config.cmake" <<EOF
# Written by scripts/static_deps.sh: $package's headers, copied from Debian's package.
if(NOT TARGET $target)
  add_library($target INTERFACE IMPORTED)
  set_target_properties($target PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "\${CMAKE_CURRENT_LIST_DIR}/../../../include")
endif()
set(${name}_FOUND TRUE)
EOF
}
header_only libcli11-dev CLI11 CLI11::CLI11 CLI
header_only libtomlplusplus-dev tomlplusplus tomlplusplus::tomlplusplus toml++
header_only doctest-dev doctest doctest::doctest doctest

# Licences of everything linked into the release binary, for the package.
lic="$prefix/share/licenses"
mkdir -p "$lic"
cp "$libgit2/COPYING" "$lic/libgit2.txt"
cp "$re2/LICENSE" "$lic/re2.txt"
cp "$pcre2/LICENCE" "$lic/pcre2.txt"
cp "$hp/LICENSE-MIT" "$lic/http-parser.txt"
cp /usr/share/doc/libcli11-dev/copyright "$lic/CLI11.txt"
cp /usr/share/doc/libtomlplusplus-dev/copyright "$lic/tomlplusplus.txt"
cp "$gcc_copyright" "$lic/gcc-runtime-libraries.txt"
if [ "$target" = windows ]; then
  cp /usr/share/doc/libz-mingw-w64/copyright "$lic/zlib.txt"
  cp /usr/share/doc/mingw-w64-common/copyright "$lic/mingw-w64-runtime.txt"
else
  cp "$zlib/debian/copyright" "$lic/zlib.txt"
fi

rm -rf "$work"
touch "$prefix/.tp-complete"
echo "$prefix"
