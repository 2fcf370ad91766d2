#!/usr/bin/env bash
# package_wheels.sh: the pip wheels of torchpatch, from the release binaries that
# scripts/package_linux.sh and scripts/package_windows.sh made (run those first; scripts/package.sh
# runs all three). Built with Debian 12's packages: python3-build and python3-hatchling (from
# packaging/python, its build hook tagging the wheel for the binary's platform), then auditwheel
# (scripts/lib/auditwheel.sh) gives each Linux wheel the manylinux tag its binary satisfies (the
# static binaries need no glibc of the host: auditwheel's oldest policy for their architecture).
#   dist/torchpatch-<version>-py3-none-manylinux1_x86_64.manylinux_2_5_x86_64.whl
#   dist/torchpatch-<version>-py3-none-manylinux2014_aarch64.manylinux_2_17_aarch64.whl
#   dist/torchpatch-<version>-py3-none-win_amd64.whl
# All put `torchpatch` on PATH (a console script running the bundled binary) and make
# `python -m torchpatch` work. Reproducible: entries dated SOURCE_DATE_EPOCH, modes normalized.
#
#   TP_LINUX_BUILD_DIR, TP_LINUX_AARCH64_BUILD_DIR, TP_WINDOWS_BUILD_DIR   where the binaries were built
#   TP_WHEEL_BUILD_DIR                         the wheels' work folder (default build-wheels/)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$here/scripts/lib/release.sh"
source "$here/scripts/lib/auditwheel.sh"
tp_install_packages python3 python3-build python3-hatchling python3-venv python3-packaging \
  python3-pyelftools patchelf
tp_release_env "$here"
# auditwheel repair unpacks the wheel and zips it again with its folders' modes, which the umask
# decides (0700 under umask 077): one umask for everyone.
umask 022
version="$(tp_version "$here")"
work="${TP_WHEEL_BUILD_DIR:-$here/build-wheels}"
linux_stage="${TP_LINUX_BUILD_DIR:-$here/build-linux}/package/torchpatch-$version-linux-x86_64"
aarch64_stage="${TP_LINUX_AARCH64_BUILD_DIR:-$here/build-linux-aarch64}/package/torchpatch-$version-linux-aarch64"
windows_stage="${TP_WINDOWS_BUILD_DIR:-$here/build-windows}/package/torchpatch-$version-windows-x64"
for binary in "$linux_stage/torchpatch" "$aarch64_stage/torchpatch" "$windows_stage/torchpatch.exe"; do
  [ -f "$binary" ] || { echo "package-wheels: $binary missing: run scripts/package.sh" >&2; exit 1; }
done
mkdir -p "$here/dist"

# wheel PLATFORM STAGE BINARY: builds the wheel for PLATFORM from the package stage folder (the
# binary, README.md, licenses/) into $work/PLATFORM/out and prints its path.
wheel() {
  local platform="$1" stage="$2" binary="$3" src="$work/$1/src"
  rm -rf "${work:?}/$platform"
  mkdir -p "$work/$platform"
  cp -a "$here/packaging/python" "$src"
  sed -i "s/@VERSION@/$version/" "$src/pyproject.toml" "$src/torchpatch/__init__.py"
  mkdir -p "$src/torchpatch/bin"
  cp "$stage/$binary" "$src/torchpatch/bin/$binary"
  chmod 0755 "$src/torchpatch/bin/$binary"
  cp "$stage/README.md" "$src/README.md"
  cp -r "$stage/licenses" "$src/torchpatch/licenses"
  tp_normalize_tree "$src"
  # --skip-dependency-check: Debian 12's hatchling metadata asks for `editables`, which only
  # editable installs use and Debian 12 does not package.
  echo "package-wheels: building the $platform wheel" >&2
  TP_WHEEL_PLATFORM="$platform" /usr/bin/python3 -m build --wheel --no-isolation --skip-dependency-check \
    --outdir "$work/$platform/out" "$src" > "$work/$platform/build.log" 2>&1 ||
    { tail -n 30 "$work/$platform/build.log" >&2; echo "package-wheels: building the $platform wheel failed" >&2; exit 1; }
  ls "$work/$platform/out/"*.whl
}

# auditwheel repair keeps the wheel's files (there is no shared library to graft: the binary is
# static) and names the oldest manylinux policy the binary satisfies.
repair() { # platform stage: the repaired wheel's path
  local platform="$1" built
  built="$(wheel "$platform" "$2" torchpatch)"
  tp_auditwheel repair --wheel-dir "$work/$platform/repaired" "$built" > "$work/$platform/repair.log" 2>&1 ||
    { cat "$work/$platform/repair.log" >&2; echo "package-wheels: auditwheel repair failed" >&2; exit 1; }
  ls "$work/$platform/repaired/"*.whl
}
# One assignment each: set -e sees a failed command substitution in a plain assignment only.
x86_64_wheel="$(repair linux_x86_64 "$linux_stage")"
aarch64_wheel="$(repair linux_aarch64 "$aarch64_stage")"
windows_wheel="$(wheel win_amd64 "$windows_stage" torchpatch.exe)"
rm -f "$here/dist/torchpatch-$version-"*.whl
for w in "$x86_64_wheel" "$aarch64_wheel" "$windows_wheel"; do
  cp "$w" "$here/dist/"
  echo "package-wheels: dist/$(basename "$w") ($(du -k "$w" | cut -f1) KiB)"
done
