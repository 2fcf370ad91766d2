# The catalog on real PyTorch release trees (ctest label `real`): Debian's pytorch 1.13.1
# (bookworm) and 2.6.0 (trixie) source tarballs, each made a git checkout tagged with its release
# as a clone without --recursive looks (tests/real/get_trees.sh). On each tree:
#   checkout       every file on disk tracked (`git status --ignored` lists nothing), as in a clone
#   apply --dry    exit 0; the diff passes `git apply --check`; outcomes pinned
#   apply          exit 0; exactly the files the dry run listed change
#   apply again    exit 0; not one byte written; every patchset already-applied, upstream-fixed,
#                  not-applicable or submodule-absent; outcomes pinned
#   status, list   exit 0; every applied file unchanged; outcomes pinned
#   revert         exit 0; the tree is the commit again (`git status --porcelain` empty,
#                  `git diff --exit-code`)
#   export         the series, applied with `git apply` to the pristine tree, gives the applied
#                  tree byte for byte
# The pinned outcomes (one line per patchset, edit and file) are tests/real/expected/vX.txt;
# TP_REAL_UPDATE=1 rewrites them for a reviewer. Run as
#   TORCHPATCH=build/torchpatch TP_REPO=. bash tests/real/run.sh [VERSION...]
# A failed download is a failure, never a skip. The last line is "N passed, N failed".
#
# Local trees (ctest label `real-local`; not run by CI, which cannot fetch them):
#   TP_REAL_TREES=/work/trees TORCHPATCH=build/torchpatch TP_REPO=. bash tests/real/run.sh --local [VERSION...]
# runs the same checks on whole release trees with every submodule (tests/real/build_tree.sh
# makes them): each $TP_REAL_TREES/vX is copied (its object stores hard-linked, never written)
# and checked against tests/real/expected/local-vX.txt; the versions default to the five of
# tests/real/local/trees.txt. A tree that is missing is a failure, never a skip. Changed files,
# fingerprints and the revert checks reach into every submodule, nested ones included.
set -u
: "${TORCHPATCH:?set TORCHPATCH to the torchpatch binary under test}"
: "${TP_REPO:?set TP_REPO to the source tree}"
# The checks run torchpatch inside each tree: a relative path (build/torchpatch) is from here.
case "$TORCHPATCH" in /*) ;; */*) TORCHPATCH="$PWD/$TORCHPATCH" ;; esac
source "$TP_REPO/tests/real/get_trees.sh"

local_trees=no
if [ "${1:-}" = --local ]; then
  local_trees=yes
  shift
  : "${TP_REAL_TREES:?set TP_REAL_TREES to the folder of local trees (tests/real/README.md)}"
fi
versions=("$@")
if [ ${#versions[@]} -eq 0 ] && [ "$local_trees" = yes ]; then
  mapfile -t versions < <(grep -v '^#' "$TP_REPO/tests/real/local/trees.txt" | awk 'NF { print $1 }')
fi
[ ${#versions[@]} -gt 0 ] || versions=(1.13.1 2.6.0)
work="$(mktemp -d "${TMPDIR:-/tmp}/tp-real.XXXXXX")"
# The work folder is kept for a look when something failed (or TP_REAL_KEEP=1), else removed.
keep_work=no
trap '[ "$keep_work" = yes ] || rm -rf "$work"' EXIT
passed=0 failed=0
ok() { echo "ok    $*"; passed=$((passed + 1)); }
bad() { echo "FAIL  $*"; failed=$((failed + 1)); }
# check DESCRIPTION COMMAND...: ok when the command succeeds.
check() { local what="$1"; shift; if "$@"; then ok "$what"; else bad "$what"; fi; }

# The outcome lines of a JSON report: PHASE PATCHSET OUTCOME, then PHASE PATCHSET/EDIT FILE
# OUTCOME for each edit; for `status`, PHASE PATCHSET FILE STATE per applied file.
outcome_lines() {
  python3 - "$1" "$2" <<'EOF'
import json, sys
phase, path = sys.argv[1], sys.argv[2]
report = json.load(open(path, encoding="utf-8"))
if "applied" in report:  # status
    for p in report["applied"]:
        for f in p["files"]:
            print(phase, p["id"], f["path"], f["state"])
    for p in report["plan"]:
        print(phase, "plan", p["id"], p["outcome"])
    sys.exit(0)
for p in report["patchsets"]:
    print(phase, p["id"], p["outcome"])
    for e in p.get("edits", []):
        print(phase, p["id"] + "/" + e["id"], e["file"] or "-", e["outcome"])
if phase == "dry":
    for f in report.get("files", []):
        print("dry-file", f["path"])
EOF
}

# The patchset outcomes of a JSON report, one "ID OUTCOME" a line.
patchset_outcomes() {
  python3 -c 'import json,sys
for p in json.load(open(sys.argv[1]))["patchsets"]: print(p["id"], p["outcome"])' "$1"
}

# Every byte of the work tree against HEAD, and what is untracked or ignored, in the superproject
# and in every initialised submodule: equal fingerprints mean nothing was written.
fingerprint() {
  (cd "$1" && { git status --porcelain --ignored --untracked-files=all; git diff --binary HEAD
    git submodule foreach --quiet --recursive \
      'echo "@ $displaypath"; git status --porcelain --ignored --untracked-files=all; git diff --binary HEAD'
  } | sha256sum)
}

# The files that differ from HEAD, submodules' files included (as paths from the superproject).
changed_files() {
  (cd "$1" && { git diff --name-only --ignore-submodules=all HEAD
    git submodule foreach --quiet --recursive \
      'git diff --name-only --ignore-submodules=all HEAD | sed "s|^|$displaypath/|"'; } | sort)
}

# Back to the commit in the superproject and every submodule.
restore_tree() {
  (cd "$1" && git checkout -q -- . && git clean -qfdx &&
    git submodule foreach --quiet --recursive 'git checkout -q -- . && git clean -qfdx')
}

# A working copy of the local tree $TP_REAL_TREES/vVERSION in DIR: every file copied except the
# object stores (.git/objects, .git/modules/**/objects), which are hard-linked (git never
# rewrites an object file), so the local tree itself is never written.
tp_real_local_copy() {
  local version="$1" dir="$2" src="$TP_REAL_TREES/v$1" objects
  [ -d "$src/.git" ] || { echo "real: the local tree $src is missing (tests/real/README.md, Local trees)" >&2; return 1; }
  [ "$(git -C "$src" describe --tags --exact-match HEAD 2>/dev/null)" = "v$version" ] ||
    { echo "real: $src is not checked out at its tag v$version" >&2; return 1; }
  mkdir -p "$dir" &&
    tar -C "$src" --exclude=./.git/objects --exclude='./.git/modules/*/objects' -cf - . | tar -C "$dir" -xf - || return 1
  while IFS= read -r objects; do
    cp -al "$src/$objects" "$dir/$objects" || return 1
  done < <(cd "$src" && find .git -type d -name objects -prune)
  # Submodules tests/real/local/trees.txt leaves uninitialised (PATH=absent) may show as "-".
  local absent
  absent="$(awk -v v="$version" '$1 == v { for (i = 4; i <= NF; i++) if ($i ~ /=absent$/) { sub(/=absent$/, "", $i); print $i } }' \
    "$TP_REPO/tests/real/local/trees.txt")"
  [ -z "$(cd "$dir" && git status --porcelain && git submodule status --recursive | grep -v '^ ' |
    awk -v absent="$absent" 'BEGIN { n = split(absent, a, "\n"); for (i = 1; i <= n; i++) skip[a[i]] = 1 }
      { if (!(substr($0, 1, 1) == "-" && ($2 in skip))) print }')" ] ||
    { echo "real: the copy of $src is not clean or a submodule is not at its gitlink" >&2; return 1; }
}

run_tree() {
  local v="$1" co="$work/v$1" out="$work/out-$1" expected="$TP_REPO/tests/real/expected/v$1.txt"
  mkdir -p "$out"
  local started=$SECONDS failed_before=$failed
  if [ "$local_trees" = yes ]; then
    expected="$TP_REPO/tests/real/expected/local-v$1.txt"
    if ! tp_real_local_copy "$v" "$co"; then
      bad "v$v: the local tree (missing or not clean, see above)"
      return
    fi
  elif ! tp_real_checkout "$v" "$co"; then
    bad "v$v: the real tree (download or checkout failed, see above)"
    return
  fi
  # Every file on disk is tracked, as in a release clone, also those a .gitignore of the tree
  # matches (issue #43: a tarball's tree made with a plain `git add -A` left them out). A local
  # 1.13.1 or 2.6.0 tree built before that fix fails here: build it again (build_tree.sh).
  local loose
  loose="$(cd "$co" && git status --porcelain --ignored --untracked-files=all)"
  if [ -z "$loose" ]; then
    ok "v$v: the checkout tracks every file on disk (git status --ignored lists nothing)"
  else
    head -n 20 <<<"$loose"
    bad "v$v: $(wc -l <<<"$loose") file(s) on disk are not tracked (git status --ignored, above)"
  fi
  echo "# v$v: checkout ready in $((SECONDS - started)) s"
  tp() { (cd "$co" && "$TORCHPATCH" --color never "$@"); }
  local rc

  # apply --dry
  tp apply --dry >"$out/dry.diff" 2>"$out/dry.err"; rc=$?
  check "v$v: apply --dry exits 0 (got $rc)" test "$rc" -eq 0
  tp apply --dry --format json >"$out/dry.json" 2>>"$out/dry.err"
  outcome_lines dry "$out/dry.json" >"$out/lines" || bad "v$v: apply --dry --format json is not a report"
  check "v$v: git apply --check accepts the dry-run diff" \
    bash -c "cd '$co' && git apply --check '$out/dry.diff'"
  local pristine
  pristine="$(fingerprint "$co")"

  # apply
  tp apply >"$out/apply.txt" 2>&1; rc=$?
  check "v$v: apply exits 0 (got $rc)" test "$rc" -eq 0
  grep '^dry-file ' "$out/lines" | cut -d' ' -f2- | sort >"$out/dry-files"
  changed_files "$co" >"$out/changed-files"
  check "v$v: apply changes exactly the files the dry run listed ($(wc -l <"$out/dry-files"))" \
    cmp -s "$out/dry-files" "$out/changed-files"
  local applied
  applied="$(fingerprint "$co")"

  # a second apply
  tp apply --format json >"$out/again.json" 2>"$out/again.err"; rc=$?
  check "v$v: a second apply exits 0 (got $rc)" test "$rc" -eq 0
  check "v$v: a second apply writes nothing" test "$(fingerprint "$co")" = "$applied"
  outcome_lines again "$out/again.json" >>"$out/lines" || bad "v$v: the second apply's JSON is not a report"
  local unsettled
  unsettled="$(patchset_outcomes "$out/again.json" |
    grep -vE ' (already-applied|upstream-fixed|not-applicable|submodule-absent)$')"
  check "v$v: after apply every patchset is settled${unsettled:+ (not: $unsettled)}" test -z "$unsettled"

  # status and list
  tp status --format json >"$out/status.json" 2>"$out/status.err"; rc=$?
  check "v$v: status exits 0 (got $rc)" test "$rc" -eq 0
  outcome_lines status "$out/status.json" >>"$out/lines" || bad "v$v: status --format json is not a report"
  local drifted
  drifted="$(grep '^status ' "$out/lines" | grep -v '^status plan ' | grep -v ' unchanged since apply$')"
  check "v$v: status says every applied file is unchanged since apply${drifted:+ (not: $drifted)}" \
    test -z "$drifted" -a -n "$(grep '^status ' "$out/lines" | grep -v '^status plan ')"
  tp list --format json >"$out/list.json" 2>"$out/list.err"; rc=$?
  check "v$v: list exits 0 (got $rc)" test "$rc" -eq 0
  patchset_outcomes "$out/list.json" | sed 's/^/list /' >>"$out/lines"

  # revert
  tp revert >"$out/revert.txt" 2>&1; rc=$?
  check "v$v: revert exits 0 (got $rc)" test "$rc" -eq 0
  check "v$v: after revert git status --porcelain is empty" \
    test -z "$(cd "$co" && git status --porcelain --untracked-files=all)"
  check "v$v: after revert git diff --exit-code" bash -c "cd '$co' && git diff --quiet --exit-code"
  check "v$v: after revert the tree is byte-identical to the commit" test "$(fingerprint "$co")" = "$pristine"

  # export: the series on the pristine tree gives the applied tree
  tp export "$out/series" >"$out/export.txt" 2>&1; rc=$?
  check "v$v: export exits 0 (got $rc)" test "$rc" -eq 0
  if [ -f "$out/series/series" ]; then
    local series_ok=yes patch
    while read -r patch; do
      [ -n "$patch" ] || continue
      (cd "$co" && git apply "$out/series/$patch") || series_ok=no
    done <"$out/series/series"
    check "v$v: the exported series applies with git apply" test "$series_ok" = yes
    check "v$v: the exported series gives the applied tree byte for byte" test "$(fingerprint "$co")" = "$applied"
    restore_tree "$co"
  else
    bad "v$v: export wrote no series file"
  fi

  # the pinned outcomes
  if [ "${TP_REAL_UPDATE:-0}" = 1 ] && [ "$failed" -gt "$failed_before" ]; then
    # outcomes of a run that failed (a binary that did not start, say) are no reference
    bad "v$v: $expected not rewritten: $((failed - failed_before)) check(s) above failed"
  elif [ "${TP_REAL_UPDATE:-0}" = 1 ]; then
    { if [ "$local_trees" = yes ]; then
        echo "# torchpatch on the local tree v$v with every submodule at its gitlink (tests/real/local/trees.txt,"
        echo "# tests/real/run.sh --local). Regenerate with TP_REAL_UPDATE=1 and review the diff."
      else
        echo "# torchpatch on Debian's pytorch $v orig tarball as a git checkout tagged v$v, no submodules"
        echo "# initialised (tests/real/run.sh). Regenerate with TP_REAL_UPDATE=1 and review the diff."
      fi
      cat "$out/lines"; } >"$expected"
    ok "v$v: rewrote $expected"
  elif [ ! -f "$expected" ]; then
    bad "v$v: $expected is missing (TP_REAL_UPDATE=1 writes it)"
  elif diff -u <(grep -v '^#' "$expected") "$out/lines" >"$out/lines.diff"; then
    ok "v$v: outcomes as pinned in $expected ($(wc -l <"$out/lines") lines)"
  else
    cat "$out/lines.diff"
    bad "v$v: outcomes differ from $expected (diff above; TP_REAL_UPDATE=1 rewrites)"
  fi
  for f in "$out"/*.err; do [ -s "$f" ] && { echo "# stderr of $(basename "$f" .err):"; cat "$f"; }; done
  echo "# v$v: $((SECONDS - started)) s"
}

for v in "${versions[@]}"; do
  run_tree "$v"
done
echo "# all trees: $SECONDS s"
if [ "$failed" -ne 0 ] || [ "${TP_REAL_KEEP:-0}" = 1 ]; then
  keep_work=yes
  echo "# kept $work"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
