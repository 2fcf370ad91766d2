#!/usr/bin/env bash
# wheels.sh linux|auditwheel|windows: ctest dist-wheel-linux, dist-auditwheel, dist-wheel-windows.
#   linux       each Linux wheel of dist/ installed offline (`pip install --no-index`) into a fresh
#               virtual environment: `torchpatch` is on its PATH, and e2e.sh passes against that
#               installed command and against `python -m torchpatch`
#   auditwheel  for each Linux wheel (x86_64, aarch64), `auditwheel show` names the manylinux tag of
#               the wheel's file name, and that tag's glibc is the newest glibc symbol version the
#               bundled binary imports (readelf --dyn-syms), or, for the static binaries that import
#               none, auditwheel's oldest policy (manylinux_2_5 x86_64, manylinux_2_17 aarch64);
#               the binary is the portable tarball's, byte for byte
#   aarch64     the aarch64 tarball's static binary passes e2e.sh under qemu-aarch64-static, and so
#               does the binary that `pip install --platform manylinux_2_17_aarch64` installs
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
    list="$(wheels 'manylinux*_x86_64')"
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
    # The static binaries import no glibc symbol: auditwheel's oldest policy for each architecture.
    for arch in x86_64:manylinux_2_5 aarch64:manylinux_2_17; do
      oldest="${arch#*:}_${arch%%:*}" arch="${arch%%:*}"
      list="$(wheels "manylinux*_$arch")"
      [ -n "$list" ] || fail "no manylinux $arch wheel in $dist: run bash scripts/package.sh"
      for wheel in $list; do
        shown="$(tp_auditwheel show "$wheel" 2>&1)" || fail "auditwheel show failed: $shown"
        echo "$shown"
        tag="$(printf '%s\n' "$shown" | grep -oE "manylinux_2_[0-9]+_$arch" | head -n 1)"
        [ -n "$tag" ] || fail "auditwheel show names no manylinux tag"
        case "$(basename "$wheel")" in *[-.]"$tag.whl") ;; *) fail "$(basename "$wheel") is not tagged $tag" ;; esac
        unpack "$wheel" "$work/unpacked"
        tar -xzf "$(ls "$dist"/torchpatch-*-linux-$arch.tar.gz | head -n 1)" -C "$work" --wildcards '*/torchpatch'
        cmp -s "$work/unpacked/torchpatch/bin/torchpatch" "$work"/torchpatch-*-linux-$arch/torchpatch ||
          fail "the wheel's binary is not the portable tarball's (did auditwheel change it?)"
        newest="$(readelf -W --dyn-syms "$work/unpacked/torchpatch/bin/torchpatch" | grep -oE 'GLIBC_2\.[0-9]+' | sort -uV | tail -n 1)"
        expected="manylinux_2_${newest#GLIBC_2.}_$arch"
        [ -n "$newest" ] || expected="$oldest" newest="none"
        [ "$expected" = "$tag" ] || fail "the binary's newest glibc symbol is $newest, but the tag is $tag"
        echo "ok - $(basename "$wheel"): auditwheel says $tag; the binary's newest glibc symbol is $newest"
        rm -rf "$work/unpacked" "$work"/torchpatch-*-linux-$arch
      done
    done ;;
  aarch64)
    # No aarch64 machine here: qemu-aarch64-static runs the static binary directly (no aarch64 root
    # needed). pip installs the wheel for that platform into a folder (--platform, --target).
    qemu="$(command -v qemu-aarch64-static)" || fail "qemu-aarch64-static missing (package qemu-user-static)"
    tarball="$(ls "$dist"/torchpatch-*-linux-aarch64.tar.gz 2>/dev/null | head -n 1)"
    [ -n "$tarball" ] || fail "no Linux aarch64 tarball in $dist: run bash scripts/package.sh"
    tar -xzf "$tarball" -C "$work"
    binary="$(ls "$work"/torchpatch-*-linux-aarch64/torchpatch)"
    file_says="$(file -b "$binary")"
    case "$file_says" in *"ARM aarch64"*static-pie*) ;; *) fail "the aarch64 tarball's binary is: $file_says" ;; esac
    echo "== $(basename "$tarball"): $file_says"
    bash "$repo/tests/dist/e2e.sh" "$repo" "$qemu" "$binary" || fail "e2e with the aarch64 binary under qemu"
    list="$(wheels 'manylinux*_aarch64')"
    [ -n "$list" ] || fail "no manylinux aarch64 wheel in $dist: run bash scripts/package.sh"
    for wheel in $list; do
      /usr/bin/python3 -m venv "$work/venv" || fail "python3 -m venv failed"
      "$work/venv/bin/pip" install -q --no-index --only-binary=:all: --platform manylinux_2_17_aarch64 \
        --target "$work/installed" "$wheel" || fail "pip install --platform manylinux_2_17_aarch64 $wheel failed"
      installed="$work/installed/torchpatch/bin/torchpatch"
      cmp -s "$installed" "$binary" || fail "the installed wheel's binary is not the tarball's"
      [ -x "$installed" ] || fail "pip installed the binary without its execute bit"
      echo "== $(basename "$wheel"): installed for manylinux_2_17_aarch64"
      bash "$repo/tests/dist/e2e.sh" "$repo" "$qemu" "$installed" || fail "e2e with the wheel's binary under qemu"
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
  *) fail "usage: wheels.sh linux|auditwheel|aarch64|windows" ;;
esac
echo "1 passed, 0 failed"
