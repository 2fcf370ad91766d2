#!/usr/bin/env bash
# The Windows patchsets judged by Microsoft's own STL (ctest: msvc-stl, label msvc-stl): Clang 21
# of the sid root in clang-cl mode for x86_64-pc-windows-msvc with microsoft/STL's headers at a
# Visual Studio release tag (lib.sh, README.md). First the oracle's own checks (checks/oracle.sh:
# the toolset's macros, every STL header, a failure only Microsoft's STL has), then each patchset
# check on the real files of Debian's 1.13.1 and 2.6.0 trees (prepared by tests/windows-compile's
# lib.sh: configured headers and codegen), before `torchpatch apply` (must fail with the
# patchset's error, which `explain` names) and after (must compile).
# Usage: run.sh TORCHPATCH [TAG|CHECK...]: each argument is an STL tag of lib.sh's MS_TAGS (default:
# every tag) or the name of a check in checks/ (default: every check, oracle.sh first), e.g.
# `run.sh build/torchpatch functorch-builtin-clz`. The last line is "N passed, N failed"; nothing
# is skipped: an oracle, tree or root that cannot be made, or an unknown check, fails.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/../toolchain/runner.sh"
tp_runner_binary msvc-stl "${1:-}"; shift
source "$here/lib.sh"
source "$here/../windows-compile/lib.sh"
tags=() only=()
for arg in "$@"; do
  if ms_tag_field "$arg" 1 >/dev/null 2>&1; then tags+=("$arg"); else only+=("${arg%.sh}"); fi
done
[ ${#tags[@]} -gt 0 ] || tags=("${MS_TAGS[@]%% *}")
checks=()
for name in "${only[@]}"; do
  [ -f "$here/checks/$name.sh" ] || { echo "msvc-stl: no such check or STL tag: $name" >&2; echo "0 passed, 1 failed"; exit 1; }
  checks+=("$here/checks/$name.sh")
done
[ ${#only[@]} -gt 0 ] || checks=("$here"/checks/*.sh)

started=$SECONDS
tp_runner_root msvc-stl
mkdir -p "$MS_CACHE"; echo "msvc-stl: $(sid "$MS_CACHE" "clang-cl --version" | head -n1)"
pass=0 fail=0
result() { # NAME STATUS SECONDS
  if [ "$2" -eq 0 ]; then pass=$((pass + 1)); echo "ok: $1 ($3 s)"; else fail=$((fail + 1)); echo "FAILED: $1 ($3 s)"; fi
}
declare -A trees=()
for version in 1.13.1 2.6.0; do
  t0=$SECONDS
  if key="$(wc_prepare "$version")"; then trees[$version]="$key"; else echo "FAILED: preparing real $version"; fail=$((fail + 1)); fi
  echo "msvc-stl: real $version ready in $((SECONDS - t0)) s"
done
for tag in "${tags[@]}"; do
  t0=$SECONDS
  if ! okey="$(ms_prepare "$tag")"; then echo "FAILED: the oracle of $tag"; fail=$((fail + 1)); continue; fi
  if [ ${#only[@]} -eq 0 ] || [[ " ${only[*]} " == *" oracle "* ]]; then
    echo "== oracle $tag"
    t1=$SECONDS; bash "$here/checks/oracle.sh" "$okey"; result "oracle $tag" $? $((SECONDS - t1))
  fi
  for check in "${checks[@]}"; do
    name="$(basename "$check" .sh)"
    [ "$name" != oracle ] || continue
    for version in "${!trees[@]}"; do
      echo "== $name on real $version with $tag"
      t1=$SECONDS; bash "$check" "$okey" "$version" "${trees[$version]}"
      result "$name on real $version with $tag" $? $((SECONDS - t1))
    done
  done
done
echo "msvc-stl: took $((SECONDS - started)) s"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
