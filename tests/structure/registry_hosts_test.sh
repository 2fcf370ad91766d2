#!/usr/bin/env bash
# No package registry's host name is committed (README: the Debian mirror is read from the
# machine's own apt sources at run time, scripts/lib/debian_mirror.sh). The hosts are this
# machine's: every URI of its apt sources and npm's configured registry. Fails when a tracked file
# names one, and when no host could be read at all (the check would then prove nothing).
# First it checks itself on a throw-away repository that does name a host.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
source "$here/scripts/lib/debian_mirror.sh"

registry_hosts() {
  { tp_apt_source_uris; command -v npm >/dev/null && npm config get registry 2>/dev/null; } |
    sed -nE 's#^[a-z0-9+]+://([^/:[:space:]]+).*#\1#p' | sort -u
}
# tracked_files_naming REPO HOST...: prints "HOST: file" for every tracked file of REPO naming HOST.
tracked_files_naming() {
  local repo="$1" host; shift
  for host in "$@"; do
    git -C "$repo" grep -I -l -F "$host" -- . 2>/dev/null | sed "s#^#$host: #" || true
  done
}

mapfile -t hosts < <(registry_hosts)
[ "${#hosts[@]}" -gt 0 ] || { echo "FAIL no registry host found in the apt sources or npm's configuration"; exit 1; }
git -C "$here" rev-parse --is-inside-work-tree >/dev/null 2>&1 ||
  { echo "FAIL $here is not a git checkout: cannot list its tracked files"; exit 1; }

tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
git -C "$tmp" init -q && printf 'mirror=http://%s/x\n' "${hosts[0]}" >"$tmp/planted.sh" && git -C "$tmp" add planted.sh
if [ -z "$(tracked_files_naming "$tmp" "${hosts[0]}")" ]; then
  echo "FAIL the check does not see ${hosts[0]} in a tracked file that names it"; exit 1
fi

hits="$(tracked_files_naming "$here" "${hosts[@]}")"
if [ -n "$hits" ]; then
  echo "FAIL tracked files name a package registry host (read it from the machine's configuration instead):"
  sed 's/^/    /' <<<"$hits"
  exit 1
fi
echo "ok   no tracked file names any of: ${hosts[*]}"
