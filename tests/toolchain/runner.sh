# Sourced by the run.sh of tests/toolchain, tests/cuda and tests/windows-compile: what every one of
# them does around its checks. Each prints its findings with LABEL in front, and its last line is
# exactly "N passed, N failed".

# tp_runner_binary LABEL PATH: exports TORCHPATCH (PATH made absolute) and TP_REPO, or exits 2.
tp_runner_binary() {
  [ -n "${2:-}" ] || { echo "usage: run.sh TORCHPATCH [...]" >&2; exit 2; }
  TORCHPATCH="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"
  [ -x "$TORCHPATCH" ] || { echo "$1: $TORCHPATCH is not an executable" >&2; exit 2; }
  TP_REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
  export TORCHPATCH TP_REPO
}

# tp_runner_root LABEL: sets the root of the sourced lib.sh up once, so that a failure to make it
# is one clear failure, not one per check (and exits 1 then).
tp_runner_root() {
  local started=$SECONDS
  if ! tp_sid_root; then
    echo "$1: the root $TP_SID_ROOT could not be set up; no check ran"
    echo "0 passed, 1 failed"
    exit 1
  fi
  echo "$1: root ready in $((SECONDS - started)) s ($TP_SID_ROOT)"
}

# tp_runner_checks DIR [CHECK...]: runs `bash DIR/CHECK.sh` for each named check (default: all in
# DIR), then prints "N passed, N failed"; non-zero status on any failure.
tp_runner_checks() {
  local dir="$1" check name t0 pass=0 fail=0; shift
  local checks=()
  if [ $# -gt 0 ]; then
    for name in "$@"; do checks+=("$dir/${name%.sh}.sh"); done
  else
    checks=("$dir"/*.sh)
  fi
  for check in "${checks[@]}"; do
    name="$(basename "$check" .sh)"
    if [ ! -f "$check" ]; then
      echo "FAILED: $name (no such check: $check)"; fail=$((fail + 1)); continue
    fi
    echo "== $name"
    t0=$SECONDS
    if bash "$check"; then
      pass=$((pass + 1)); echo "ok: $name ($((SECONDS - t0)) s)"
    else
      fail=$((fail + 1)); echo "FAILED: $name ($((SECONDS - t0)) s)"
    fi
  done
  echo "$pass passed, $fail failed"
  [ "$fail" -eq 0 ]
}
