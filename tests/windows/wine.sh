#!/usr/bin/env bash
# Wine for the windows tests (ctest label `windows`), headless (WINEDEBUG=-all) in a throw-away
# prefix that one ctest run makes once and removes at the end:
#   bash wine.sh boot     installs wine (and git, patch) if missing and makes $WINEPREFIX (wineboot)
#   bash wine.sh unit     runs tp_unit_tests.exe under Wine
#   bash wine.sh remove   removes $WINEPREFIX
# Sourced by run.sh for tp_wine_env and win_path.
#
#   TP_WINDOWS_BUILD_DIR  the cross build of scripts/package_windows.sh (default build-windows/)
#   WINEPREFIX            the prefix (default: one in the cross build)
set -euo pipefail
tp_repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
tp_windows_build="${TP_WINDOWS_BUILD_DIR:-$tp_repo/build-windows}"
export WINEPREFIX="${WINEPREFIX:-$tp_windows_build/wine-prefix}"
export WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=" DISPLAY=""
# Wine maps Unix file names to Windows ones through the locale's character set: in the C locale
# (an environment with nothing but PATH and HOME) a non-ASCII folder name arrives mangled.
export LC_ALL=C.UTF-8

# tp_wine_env EXE...: fails unless these executables of the cross build, and Wine, are there.
tp_wine_env() {
  local exe
  for exe in "$@"; do
    [ -f "$tp_windows_build/$exe" ] || {
      echo "windows: $tp_windows_build/$exe is missing: run bash scripts/package_windows.sh first" >&2
      return 1; }
  done
  command -v wine >/dev/null || { echo "windows: wine is not installed (bash tests/windows/wine.sh boot installs it)" >&2; return 1; }
  [ -f "$WINEPREFIX/system.reg" ] || { echo "windows: no Wine prefix at $WINEPREFIX (bash tests/windows/wine.sh boot)" >&2; return 1; }
}

# A host path as Wine's Z: drive spells it: /tmp/a b -> Z:\tmp\a b
win_path() { local p="$1"; printf 'Z:%s' "${p//\//\\}"; }

tp_wine_boot() {
  # Wine, and what run.sh uses besides it (git for the fixtures, patch for export's series).
  local p missing=()
  for p in wine wine64 git patch; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  if [ "${#missing[@]}" -gt 0 ]; then
    local sudo_cmd=""
    [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
    echo "windows: installing ${missing[*]}"
    $sudo_cmd apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
  rm -rf "$WINEPREFIX"
  mkdir -p "$(dirname "$WINEPREFIX")"
  local started=$SECONDS
  wineboot --init >/dev/null 2>&1 || { echo "windows: wineboot failed in $WINEPREFIX" >&2; return 1; }
  wineserver -w
  [ -f "$WINEPREFIX/system.reg" ] || { echo "windows: wineboot made no prefix at $WINEPREFIX" >&2; return 1; }
  echo "windows: Wine prefix $WINEPREFIX ready in $((SECONDS - started)) s ($(wine --version))"
}

# Unit tests that build repositories by running `git` through a POSIX shell (tests/unit/platform/
# test_git.hpp: single quotes, /dev/null). Wine's cmd.exe has neither git nor that shell, so these
# run on Linux only; the runner names them every time.
tp_unit_needs_git=(
  "plan_matrix: gives the same outcomes as planning each revision's checkout"
  "matrix_revisions: version tags by version by default; --tags globs"
  "RevisionTreeSource: a submodule whose repository is absent is reported as uninitialised"
  "ListingPrefetch: the listing of the repository holding the folder, for that root only"
  "submodules: nested, uninitialised, missing from .gitmodules, and .gitmodules paths that are no gitlink"
  "a .gitmodules that cannot be parsed changes nothing: the index decides"
  "ObjectStore::tree: lists and reads a revision's files, submodules included, without a checkout"
  "open_checkout: the repository holding the folder, its version from the tag"
  "plan_checkout: an unknown --only id is a usage error, and nothing is recovered first"
  "plan_checkout: the catalog loader's error ends it with the loader's exit code"
  "plan_checkout: an interrupted apply is rolled back first and reported as data"
  "a recovery blocked by a file changed since is a conflict; revert --force rolls it back"
  "apply_checkout, checkout_status, revert_checkout: the journal's round trip"
  "apply_checkout, revert_checkout, checkout_status: a plain folder has no journal (environment)"
  "export_checkout: one .patch per patchset that will apply and the series, the checkout untouched"
  "HEAD's blob, byte for byte or with CRLF line ends, is committed; anything else is not"
  "a file in a submodule is judged by the submodule's HEAD, named as its holder"
)

# Unit tests that build fake tool installations with symlinks (tests/unit/engine/facts_test.cpp):
# mingw-w64's libstdc++ has no std::filesystem::create_symlink on Windows (it fails with
# "Function not implemented"), so these run on Linux only; the runner names them every time.
tp_unit_needs_symlinks=(
  "detect_python: the python3.X name at the end of python3's symlink chain"
  "detect_cmake: share/cmake-X.Y beside the real binary, through a symlink"
  "detect_compiler: c++ -> g++ -> g++-15 gives gcc 15; CXX wins over PATH"
  "gather_facts: --fact wins over detection and says so"
  "detect_python: pyenv's \"system\" moves on to the next python3 on PATH"
)

# The unit tests need TP_SOURCE_DIR (a Linux path compiled in); Wine reads "/work/..." as a
# path on the current drive, which is Z: (the host's /) when started from a host folder.
tp_wine_unit() {
  tp_wine_env tests/tp_unit_tests.exe
  cd "$tp_repo"
  local excluded name
  # doctest filters are comma-separated wildcards: commas in a name become '?'.
  excluded="$(printf '%s\n' "${tp_unit_needs_git[@]}" "${tp_unit_needs_symlinks[@]}" | sed 's/,/?/g' | paste -sd, -)"
  echo "windows: not run under Wine (they need git and a POSIX shell):"
  for name in "${tp_unit_needs_git[@]}"; do echo "    $name"; done
  echo "windows: not run under Wine (they create symlinks, which mingw-w64's libstdc++ cannot):"
  for name in "${tp_unit_needs_symlinks[@]}"; do echo "    $name"; done
  wine "$tp_windows_build/tests/tp_unit_tests.exe" --test-case-exclude="$excluded" "$@"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  case "${1:-}" in
    boot) tp_wine_boot ;;
    unit) shift; tp_wine_unit "$@" ;;
    remove) wineserver -k 2>/dev/null || true; rm -rf "$WINEPREFIX"; echo "windows: removed $WINEPREFIX" ;;
    *) echo "usage: wine.sh boot|unit|remove" >&2; exit 2 ;;
  esac
fi
