#!/usr/bin/env bash
# ctest dist-ci-recipes: the shell steps of docs/ci.md's three recipes (GitHub Actions, GitLab CI,
# a plain shell script), extracted by ci_recipes.py, run as their runners run them in a fresh
# virtual environment (one per recipe) where `pip install --no-index` installed the Linux wheel from dist/ (and
# PIP_NO_INDEX, PIP_FIND_LINKS let the recipe's own `pip install torchpatch` find it offline), on
# a fixture checkout in pytorch/ with a stand-in setup.py that records that the build ran and
# whether the tree was patched. Each recipe runs twice: on a checkout where everything applies
# (exit 0, the build ran on the patched tree) and on one with a conflict (exit 1, nothing
# written, the build never ran). The last line is "N passed, N failed".
set -uo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
dist="${TP_DIST_DIR:-$repo/dist}"
wheel="$(ls "$dist"/torchpatch-*manylinux*_x86_64.whl 2>/dev/null | head -n 1)"
[ -n "$wheel" ] || { echo "ci-recipes: no Linux wheel in $dist: run bash scripts/package.sh" >&2; exit 1; }
work="$(mktemp -d "${TMPDIR:-/tmp}/tp-ci-recipes.XXXXXX")"
passed=0 failed=0 keep=0
trap '[ "$keep" -eq 0 ] && rm -rf "$work" || echo "ci-recipes: kept $work"' EXIT
tree_digest() { (cd "$1" && find . -path ./.git -prune -o -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum); }

# run_recipe NAME CONFLICT(0|1): prints nothing; sets $status, $ws (the workspace), $log.
# One fresh virtual environment per recipe (both of its runs use it; the recipe's own
# `pip install torchpatch` finds the wheel already there).
run_recipe() {
  local name="$1" conflict="$2" run="$work/$1-$2" venv="$work/venv-$1"
  ws="$run/ws" log="$run/log"
  mkdir -p "$ws"
  if [ ! -d "$venv" ]; then
    /usr/bin/python3 -m venv "$venv"
    "$venv/bin/pip" install -q --no-index "$wheel" >"$run/pip.log" 2>&1 ||
      { cat "$run/pip.log"; status=99; return; }
  fi
  bash "$repo/scripts/make_checkout.sh" "$repo/fixtures/v2.0.1" "$ws/pytorch" >/dev/null 2>&1
  if [ "$conflict" = 1 ]; then
    # A second `const size_type count_;` makes the flatbuffers anchor ambiguous: a conflict.
    sed -i 's/^\( *\)const size_type count_;/&\n\1const size_type count_;/' \
      "$ws/pytorch/third_party/flatbuffers/include/flatbuffers/stl_emulation.h"
  fi
  # The stand-in for PyTorch's setup.py (untracked in the checkout): records that the build ran
  # and whether torchpatch's journal (written by apply) was there.
  cat > "$ws/pytorch/setup.py" <<PY
import os
with open("$run/built", "w") as f:
    f.write("journal=%s\n" % os.path.exists(".git/torchpatch/journal"))
PY
  before="$(tree_digest "$ws/pytorch")"
  /usr/bin/python3 "$repo/tests/dist/ci_recipes.py" "$repo/docs/ci.md" "$name" > "$run/recipe.sh" ||
    { status=98; return; }
  (cd "$ws" && env PATH="$venv/bin:$PATH" VIRTUAL_ENV="$venv" PIP_NO_INDEX=1 \
     PIP_FIND_LINKS="$dist" bash "$run/recipe.sh") >"$log" 2>&1
  status=$?
}

case_failed=0
check() { local what="$1"; shift; "$@" || { echo "    not so: $what"; case_failed=1; }; }
finish() {
  if [ "$case_failed" -eq 0 ]; then passed=$((passed + 1)); echo "ok - $1"
  else failed=$((failed + 1)); keep=1; echo "FAIL - $1"; sed 's/^/    | /' "$log" | tail -n 30; fi
  case_failed=0
}

for name in github gitlab shell; do
  run_recipe "$name" 0
  run="$work/$name-0"
  check "the job succeeds (exit $status)" test "$status" -eq 0
  check "the build ran" test -f "$run/built"
  check "the build ran on the patched tree" grep -qx "journal=True" "$run/built"
  check "the recipe's torchpatch is the wheel's" grep -q "torchpatch.__main__" "$work/venv-$name/bin/torchpatch"
  case "$name" in
    github) check "the JSON report was written" /usr/bin/python3 -c \
              "import json,sys; json.load(open(sys.argv[1]))" "$ws/pytorch/torchpatch-report.json" ;;
    gitlab) check "the JSON report was written" /usr/bin/python3 -c \
              "import json,sys; json.load(open(sys.argv[1]))" "$ws/pytorch/torchpatch-report.json" ;;
    shell)  check "the review diff was written" grep -q '^diff --git' "$ws/pytorch/torchpatch.diff"
            check "revert left the tree as it was" test -z "$(git -C "$ws/pytorch" status --porcelain --untracked-files=no --ignore-submodules=none)" ;;
  esac
  finish "$name recipe, every patchset applies"

  run_recipe "$name" 1
  run="$work/$name-1"
  check "the job fails with exit code 1 (got $status)" test "$status" -eq 1
  check "the build never ran" test ! -e "$run/built"
  check "nothing was written" test "$(tree_digest "$ws/pytorch" | grep -v -e ' ./torchpatch-report.json$' -e ' ./torchpatch.diff$')" = "$before"
  check "no journal" test ! -e "$ws/pytorch/.git/torchpatch/journal"
  [ "$name" = github ] && check "the conflict is a GitHub error annotation" grep -q '^::error' "$log"
  finish "$name recipe, a conflict fails the job"
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
