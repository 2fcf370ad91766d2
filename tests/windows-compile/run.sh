#!/usr/bin/env bash
# The Windows patchsets judged by a compiler for Windows (ctest: windows-compile, label
# windows-compile): Clang 21 of the sid root (tests/toolchain/lib.sh) with --target=
# x86_64-w64-windows-gnu, Debian's MinGW-w64 CRT headers and libstdc++ for that target, compiling
# the REAL files of Debian's PyTorch 1.13.1 and 2.6.0 release trees with _WIN32 and PyTorch's
# Windows export macros, before `torchpatch apply` (must fail with exactly the patchset's error)
# and after (must compile). The trees, configured and with their codegen headers, are cached
# (lib.sh). Usage: run.sh TORCHPATCH [VERSION...]; each check in checks/ runs on each version as
# `bash checks/ID.sh VERSION KEY`. The last line is "N passed, N failed"; nothing is skipped: a
# tree, codegen or root that cannot be made is a failure.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/../toolchain/runner.sh"
tp_runner_binary windows-compile "${1:-}"; shift
source "$here/lib.sh"
versions=("$@")
[ ${#versions[@]} -gt 0 ] || versions=(1.13.1 2.6.0)

started=$SECONDS
tp_runner_root windows-compile
mkdir -p "$WC_CACHE"
echo "windows-compile: $(wc_sid 'clang++ --version' | head -n1)"
pass=0 fail=0
for version in "${versions[@]}"; do
  t0=$SECONDS
  if ! key="$(wc_prepare "$version")"; then
    echo "FAILED: preparing real $version"; fail=$((fail + 1)); continue
  fi
  echo "windows-compile: real $version ready in $((SECONDS - t0)) s ($WC_CACHE/$key)"
  for check in "$here"/checks/*.sh; do
    name="$(basename "$check" .sh)"
    echo "== $name on real $version"
    t1=$SECONDS
    if bash "$check" "$version" "$key"; then
      pass=$((pass + 1)); echo "ok: $name on real $version ($((SECONDS - t1)) s)"
    else
      fail=$((fail + 1)); echo "FAILED: $name on real $version ($((SECONDS - t1)) s)"
    fi
  done
done
echo "windows-compile: took $((SECONDS - started)) s"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
