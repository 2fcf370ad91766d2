#!/usr/bin/env bash
# bench/run.sh: times torchpatch on generated PyTorch-like checkouts (see bench/README.md).
#
# Environment (all optional):
#   TORCHPATCH       the binary to time (default: build-bench/torchpatch, built if missing)
#   TP_BENCH_DIR     where checkouts are generated and results written (default /tmp/tp-bench)
#   TP_BENCH_SEED    generator seed (default 1)
#   TP_BENCH_SIZES   file counts for the growth series; the largest is the main checkout
#                    (default "30000 60000 120000")
#   TP_BENCH_BYTES_PER_FILE  bytes per file of each checkout (default 10000: 1.2 GB at 120k)
#   TP_BENCH_RUNS    timed runs per command (default 10; D and E use half, at least 3)
#   TP_BENCH_BASELINE  another torchpatch binary (e.g. one built from an earlier catalog), timed as
#                    A0 in the same hyperfine run as A; the report adds A/A0 (target <= 1.10)
#   TP_BENCH_CHECKOUT  an existing checkout (e.g. a Debian release tree) to time instead of the
#                    generated ones: only the commands that change nothing (A, B, C, F, G, L, V, H;
#                    no D, E or growth series)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(dirname "$here")"
bench_dir="${TP_BENCH_DIR:-/tmp/tp-bench}"
seed="${TP_BENCH_SEED:-1}"
sizes="${TP_BENCH_SIZES:-30000 60000 120000}"
bytes_per_file="${TP_BENCH_BYTES_PER_FILE:-10000}"
runs="${TP_BENCH_RUNS:-10}"
slow_runs=$(( runs / 2 < 3 ? 3 : runs / 2 ))
tp="${TORCHPATCH:-$repo/build-bench/torchpatch}"

say() { printf '%s\n' "$*" >&2; }

# --- tools -----------------------------------------------------------------------------------
missing=()
command -v hyperfine >/dev/null || missing+=(hyperfine)
command -v rg >/dev/null || missing+=(ripgrep)
[ -x /usr/bin/time ] || missing+=(time)
command -v python3 >/dev/null || missing+=(python3)
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]} with apt-get"
  sudo_=""; [ "$(id -u)" -ne 0 ] && sudo_="sudo"
  $sudo_ apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_ apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [ ! -x "$tp" ]; then
  say "building $tp (Release)"
  cmake -S "$repo" -B "$repo/build-bench" -G Ninja -DCMAKE_BUILD_TYPE=Release -DTP_BUILD_TESTS=OFF >/dev/null
  cmake --build "$repo/build-bench" --target torchpatch >/dev/null
  tp="$repo/build-bench/torchpatch"
fi
tp="$(cd "$(dirname "$tp")" && pwd)/$(basename "$tp")"

# --- checkouts ---------------------------------------------------------------------------------
mkdir -p "$bench_dir"
given="${TP_BENCH_CHECKOUT:-}"
if [ -n "$given" ]; then
  [ -d "$given" ] || { say "TP_BENCH_CHECKOUT=$given is not a folder"; exit 1; }
  given="$(cd "$given" && pwd)"
  sizes=""
fi
largest=0
for n in $sizes; do [ "$n" -gt "$largest" ] && largest=$n; done
checkout_of() { echo "$bench_dir/checkout-$1-seed$seed"; }
for n in $sizes; do
  co="$(checkout_of "$n")"
  if [ ! -f "$co.manifest.json" ] || [ ! -d "$co/.git" ]; then
    say "generating $co ($n files, $(( n * bytes_per_file / 1000000 )) MB); this takes a few minutes"
    python3 "$here/gen_checkout.py" --out "$co" --files "$n" --bytes $(( n * bytes_per_file )) \
      --seed "$seed" --force >/dev/null
  fi
  # A checkout left patched by an interrupted run would time the wrong thing.
  if [ -d "$co/.git/torchpatch" ] && "$tp" -C "$co" status 2>/dev/null | grep -q '^applied'; then
    "$tp" -C "$co" revert >/dev/null
  fi
done
co="${given:-$(checkout_of "$largest")}"
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
out="$bench_dir/results-$stamp"
mkdir -p "$out"

q() { printf '%q' "$1"; }
cmd_a="$(q "$tp") -C $(q "$co") apply --dry --format diff"
cmd_b="cd $(q "$co") && rg -l -i -g CMakeLists.txt -g '*.cmake' -g '*.cmake.in' cmake_minimum_required ."
cmd_c="python3 $(q "$here/guide_script.py") $(q "$co")"
cmd_d="$(q "$tp") -C $(q "$co") apply && $(q "$tp") -C $(q "$co") revert"
[ -n "$given" ] && cmd_d="" # never write into a checkout given from outside
cmd_g="$(TP_BENCH_DIR="$bench_dir" "$here/limit_proxy.sh" --command "$co")"
cmd_l="$(q "$tp") -C $(q "$co") list"
cmd_v="$(q "$tp") --version"
cmd_h="$(q "$tp") --help"
baseline=()
export TP_BENCH_CMD_A0=""
if [ -n "${TP_BENCH_BASELINE:-}" ]; then
  [ -x "$TP_BENCH_BASELINE" ] || { say "TP_BENCH_BASELINE=$TP_BENCH_BASELINE is not an executable"; exit 1; }
  TP_BENCH_CMD_A0="$(q "$TP_BENCH_BASELINE") -C $(q "$co") apply --dry --format diff"
  baseline=(-n A0 "$TP_BENCH_CMD_A0")
fi

# A must produce a diff, or the figures mean nothing. Exit 1 (a conflict: a patchset whose files
# the generated checkout lacks) still plans every file, so it is timed; anything else stops here.
a_status=0
"$tp" -C "$co" apply --dry --format diff >"$out/a.diff" 2>"$out/a.stderr" || a_status=$?
if [ "$a_status" -gt 1 ] || ! grep -q '^+++ ' "$out/a.diff"; then
  say "A failed (exit $a_status): see $out/a.stderr"; exit 1
fi
if [ "$a_status" -eq 1 ] && [ -n "$cmd_d" ]; then
  say "A reports conflicts (exit 1: files the generated checkout lacks); timed as it is, D with --partial"
  cmd_d="{ $(q "$tp") -C $(q "$co") apply --partial || [ \$? -eq 1 ]; } && $(q "$tp") -C $(q "$co") revert"
fi
say "A's diff: $(grep -c '^+++ ' "$out/a.diff") files changed"

# --- F: the libgit2 floor ------------------------------------------------------------------------
# What A cannot avoid while it lists the index with libgit2 (bench/index_floor.c).
floor_bin="$out/index_floor"
if ! cc -O2 "$here/index_floor.c" $(pkg-config --cflags --libs libgit2) -o "$floor_bin" 2>"$out/f.stderr"; then
  say "building bench/index_floor.c failed: see $out/f.stderr"; exit 1
fi
cmd_f="$(q "$floor_bin") $(q "$co")"

# --- E: matrix ---------------------------------------------------------------------------------
tags="v1.12.1,v1.13.1,v2.0.0,v2.0.1,v2.1.0"
cmd_e=""
e_note=""
# CLI11 answers `matrix --help` with the top-level help (exit 0) when there is no such subcommand.
if [ -n "$given" ]; then
  e_note="not timed on a checkout given with TP_BENCH_CHECKOUT (it has no bench tags)"
elif "$tp" matrix --help 2>/dev/null | grep -q '^Usage: .* matrix'; then
  for candidate in "--revs $tags" "--tags v*"; do
    if "$tp" -C "$co" matrix $candidate >"$out/e.out" 2>"$out/e.stderr"; then
      cmd_e="$(q "$tp") -C $(q "$co") matrix $candidate"
      [ "$candidate" = "--tags v*" ] && cmd_e="$(q "$tp") -C $(q "$co") matrix --tags 'v*'"
      break
    fi
  done
  [ -z "$cmd_e" ] && e_note="torchpatch matrix exists but failed on the checkout (see $out/e.stderr)"
else
  e_note="not available: 'torchpatch matrix --help' fails with this binary"
fi

# --- timings -----------------------------------------------------------------------------------
hf() { hyperfine --shell=bash --style basic --warmup 2 "$@"; }
say "timing A, B, C, F, G, L${baseline:+ and A0} (warm cache, $runs runs each)"
hf --runs "$runs" --ignore-failure --export-json "$out/abc.json" -n A "$cmd_a" "${baseline[@]}" -n B "$cmd_b" -n C "$cmd_c" \
  -n F "$cmd_f" -n G "$cmd_g" -n L "$cmd_l" >&2
say "timing V and H (--version, --help; $(( runs * 3 )) runs each, no shell)"
hyperfine -N --style basic --warmup 5 --runs $(( runs * 3 )) --export-json "$out/vh.json" -n V "$cmd_v" -n H "$cmd_h" >&2
if [ -n "$cmd_d" ]; then
  say "timing D (apply + revert, $slow_runs runs)"
  hf --runs "$slow_runs" --export-json "$out/d.json" -n D "$cmd_d" >&2
fi
if [ -n "$cmd_e" ]; then
  say "timing E (matrix over 5 tags, $slow_runs runs)"
  hf --runs "$slow_runs" --export-json "$out/e.json" -n E "$cmd_e" >&2
fi
say "timing A on each size"
growth=()
for n in $sizes; do
  growth+=(-n "A@$n" "$(q "$tp") -C $(q "$(checkout_of "$n")") apply --dry --format diff")
done
[ ${#growth[@]} -gt 0 ] && hf --runs "$runs" --ignore-failure --export-json "$out/growth.json" "${growth[@]}" >&2

say "peak RSS of A (/usr/bin/time -v, 5 runs)"
for i in 1 2 3 4 5; do
  /usr/bin/time -v "$tp" -C "$co" apply --dry --format diff 2>&1 >/dev/null |
    sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): //p'
done >"$out/rss.txt"

# --- report ------------------------------------------------------------------------------------
python3 - "$out" "$co" "$sizes" "$e_note" "$cmd_a" "$cmd_b" "$cmd_c" "$cmd_d" "$cmd_e" "$cmd_f" "$cmd_g" "$cmd_l" "$cmd_v" "$cmd_h" <<'EOF' | tee "$out/report.txt"
import json, os, statistics, sys
out, co, sizes, e_note = sys.argv[1:5]
cmds = dict(zip("ABCDEFGLVH", sys.argv[5:15]))
m, cpu = {}, {}
for name in ("abc.json", "vh.json", "d.json", "e.json", "growth.json"):
    path = os.path.join(out, name)
    if os.path.exists(path):
        for r in json.load(open(path))["results"]:
            m[r["command"]] = r["median"]
            cpu[r["command"]] = r["user"] + r["system"]  # hyperfine keeps their means
rss = [int(x) for x in open(os.path.join(out, "rss.txt")).read().split()]
rss_mb = statistics.median(rss) / 1024
if os.path.exists(co + ".manifest.json"):
    man = json.load(open(co + ".manifest.json"))
    print("checkout  %s: %d files, %.2f GB, %d CMake files, %d files > 500 KB, %d submodules, seed %d"
          % (co, man["files"], man["bytes"] / 1e9, man["cmake_files"], man["files_over_500k"],
             len(man["submodules"]), man["seed"]))
else:
    print("checkout  %s (given with TP_BENCH_CHECKOUT)" % co)
print()
labels = {"A": "torchpatch apply --dry --format diff", "B": "rg -l -i (CMake globs)",
          "C": "guide_script.py (os.walk + re.sub)", "D": "torchpatch apply && revert",
          "E": "torchpatch matrix (5 tags)",
          "F": "libgit2 floor: init, open, read the superproject's index (bench/index_floor.c)",
          "G": "limit proxy: git ls-files --recurse-submodules, the catalog's globs, read (bench/limit_proxy.sh)",
          "L": "torchpatch list", "V": "torchpatch --version", "H": "torchpatch --help"}
for k in "ABCDEFGLVH":
    if k in m:
        print("%s  median %8.3f s   (CPU user+sys, mean %.3f s)   %s" % (k, m[k], cpu[k], labels[k]))
        print("      $ %s" % cmds[k])
    else:
        print("%s  %s" % (k, e_note if k == "E" and e_note else "not measured"))
print()
def verdict(value, target):
    return "meets" if value <= target else "MISSES"
rows = [("A/G", m["A"] / m["G"], 1.5), ("A/B", m["A"] / m["B"], 0.6), ("L/G", m["L"] / m["G"], 1.2),
        ("A/C", m["A"] / m["C"], 0.2)]
if "E" in m:
    rows.append(("E/(5*A)", m["E"] / (5 * m["A"]), 2.0))
cpu_ratio = {"A/B": cpu["A"] / cpu["B"], "A/C": cpu["A"] / cpu["C"], "A/G": cpu["A"] / cpu["G"],
             "L/G": cpu["L"] / cpu["G"]}
if "E" in m:
    cpu_ratio["E/(5*A)"] = cpu["E"] / (5 * cpu["A"])
for name, value, target in rows:
    print("%-8s = %6.3f   target <= %-4g  %-7s (CPU time ratio %.3f)"
          % (name, value, target, verdict(value, target), cpu_ratio[name]))
if "E" not in m:
    print("E/(5*A)  = n/a      target <= 2     E %s" % e_note)
if "A0" in m:
    print("A/A0     = %6.3f   target <= 1.1   %-7s (CPU time ratio %.3f; A0 %.3f s: $ %s)"
          % (m["A"] / m["A0"], verdict(m["A"] / m["A0"], 1.1), cpu["A"] / cpu["A0"], m["A0"],
             os.environ["TP_BENCH_CMD_A0"]))
print("F/B      = %6.3f   F/C = %.3f   A/F = %.2f   (the best A/B and A/C reachable while the index "
      "is read with libgit2, and how far A is above that floor)" % (m["F"] / m["B"], m["F"] / m["C"], m["A"] / m["F"]))
print("peak RSS of A = %.1f MB (median of %d; runs: %s MB)   target <= 64 MB  %s"
      % (rss_mb, len(rss), ", ".join("%.1f" % (r / 1024) for r in rss), verdict(rss_mb, 64)))
for k, what in (("V", "--version"), ("H", "--help")):
    print("%-9s = %5.1f ms   target <= 10 ms  %s" % (what, 1000 * m[k], verdict(m[k], 0.010)))
print()
print("growth of A (median; time per 1000 files):")
ns = [int(n) for n in sizes.split()]
base = None
for n in ns:
    t = m.get("A@%d" % n)
    if t is None:
        continue
    base = base or (n, t)
    print("  %7d files  %8.3f s   %6.2f ms/1k files   x%.2f time for x%.2f files"
          % (n, t, 1000 * t / (n / 1000), t / base[1], n / base[0]))
EOF
say "results in $out"
