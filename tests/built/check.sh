# Sourced by tests/built/wheel.sh for `check VERSION WORK`: the built wheel installed into a fresh
# venv, smoke.py, then the test slice. Every result goes to WORK/results/: install.log,
# smoke.jsonl, and per slice line its log and one row of slice.tsv (file and options, tests run,
# failures, errors, skipped, seconds, exit status) as the test file's own runner (unittest, through
# torch.testing._internal.common_utils.run_tests, as `python test/FILE` runs it) reports them.

# The slice: one `FILE [options]` a line, # starts a comment.
slice_lines() { sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' "$TP_REPO/tests/built/slice-$1.txt"; }

# In the root: /dev/shm for PyTorch's shared memory, and the venv's Python first on PATH.
CHECK_PRELUDE='mountpoint -q /dev/shm || mount -t tmpfs -o size=4g tmpfs /dev/shm; export PATH=/w/venv/bin:$PATH PYTHONPATH=/w/site CXX=g++-16 CC=gcc-16'

check() { # VERSION WORK
  local version="$1" work python wheel results
  work="$(prepared_at "$2" apply)" || exit 1
  python="$(wheel_python "$version")" || exit 1
  [ -f "$TP_REPO/tests/built/slice-$version.txt" ] || die "no test slice for $version (tests/built/slice-$version.txt)"
  lock "$work"
  wheel_root "$python" || exit 1
  wheel_site "$work" "$python"
  wheel="$(cd "$work/src/dist" 2>/dev/null && ls torch-*.whl 2>/dev/null | tail -n 1)"
  [ -n "$wheel" ] || die "no wheel in $work/src/dist: run build first"
  results="$work/results" && rm -rf "$results" && mkdir -p "$results" || exit 1
  echo "wheel: installing $wheel into a fresh venv"
  sid "$work" "set -e; rm -rf /w/venv; python$python -m venv --without-pip --system-site-packages /w/venv
    /w/venv/bin/python -m pip install --no-deps --no-index --no-cache-dir /w/src/dist/$wheel" \
    >"$results/install.log" 2>&1 || { tail -n 20 "$results/install.log" >&2; die "installing the wheel failed"; }
  smoke_and_slice "$version" "$work" "$results" sid "$CHECK_PRELUDE"
}

# smoke_and_slice VERSION WORK RESULTS RUN PRELUDE: smoke.py, then each line of the slice, each
# run as `RUN WORK COMMAND` (a root's runner: sid, or baseline's) after PRELUDE; RESULTS gets
# smoke.jsonl and slice.tsv. Fails when a smoke check failed (the slice's counts are the record).
smoke_and_slice() {
  local version="$1" work="$2" results="$3" run="$4" prelude="$5" line n=0 t0 status exit_status
  cp "$TP_REPO/tests/built/smoke.py" "$work/smoke.py"
  echo "wheel: smoke.py"
  "$run" "$work" "$prelude; cd /tmp && python /w/smoke.py" >"$results/smoke.jsonl" 2>"$results/smoke.err"
  status=$?
  tail -n 1 "$results/smoke.jsonl"
  printf 'test\tran\tfailures\terrors\tskipped\tseconds\texit\n' >"$results/slice.tsv"
  while read -r line; do
    n=$((n + 1)); t0=$SECONDS
    echo "wheel: test/$line"
    "$run" "$work" "$prelude; cd /w/src/test && timeout ${TP_SLICE_TIMEOUT:-3600} python $line" \
      >"$results/slice-$n.log" 2>&1 </dev/null
    exit_status=$?
    slice_row "$line" "$results/slice-$n.log" $((SECONDS - t0)) "$exit_status" | tee -a "$results/slice.tsv"
  done < <(slice_lines "$version")
  echo "wheel: results in $results (smoke.py exit $status)"
  [ "$status" -eq 0 ]
}

# slice_row LINE LOG SECONDS STATUS: unittest's own summary ("Ran N tests", "OK (skipped=S)" or
# "FAILED (failures=F, errors=E, skipped=S, expected failures=X)") as a row; "?" where the log has
# no summary (a crash). The last summary counts (a file's runner may print one per re-run).
slice_row() {
  local ran summary
  ran="$(sed -n 's/^Ran \([0-9]*\) tests\{0,1\} in .*/\1/p' "$2" | tail -n 1)"
  summary="$(grep -E '^(OK|FAILED)( \(|$)' "$2" | tail -n 1)"
  field() { [ -n "$summary" ] || { echo '?'; return; }; sed -n "s/.*[(,] \{0,1\}$1=\([0-9]*\).*/\1/p" <<<"$summary" | grep . || echo 0; }
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "${ran:-?}" "$(field failures)" "$(field errors)" "$(field skipped)" "$3" "$4"
}
