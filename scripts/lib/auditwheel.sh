# Sourced by scripts/package_wheels.sh and tests/dist: auditwheel, which Debian 12 does not package.
# Debian testing (forky) has python3-auditwheel, pure Python, depending only on python3-packaging and
# python3-pyelftools, which Debian 12 has: its .deb is fetched once through a private apt
# configuration (forky's lists only, its own folders under the cache, signatures checked as apt
# always does), unpacked into the cache and run with Debian 12's python3.
#
#   tp_auditwheel ARGS...   runs `auditwheel ARGS...`
#   TP_CACHE                cache root; this uses auditwheel/
source "$(dirname "${BASH_SOURCE[0]}")/debian_mirror.sh"
tp_auditwheel_version=6.7.0+ds1-2

tp_auditwheel_root() { # prints the unpacked package's root, fetching it once
  local cache="${TP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/torchpatch}/auditwheel"
  local root="$cache/python3-auditwheel-$tp_auditwheel_version"
  if [ ! -f "$root/.tp-unpacked" ]; then
    local mirror; mirror="$(tp_debian_mirror)" || return 1
    mkdir -p "$cache/apt/lists/partial" "$cache/apt/cache/archives/partial"
    printf 'deb %s forky main\n' "$mirror" > "$cache/apt/sources.list"
    local apt_opts=(-o "Dir::Etc::SourceList=$cache/apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
                    -o "Dir::State::Lists=$cache/apt/lists" -o Dir::Cache="$cache/apt/cache"
                    -o APT::Sandbox::User=root)
    echo "auditwheel: fetching python3-auditwheel $tp_auditwheel_version (private source list: forky)" >&2
    apt-get "${apt_opts[@]}" update -qq >&2 || { echo "auditwheel: apt-get update failed" >&2; return 1; }
    rm -rf "$root" && mkdir -p "$root"
    (cd "$cache" && apt-get "${apt_opts[@]}" -qq download "python3-auditwheel=$tp_auditwheel_version" >&2) ||
      { echo "auditwheel: python3-auditwheel $tp_auditwheel_version is not in forky any more: update tp_auditwheel_version" >&2; return 1; }
    dpkg-deb -x "$cache/python3-auditwheel_${tp_auditwheel_version/:/%3a}_all.deb" "$root"
    rm -f "$cache"/python3-auditwheel_*.deb
    touch "$root/.tp-unpacked"
  fi
  echo "$root"
}

tp_auditwheel() {
  local root; root="$(tp_auditwheel_root)" || return 1
  PYTHONPATH="$root/usr/lib/python3/dist-packages" /usr/bin/python3 -m auditwheel "$@"
}
