# The configure test on a whole local release tree (issue #21): CMake 4.3 of the sid root
# (tests/toolchain/lib.sh) configures the top-level project of $TP_REAL_TREES/vVERSION, CPU only,
# once before `torchpatch apply` (it must be refused, and `torchpatch explain` must name a
# patchset for the error) and once after (it must configure: exit 0).
#   TP_REAL_TREES=/work/trees TORCHPATCH=build/torchpatch TP_REPO=. \
#     nice -n 10 bash tests/real/local/configure.sh VERSION [-DOPTION=VALUE...]
# Options: -DUSE_CUDA=OFF (CPU only) and -DPYTHON_EXECUTABLE=/usr/bin/python3 always, plus those
# given (each one turned off must be said why in docs/catalog.md). Needs root (chroot, unshare).
# The tree is copied first (tests/real/run.sh's copy: objects hard-linked, never written); logs
# stay in $TP_REAL_CONFIGURE_LOGS (default: a temporary folder, printed). CPU-heavy: run one at a
# time. The last line is "configure vX: refused before, configured after" or a FAIL.
set -uo pipefail
: "${TORCHPATCH:?set TORCHPATCH}" "${TP_REPO:?set TP_REPO}" "${TP_REAL_TREES:?set TP_REAL_TREES}"
version="${1:?usage: configure.sh VERSION [-DOPTION=VALUE...]}"
shift
source "$TP_REPO/tests/toolchain/lib.sh"
tp_sid_root || tp_fail "no sid root"
logs="${TP_REAL_CONFIGURE_LOGS:-$(mktemp -d "${TMPDIR:-/tmp}/tp-configure.XXXXXX")}"
mkdir -p "$logs"
work="$(mktemp -d "${TMPDIR:-/tmp}/tp-configure-tree.XXXXXX")"
trap 'rm -rf "$work"' EXIT
src="$TP_REAL_TREES/v$version"
[ -d "$src/.git" ] || tp_fail "the local tree $src is missing"
mkdir -p "$work/src" &&
  tar -C "$src" --exclude=./.git/objects --exclude='./.git/modules/*/objects' -cf - . | tar -C "$work/src" -xf - ||
  tp_fail "copying $src failed"
(cd "$src" && find .git -type d -name objects -prune) | while IFS= read -r o; do cp -al "$src/$o" "$work/src/$o"; done
options=(-DUSE_CUDA=OFF -DPYTHON_EXECUTABLE=/usr/bin/python3 "$@")
echo "configure v$version: cmake -S src -B build ${options[*]} ($(sid "$work" 'cmake --version | head -1'))"

configure() { # SIDE: one configure from an empty build folder; prints its exit status
  local started=$SECONDS status
  sid "$work" "rm -rf build-$1 && cmake -S src -B build-$1 ${options[*]}" >"$logs/v$version-$1.log" 2>&1
  status=$?
  echo "configure v$version $1: exit $status in $((SECONDS - started)) s (log $logs/v$version-$1.log)" >&2
  return $status
}

configure before
status=$?
[ "$status" -ne 0 ] || tp_fail "v$version: configured before apply; expected a refusal"
grep -m1 -A2 '^CMake Error' "$logs/v$version-before.log" | sed 's/^/    /'
explained="$("$TORCHPATCH" -C "$work/src" --format json explain "$logs/v$version-before.log" 2>&1 |
  grep -o '"patchset":"[^"]*"' | sort -u | sed 's/"patchset"://' | tr -d '"' | tr '\n' ' ')"
[ -n "$explained" ] || tp_fail "v$version: torchpatch explain names no patchset for the refusal"
echo "    explain: $explained"
"$TORCHPATCH" -C "$work/src" apply >"$logs/v$version-apply.txt" 2>&1 ||
  { cat "$logs/v$version-apply.txt" >&2; tp_fail "v$version: torchpatch apply failed"; }
configure after || {
  grep -m3 -A3 '^CMake Error' "$logs/v$version-after.log" >&2
  tp_fail "v$version: not configured after apply"; }
echo "    after: $(grep -c 'CMake Deprecation Warning' "$logs/v$version-after.log") deprecation warnings, $(grep -c '^CMake Warning' "$logs/v$version-after.log") warnings"
echo "configure v$version: refused before, configured after"
