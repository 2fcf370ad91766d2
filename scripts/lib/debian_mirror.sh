# Sourced by the scripts that fetch from Debian's archive through a private apt configuration
# (tests/real/get_trees.sh, tests/toolchain/lib.sh, scripts/windows/deps.sh). The repository names
# no mirror: it is read at run time from this machine's own apt sources, as a user's machine has
# them, and TP_DEBIAN_MIRROR overrides it.
#
#   tp_debian_mirror   prints the base URL of the Debian archive (the URI whose path ends in
#                      /debian, not /debian-security), or fails saying where it looked.

# The URIs of the enabled sources: deb822 `URIs:` fields (sources.list.d/*.sources) and the URL of
# one-line `deb`/`deb-src` entries (sources.list, sources.list.d/*.list); comments are skipped.
tp_apt_source_uris() {
  local etc="${TP_APT_ETC:-/etc/apt}" f
  for f in "$etc"/sources.list.d/*.sources; do
    [ -f "$f" ] && sed -n 's/#.*//; s/^URIs:[[:space:]]*//p' "$f" | tr ' \t' '\n\n'
  done
  for f in "$etc/sources.list" "$etc"/sources.list.d/*.list; do
    [ -f "$f" ] && sed -n 's/#.*//; s/^[[:space:]]*deb\(-src\)\{0,1\}[[:space:]]\{1,\}\(\[[^]]*\][[:space:]]\{1,\}\)\{0,1\}\([^[:space:]]*\).*/\3/p' "$f"
  done
  return 0
}

tp_debian_mirror() {
  if [ -n "${TP_DEBIAN_MIRROR:-}" ]; then echo "$TP_DEBIAN_MIRROR"; return 0; fi
  local uri
  uri="$(tp_apt_source_uris | grep -E '^(https?|file)://[^[:space:]]*/debian/?$' | head -n 1)"
  if [ -z "$uri" ]; then
    echo "no Debian archive in ${TP_APT_ETC:-/etc/apt}/sources.list{,.d/*.sources,.d/*.list}: set TP_DEBIAN_MIRROR to one" >&2
    return 1
  fi
  echo "${uri%/}"
}
