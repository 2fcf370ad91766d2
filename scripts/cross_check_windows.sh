#!/usr/bin/env bash
# Windows portability, checked on Linux: compiles every translation unit under src/ for Windows
# with mingw-w64 g++ (-fsyntax-only, C++20, the project's warnings as errors), with the Win32
# platform file in and the POSIX one out. A POSIX-only call or header outside src/platform fails
# here instead of on a Windows machine. Third-party headers come from the system (libgit2, re2,
# CLI11, toml++) and the pinned tree-sitter package, each linked into a private include folder so
# that no Linux system header (unistd.h, sys/*.h) is visible. Installs g++-mingw-w64-x86-64
# with apt-get when it is missing.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

if ! dpkg-query -W -f='${Status}' g++-mingw-w64-x86-64 2>/dev/null | grep -q 'install ok installed'; then
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  echo "cross-check: installing g++-mingw-w64-x86-64"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends g++-mingw-w64-x86-64
fi
# The posix thread model: std::thread and std::mutex exist, as they do with MSVC.
cxx=x86_64-w64-mingw32-g++-posix
command -v "$cxx" >/dev/null || cxx=x86_64-w64-mingw32-g++

deps="$(mktemp -d)"
trap 'rm -rf "$deps"' EXIT
for h in git2.h git2 re2 toml++ CLI; do
  [ -e "/usr/include/$h" ] || { echo "cross-check: /usr/include/$h missing (run scripts/setup.sh)" >&2; exit 1; }
  ln -s "/usr/include/$h" "$deps/$h"
done
ts="$here/grammars/node_modules/tree-sitter/vendor/tree-sitter/lib/include/tree_sitter"
[ -d "$ts" ] || { echo "cross-check: $ts missing (run scripts/setup.sh)" >&2; exit 1; }
ln -s "$ts" "$deps/tree_sitter"

# mingw-w64 ships some POSIX headers MSVC does not have; outside src/platform/platform_posix.cpp
# (not compiled here) any of them is a portability bug, so each one here stops the compile.
mkdir -p "$deps/poison/sys"
for h in unistd.h dirent.h strings.h libgen.h spawn.h glob.h fnmatch.h poll.h termios.h \
         sys/file.h sys/mman.h sys/wait.h sys/socket.h sys/time.h sys/ioctl.h sys/select.h; do
  printf '#error "<%s> is POSIX-only: use std::filesystem or src/platform (platform_posix.cpp / platform_win32.cpp)"\n' \
    "$h" > "$deps/poison/$h"
done

mapfile -t units < <(cd "$here" && find src -name '*.cpp' ! -name 'platform_posix.cpp' | sort)
echo "cross-check: ${#units[@]} translation units with $cxx"
flags=(-std=c++20 -fsyntax-only -Wall -Wextra -Wpedantic -Wshadow -Werror
       -DTP_ENGINE_VERSION='"0.0.0"' -DUNICODE -D_UNICODE -I "$deps/poison" -I "$here/src" -isystem "$deps")
export cxx deps here
printf '%s\n' "${units[@]}" |
  (cd "$here" && xargs -P "${TP_JOBS:-2}" -I{} sh -c '"$0" "$@" {} || { echo "cross-check: FAILED {}" >&2; exit 255; }' \
     "$cxx" "${flags[@]}")
echo "cross-check: every translation unit compiles for Windows"
