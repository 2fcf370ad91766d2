# Sourced by the packaging scripts (scripts/package*.sh): packages they install, and release
# archives that are byte-reproducible: two builds from the same commit give the same bytes.
#
#   SOURCE_DATE_EPOCH  every timestamp in an archive (default: the commit time of HEAD); exported,
#                      so hatchling and auditwheel date the wheels' entries with it too

# tp_install_packages PACKAGE...: installs those that are missing (as root, or with sudo).
tp_install_packages() {
  local p missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  # A machine may carry Node.js from another Debian-format package that already bundles npm.
  if command -v node >/dev/null && command -v npm >/dev/null; then
    missing=("${missing[@]/nodejs}"); missing=("${missing[@]/npm}")
  fi
  missing=($(printf '%s\n' "${missing[@]}" | sed '/^$/d'))
  [ "${#missing[@]}" -gt 0 ] || return 0
  local sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  echo "package: installing ${missing[*]}"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# tp_release_env REPO: exports SOURCE_DATE_EPOCH (the commit time of HEAD unless already set).
tp_release_env() {
  if [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
    SOURCE_DATE_EPOCH="$(git -C "$1" log -1 --format=%ct 2>/dev/null)" ||
      { echo "package: $1 is not a git checkout: set SOURCE_DATE_EPOCH" >&2; return 1; }
  fi
  export SOURCE_DATE_EPOCH
}

# tp_version REPO: the project version of CMakeLists.txt.
tp_version() { sed -n 's/^project(torchpatch VERSION \([0-9.]*\).*/\1/p' "$1/CMakeLists.txt"; }

# tp_prefix_map REPO BUILD: compiler flags that write neither folder into an object (__FILE__,
# debug information): the source tree becomes ".", the build folder "build".
tp_prefix_map() { echo "-ffile-prefix-map=$1=. -ffile-prefix-map=$2=build"; }

source "$(dirname "${BASH_SOURCE[0]}")/ccache.sh"

# tp_normalize_tree DIR: modes 0755 for folders and executables, 0644 for the rest, and every
# timestamp SOURCE_DATE_EPOCH, so that an archive of DIR does not depend on umask or build time.
tp_normalize_tree() {
  find "$1" -type d -exec chmod 0755 {} +
  find "$1" -type f -perm /111 -exec chmod 0755 {} +
  find "$1" -type f ! -perm /111 -exec chmod 0644 {} +
  find "$1" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
}

# tp_tar_gz PARENT NAME OUT: PARENT/NAME as a gzip'd tar: entries sorted by name, owner root,
# mtimes SOURCE_DATE_EPOCH, no name or time in the gzip header.
tp_tar_gz() {
  tp_normalize_tree "$1/$2"
  (cd "$1" && tar --sort=name --format=gnu --owner=0 --group=0 --numeric-owner \
                  --mtime="@$SOURCE_DATE_EPOCH" -cf - "$2") | gzip -9n > "$3.part"
  mv "$3.part" "$3"
}

# tp_zip PARENT NAME OUT: PARENT/NAME's files as a zip: sorted, no folder entries, no extra fields
# (uid/gid, Unix times), DOS times in UTC.
tp_zip() {
  tp_normalize_tree "$1/$2"
  rm -f "$3"
  (cd "$1" && find "$2" -type f | LC_ALL=C sort | TZ=UTC zip -q -X -D -@ "$3")
}
