# Sourced by tests/msvc-stl/run.sh, clang-cl.sh and the checks: the MSVC STL oracle, Clang 21 of
# the sid root (tests/toolchain/lib.sh) in clang-cl mode compiling for x86_64-pc-windows-msvc
# against Microsoft's own STL headers (README.md says which parts are Microsoft's, which are
# Wine's and which are stand-ins, and what the oracle cannot judge).
#
# An oracle is made once per STL tag under $TP_CACHE/msvc-stl/TAG-RECIPE (RECIPE: the first 16
# hex digits of the sha256 of this file, the stand-ins and the STL archive) and holds
#   stl/        stl/inc of microsoft/STL at TAG, from the archive committed in stl/TAG.tar.xz
#   standins/   tests/msvc-stl/standins: the VCRuntime headers and what Wine 8's CRT lacks
#   wine/       Wine 8's CRT (msvcrt/) and Windows SDK (windows/) headers, from Debian 12's
#               libwine-dev (downloaded once, sha256 checked)
#   overlay.yaml  a case-insensitive VFS overlay of wine/ (Windows file names: <Windows.h>)
# The sid root sees it at /oracle (read-only); the files compiled are under /w.

source "$TP_REPO/tests/toolchain/lib.sh"
MS_DIR="$TP_REPO/tests/msvc-stl"
MS_CACHE="$TP_CACHE/msvc-stl"

# The STL tags the oracle knows: TAG COMMIT SHA256-OF-ARCHIVE MSC_VER STL_VERSION (what
# yvals_core.h asserts: 17.14 needs _MSC_VER >= 1944 and Clang >= 19; 14.50, VS 2026, the same).
MS_TAGS=(
  "vs-2022-17.14 1f6e5b16ec02216665624c1e762f3732605cf2b4 8f741242f0122b53be2a8932121f1aaac8046cf1ae4018f2cc342a375518e6be 1944 143"
  "msvc-build-tools-14.50 37d575ede5ade50ad95b857f22ed7f1be4b1f2df 2b33e44826d9c6128120208c1d712963a457ead1e5ce8cb8842f7a44ab530bbb 1950 145"
)
MS_DEFAULT_TAG=vs-2022-17.14

# Debian 12's libwine-dev (Wine 8): its headers are the oracle's C runtime and Windows SDK.
MS_WINE_DEB="libwine-dev_8.0~repack-4_amd64.deb"
MS_WINE_VERSION="8.0~repack-4"
MS_WINE_SHA256=7f9616b192c9c31894b5cd267704c9e4ca7688847d87d22492fd764287f695d5

# ms_tag_field TAG N: field N (1-5) of TAG's line in MS_TAGS; fails for an unknown tag.
ms_tag_field() {
  local line fields
  for line in "${MS_TAGS[@]}"; do
    read -ra fields <<<"$line"
    if [ "${fields[0]}" = "$1" ]; then echo "${fields[$(($2 - 1))]}"; return 0; fi
  done
  echo "msvc-stl: unknown STL tag $1 (known: ${MS_TAGS[*]%% *})" >&2
  return 1
}

# ms_wine_deb: prints the path of the cached libwine-dev package, downloading it through a private
# apt configuration (Debian 12's archive, from this machine's apt sources) when missing.
ms_wine_deb() {
  local apt="$MS_CACHE/apt" deb="$MS_CACHE/apt/$MS_WINE_DEB" have mirror
  if [ ! -f "$deb" ]; then
    mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" || return 1
    mirror="${TP_DEBIAN_MIRROR:-$(tp_debian_mirror)}" || return 1
    printf 'deb %s bookworm main\n' "$mirror" >"$apt/sources.list"
    local opts=(-o Dir::Etc::SourceList="$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
      -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache" -o Acquire::Check-Valid-Until=false
      -o APT::Sandbox::User=root)
    echo "msvc-stl: downloading $MS_WINE_DEB (Wine's CRT and SDK headers)" >&2
    { apt-get "${opts[@]}" update && (cd "$apt" && apt-get "${opts[@]}" download "libwine-dev=$MS_WINE_VERSION"); } \
      >"$apt/download.log" 2>&1 || {
      echo "msvc-stl: downloading $MS_WINE_DEB failed; see $apt/download.log" >&2; tail -n 5 "$apt/download.log" >&2; return 1; }
  fi
  have="$(sha256sum "$deb" | cut -d' ' -f1)"
  [ "$have" = "$MS_WINE_SHA256" ] || { echo "msvc-stl: $deb has sha256 $have, expected $MS_WINE_SHA256" >&2; return 1; }
  echo "$deb"
}

# ms_overlay DIR: writes DIR/overlay.yaml, a case-insensitive VFS overlay of DIR/wine as the sid
# root sees it (/oracle/wine), so that <Windows.h> and <WinSock2.h> find windows.h and winsock2.h.
ms_overlay() {
  local dir="$1"
  (cd "$dir" && {
    printf '{ "version": 0, "case-sensitive": "false", "roots": [\n'
    local sub first=yes f
    for sub in wine/msvcrt wine/windows; do
      [ "$first" = yes ] || printf ',\n'; first=no
      printf '{ "type": "directory", "name": "/oracle/%s", "contents": [\n' "$sub"
      find "$sub" -maxdepth 1 -type f -printf '%f\n' | sort | {
        local sep=""
        while IFS= read -r f; do
          printf '%s{ "type": "file", "name": "%s", "external-contents": "/oracle/%s/%s" }' "$sep" "$f" "$sub" "$f"
          sep=$',\n'
        done
      }
      printf '\n] }'
    done
    printf '\n] }\n'
  } >overlay.yaml)
}

# ms_prepare TAG: prints the key (a folder under $MS_CACHE) of TAG's oracle, making it when missing.
ms_prepare() {
  local tag="$1" want archive recipe key dir part deb
  want="$(ms_tag_field "$tag" 3)" || return 1
  archive="$MS_DIR/stl/$tag.tar.xz"
  [ "$(sha256sum "$archive" | cut -d' ' -f1)" = "$want" ] ||
    { echo "msvc-stl: $archive does not have the pinned sha256 $want" >&2; return 1; }
  recipe="$(cat "$MS_DIR/lib.sh" "$MS_DIR"/standins/*.h "$archive" | sha256sum | cut -c1-16)"
  key="$tag-$recipe" dir="$MS_CACHE/$key"
  if [ -f "$dir/.ready" ]; then echo "$key"; return 0; fi
  mkdir -p "$MS_CACHE" || return 1
  find "$MS_CACHE" -maxdepth 1 -name "$tag-*" ! -name "$key" -exec rm -rf {} + 2>/dev/null
  deb="$(ms_wine_deb)" || return 1
  part="$dir.part"; rm -rf "$part"; mkdir -p "$part/stl" "$part/wine" "$part/deb" || return 1
  tar -xJf "$archive" -C "$part/stl" --strip-components=3 "stl-$tag/stl/inc" &&
    tar -xJf "$archive" -C "$part/stl" --strip-components=1 "stl-$tag/LICENSE.txt" &&
    dpkg-deb -x "$deb" "$part/deb" && mv "$part/deb/usr/include/wine/wine/msvcrt" "$part/deb/usr/include/wine/wine/windows" "$part/wine/" &&
    rm -rf "$part/deb" && cp -r "$MS_DIR/standins" "$part/standins" && ms_overlay "$part" ||
    { echo "msvc-stl: making the oracle for $tag failed" >&2; return 1; }
  chmod -R a-w "$part/stl" "$part/wine" "$part/standins" && mv "$part" "$dir" && touch "$dir/.ready" || return 1
  echo "msvc-stl: oracle $key made ($(du -sh "$dir" | cut -f1))" >&2
  echo "$key"
}

# ms_flags KEY: the clang-cl command line of the oracle, as the sid root sees it. clang-cl mode:
# /EHsc and /std:c++17 as PyTorch's CMake sets them for MSVC, _MSC_VER of the tag's toolset, /X
# (no INCLUDE from the environment), then the STL, the stand-ins, Wine's CRT and Windows headers as
# system headers (after Clang's own resource headers), /Zs (syntax only), warnings off (-w) since
# they are not the subject, and every error shown.
ms_flags() {
  local tag="${1%-*}" msc
  msc="$(ms_tag_field "$tag" 4)" || return 1
  echo "clang-cl --target=x86_64-pc-windows-msvc -fms-compatibility-version=${msc:0:2}.${msc:2:2} /std:c++17 /EHsc /X /Zs -w" \
    "-ferror-limit=0 -fno-color-diagnostics -vfsoverlay /oracle/overlay.yaml -imsvc /oracle/stl -imsvc /oracle/standins" \
    "-imsvc /oracle/wine/msvcrt -imsvc /oracle/wine/windows"
}

# ms_sid KEY DIR 'COMMAND': COMMAND in the sid root with KEY's oracle at /oracle (read-only) and the
# host folder DIR at /w (read-write, the working directory), LC_ALL=C for ASCII quotes.
ms_sid() {
  local key="$1" dir="$2"; shift 2
  unshare -m bash -c '
    set -e
    mount --make-rprivate / 2>/dev/null || true
    mkdir -p "$3/w" "$3/oracle"
    mount --bind "$1" "$3/oracle" && mount -o remount,bind,ro "$3/oracle"
    mount --bind "$2" "$3/w"
    exec chroot "$3" env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/tmp LANG=C.UTF-8 LC_ALL=C \
      bash -c "cd /w && $4"' _ "$MS_CACHE/$key" "$dir" "$TP_SID_ROOT" "$*"
}

# ms_compile KEY DIR ARGS...: compiles with the oracle in DIR (ARGS: clang-cl arguments, paths
# relative to DIR); the compiler's output on stdout, its exit status returned.
ms_compile() {
  local key="$1" dir="$2" flags; shift 2
  flags="$(ms_flags "$key")" || return 1
  ms_sid "$key" "$dir" "$flags $* 2>&1"
}
