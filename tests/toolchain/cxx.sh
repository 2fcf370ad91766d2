# Sourced by the C/C++ compiler checks in tests/toolchain/checks/ (after lib.sh and tp_sid_root):
# a work tree, compiles inside the sid root with ASCII diagnostics (LC_ALL=C, as the patchsets'
# `errors` are written), and torchpatch applied to the work tree with the source tree's catalog.
#
#   cxx_begin NAME        $work (removed on exit) with an empty $work/tree; NAME prefixes messages
#   cxx_run LOG 'CMD'     runs CMD in the sid root with $work mounted at /w; output in $work/LOG.log
#   cxx_fails_with LOG 'CMD' TEXT   CMD must fail and print TEXT
#   cxx_passes LOG 'CMD'  CMD must succeed
#   cxx_apply VERSION ID  makes $work/tree a git checkout (files committed) and runs torchpatch
#                         apply --only ID there as PyTorch VERSION; must succeed and name ID

cxx_begin() {
  cxx_name="$1"
  work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
  mkdir -p "$work/tree"
}

cxx_run() {
  local log="$1"; shift
  sid "$work" "export LC_ALL=C; $*" >"$work/$log.log" 2>&1
}

cxx_fails_with() {
  local log="$1" cmd="$2" text="$3"
  cxx_run "$log" "$cmd"
  expect_fail_with $? "$text" "$work/$log.log"
  echo "  $cxx_name: fails as expected ($log): $text"
}

# cxx_explained LOG ID: after cxx_fails_with LOG ..., `torchpatch explain` on that log names ID
cxx_explained() { expect_fail_explained 1 "$2" "$work/$1.log"; }

cxx_passes() {
  local log="$1" cmd="$2"
  cxx_run "$log" "$cmd"
  expect_ok $? "$work/$log.log"
  echo "  $cxx_name: passes ($log)"
}

cxx_apply() {
  local version="$1" id="$2"
  # apply keeps its journal in the checkout's git folder: make the tree one, its files committed
  git -C "$work/tree" init -q && git -C "$work/tree" add -A &&
    git -C "$work/tree" -c user.name=check -c user.email=check@localhost commit -qm before ||
    tp_fail "cannot make $work/tree a git checkout"
  "$TORCHPATCH" --catalog "$TP_REPO/patchsets" -C "$work/tree" --torch-version "$version" \
    --color never apply --only "$id" >"$work/apply.log" 2>&1
  expect_ok $? "$work/apply.log"
  grep -q "$id" "$work/apply.log" || { cat "$work/apply.log" >&2; tp_fail "apply did not report $id"; }
  echo "  $cxx_name: torchpatch apply --only $id (as $version)"
}
