# Sourced by the catalog's checks in tests/toolchain/checks/ after lib.sh when lib.sh has no tp_checkout
# (the toolchain branch adds one with the same contract; then this file can go).
# tp_checkout DIR VERSION: makes the files under DIR a git checkout tagged vVERSION (one commit),
# which `torchpatch apply` needs for its journal. Fails the check when git does.
tp_checkout() {
  local dir="$1" version="$2"
  git -C "$dir" init -q &&
    git -C "$dir" add -A &&
    git -C "$dir" -c user.name=torchpatch -c user.email=checks@torchpatch.invalid \
      commit -q -m "PyTorch v$version (excerpt)" &&
    git -C "$dir" tag "v$version" || tp_fail "cannot make a git checkout in $dir"
}
