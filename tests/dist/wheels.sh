#!/usr/bin/env bash
# wheels.sh linux|auditwheel|windows: ctest dist-wheel-linux, dist-auditwheel, dist-wheel-windows.
#   linux       each Linux wheel of dist/ installed offline (`pip install --no-index`) into a fresh
#               virtual environment: `torchpatch` is on its PATH, and e2e.sh passes against that
#               installed command and against `python -m torchpatch`
#   auditwheel  `auditwheel show` names the manylinux tag of the wheel's file name, and that tag's
#               glibc is the newest glibc symbol version the bundled binary imports (objdump -T),
#               or, for the static binary that imports none, auditwheel's oldest (manylinux_2_5);
#               the binary is the portable tarball's, byte for byte
#   windows     the win_amd64 wheel carries torchpatch.exe of the Windows zip, declares the
#               `torchpatch` console script and its platform, and the exe runs under Wine (needs
#               the Wine prefix of tests/windows/wine.sh boot)
set -uo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
dist="${TP_DIST_DIR:-$repo/dist}"
work="$(mktemp -d "${TMPDIR:-/tmp}/tp-dist-wheels.XXXXXX")"
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
wheels() { ls "$dist"/torchpatch-*-$1.whl 2>/dev/null; }
unpack() { /usr/bin/python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' "$1" "$2"; }

case "${1:-}" in
  linux)
    list="$(wheels 'manylinux_*_x86_64')"
    [ -n "$list" ] || fail "no manylinux wheel in $dist: run bash scripts/package.sh"
    for wheel in $list; do
      venv="$work/venv-$(basename "$wheel" .whl)"
      /usr/bin/python3 -m venv "$venv" || fail "python3 -m venv failed"
      "$venv/bin/pip" install -q --no-index "$wheel" || fail "pip install --no-index $wheel failed"
      found="$(PATH="$venv/bin:/usr/bin:/bin" command -v torchpatch)"
      [ "$found" = "$venv/bin/torchpatch" ] || fail "torchpatch on PATH is '$found', not the venv's"
      echo "== $(basename "$wheel"): torchpatch"
      bash "$repo/tests/dist/e2e.sh" "$repo" "$venv/bin/torchpatch" || fail "e2e with the installed torchpatch"
      echo "== $(basename "$wheel"): python -m torchpatch"
      bash "$repo/tests/dist/e2e.sh" "$repo" "$venv/bin/python" -m torchpatch || fail "e2e with python -m torchpatch"
    done ;;
  auditwheel)
    source "$repo/scripts/lib/auditwheel.sh"
    list="$(wheels 'manylinux_*_x86_64')"
    [ -n "$list" ] || fail "no manylinux wheel in $dist: run bash scripts/package.sh"
    for wheel in $list; do
      shown="$(tp_auditwheel show "$wheel" 2>&1)" || fail "auditwheel show failed: $shown"
      echo "$shown"
      tag="$(printf '%s\n' "$shown" | grep -oE 'manylinux_2_[0-9]+_x86_64' | head -n 1)"
      [ -n "$tag" ] || fail "auditwheel show names no manylinux tag"
      case "$(basename "$wheel")" in *[-.]"$tag.whl") ;; *) fail "$(basename "$wheel") is not tagged $tag" ;; esac
      unpack "$wheel" "$work/unpacked"
      tar -xzf "$(ls "$dist"/torchpatch-*-linux-x86_64.tar.gz | head -n 1)" -C "$work" --wildcards '*/torchpatch'
      cmp -s "$work/unpacked/torchpatch/bin/torchpatch" "$work"/torchpatch-*-linux-x86_64/torchpatch ||
        fail "the wheel's binary is not the portable tarball's (did auditwheel change it?)"
      newest="$(objdump -T "$work/unpacked/torchpatch/bin/torchpatch" 2>/dev/null | grep -oE 'GLIBC_2\.[0-9]+' | sort -uV | tail -n 1)"
      expected="manylinux_2_${newest#GLIBC_2.}_x86_64"
      [ -n "$newest" ] || expected=manylinux_2_5_x86_64 newest="none"
      [ "$expected" = "$tag" ] || fail "the binary's newest glibc symbol is $newest, but the tag is $tag"
      echo "ok - $(basename "$wheel"): auditwheel says $tag; the binary's newest glibc symbol is $newest"
      rm -rf "$work/unpacked"
    done ;;
  windows)
    source "$repo/tests/windows/wine.sh"
    list="$(wheels win_amd64)"
    [ -n "$list" ] || fail "no win_amd64 wheel in $dist: run bash scripts/package.sh"
    zip="$(ls "$dist"/torchpatch-*-windows-x64.zip | head -n 1)"
    unpack "$zip" "$work/zip"
    for wheel in $list; do
      unpack "$wheel" "$work/wheel"
      exe="$work/wheel/torchpatch/bin/torchpatch.exe"
      [ -f "$exe" ] || fail "$(basename "$wheel") has no torchpatch/bin/torchpatch.exe"
      cmp -s "$exe" "$work/zip/"*/torchpatch.exe || fail "the wheel's exe is not the zip's"
      dist_info="$(ls -d "$work/wheel/"torchpatch-*.dist-info)"
      grep -qx 'Tag: py3-none-win_amd64' "$dist_info/WHEEL" || fail "WHEEL does not say py3-none-win_amd64"
      grep -qx 'Root-Is-Purelib: false' "$dist_info/WHEEL" || fail "WHEEL says the wheel is pure Python"
      grep -qx 'torchpatch = torchpatch.__main__:main' "$dist_info/entry_points.txt" ||
        fail "no torchpatch console script"
      tp_wine_env || exit 1
      co="$work/checkout"
      bash "$repo/scripts/make_checkout.sh" "$repo/fixtures/v2.0.1" "$co" >/dev/null 2>&1 || fail "make_checkout"
      out="$(wine "$exe" --version)" || fail "torchpatch.exe --version under Wine failed"
      printf '%s\n' "$out" | grep -qE '^torchpatch [0-9.]+ \(catalog [0-9.]+, commit [0-9a-f]{12}(-dirty)?\)' ||
        fail "torchpatch.exe --version said: $out"
      wine "$exe" -C "$(win_path "$co")" list > "$work/list.txt" || fail "torchpatch.exe list under Wine failed"
      grep -qE '^will-apply +setuptools-msvccompiler ' "$work/list.txt" || fail "list under Wine: $(cat "$work/list.txt")"
      echo "ok - $(basename "$wheel"): the zip's torchpatch.exe, console script, win_amd64; under Wine: $out"
    done ;;
  *) fail "usage: wheels.sh linux|auditwheel|windows" ;;
esac
echo "1 passed, 0 failed"
