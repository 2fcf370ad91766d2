#!/usr/bin/env bash
# Installs everything torchpatch needs on Debian 12 (run as root, or with sudo available),
# then fetches the pinned tree-sitter packages with `npm ci` (scripts/grammars.sh). Idempotent: safe to run again.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

packages=(build-essential g++ cmake ninja-build pkg-config git python3
          libgit2-dev libre2-dev libcli11-dev doctest-dev libtomlplusplus-dev
          nodejs npm clang libclang-rt-14-dev g++-mingw-w64-x86-64 clang-format ccache)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
# A machine may carry Node.js from another Debian-format package that already bundles npm.
if command -v node >/dev/null && command -v npm >/dev/null; then
  missing=("${missing[@]/nodejs}"); missing=("${missing[@]/npm}")
fi
missing=($(printf '%s\n' "${missing[@]}" | sed '/^$/d'))
if [ "${#missing[@]}" -gt 0 ]; then
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  echo "setup: installing ${missing[*]}"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

bash "$here/scripts/grammars.sh"
