# Sourced by tests/sweep/sweep.sh, windows.sh, cuda.sh and tests/built/wheel.sh and libtorch.sh:
# what they do to a work folder. The sourcing script defines die (its message prefix), SWEEP_PREFIX
# (the prefix of step's lines) and, where it applies the catalog, apply_catalog WORK (the catalog
# applied to WORK/src with its facts).

# lock WORK: one command at a time on a work folder (a `before` phase reverts WORK/src, which would
# change what a compile beside it reads; a build reads the tree it would be rebuilding): a second
# one is refused, not queued.
lock() {
  exec 9>"$1/.lock" || die "cannot create $1/.lock"
  flock -n 9 || die "$1 is busy: another command holds its lock (sweep.sh, windows.sh, cuda.sh, wheel.sh, libtorch.sh or the slice)"
}

# prepared_at WORK NAME: WORK's absolute path when the `prepare` that made it got as far as its step
# NAME (WORK/.done-NAME); otherwise the command stops, telling the user to run prepare first.
prepared_at() {
  local work; work="$(cd "$1" 2>/dev/null && pwd)" && [ -f "$work/.done-$2" ] ||
    die "$1 is not prepared: run prepare first"
  echo "$work"
}

# step WORK NAME COMMAND...: runs COMMAND unless WORK/.done-NAME exists; marks it done on success.
step() {
  local work="$1" name="$2" t0=$SECONDS; shift 2
  [ -f "$work/.done-$name" ] && { echo "$SWEEP_PREFIX: $name: done before"; return 0; }
  echo "$SWEEP_PREFIX: $name ..."
  "$@" || die "$name failed"
  touch "$work/.done-$name"
  echo "$SWEEP_PREFIX: $name: $((SECONDS - t0)) s"
}

# apply_with_facts WORK FACT_OPTION...: the catalog applied to WORK/src with those --fact options;
# its last line said, its log in WORK/apply.log.
apply_with_facts() {
  local work="$1" status; shift
  "$TORCHPATCH" --catalog "$TP_REPO/patchsets" -C "$work/src" --color never "$@" apply >"$work/apply.log" 2>&1
  status=$?
  tail -n 1 "$work/apply.log"
  [ "$status" -eq 0 ]
}

copy_tree() { # TREE DEST: the work tree copied, git objects hard-linked (tests/real/README.md)
  local tree="$1" dest="$2" o
  rm -rf "$dest" && mkdir -p "$dest" || return 1
  tar -C "$tree" --exclude=./.git/objects --exclude='./.git/modules/*/objects' -cf - . | tar -C "$dest" -xf - || return 1
  (cd "$tree" && find .git -type d -name objects -prune) | while read -r o; do cp -al "$tree/$o" "$dest/$o" || exit 1; done
}

# The released tree (`revert`) for a before* PHASE while COMMAND runs; the catalog applied again after
# (COMMAND returns its failure rather than exiting, so that the tree is never left reverted).
with_phase_tree() { # WORK PHASE COMMAND...
  local work="$1" phase="$2" status; shift 2
  case "$phase" in before*)
    "$TORCHPATCH" -C "$work/src" --color never revert >"$work/revert.log" 2>&1 ||
      { cat "$work/revert.log" >&2; die "revert failed"; } ;;
  esac
  "$@"; status=$?
  case "$phase" in before*) apply_catalog "$work" >/dev/null || die "re-applying the catalog failed" ;; esac
  return "$status"
}
