# Sourced by tests/toolchain/run.sh and by every check in tests/toolchain/checks/.
# Today's toolchain is a Debian sid root made with debootstrap (CMake 4, GCC 15/16, Clang 21,
# Python 3.14, setuptools, NumPy 2), kept in a cache outside the source tree and reused while its
# package list is unchanged. Commands run inside it through `sid`, with one host folder mounted.
#
#   TP_CACHE      cache folder (default ${XDG_CACHE_HOME:-$HOME/.cache}/torchpatch)
#   TP_SID_ROOT   the root (default $TP_CACHE/sid)
#   TORCHPATCH    the torchpatch binary under test (set by run.sh)
#   TP_REPO       the source tree (set by run.sh)

# chroot, debootstrap and friends live in sbin, which a minimal PATH (env -i, cron, CI) leaves out.
case ":$PATH:" in *:/usr/sbin:*) ;; *) PATH="$PATH:/usr/sbin:/sbin" ;; esac
TP_CACHE="${TP_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/torchpatch}"
TP_SID_ROOT="${TP_SID_ROOT:-$TP_CACHE/sid}"
# The archive's components the root's apt sources name (tests/cuda adds contrib and non-free).
# TP_SID_SUITE: the suite (default sid; the CUDA sweep's nvcc 11.8 root is bookworm's).
TP_SID_COMPONENTS="${TP_SID_COMPONENTS:-main}"
# The Debian archive comes from this machine's apt sources (TP_SID_MIRROR or TP_DEBIAN_MIRROR override).
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib/debian_mirror.sh"
# What the checks need inside the root. Changing the list rebuilds the packages, not the root.
# python3-yaml, python3-typing-extensions: a PyTorch configure runs torchgen. git: ExternalProject
# projects with GIT_REPOSITORY (qnnpack's Download*.cmake) need it to configure, with no download.
# mingw-w64-x86-64-dev, g++-mingw-w64-x86-64-posix: MinGW-w64's CRT and Windows headers and the
# libstdc++ headers for x86_64-w64-mingw32, with which Clang compiles real PyTorch files for
# Windows (tests/windows-compile). patch: tests/dist/e2e.sh checks an exported series with it
# (ctest dist-root-sid). ninja-build: the whole-build sweep (tests/sweep) configures with Ninja;
# libomp-dev: its Clang compiles the OpenMP translation units that GCC's configure found omp.h for;
# python3.13-dev: its sweep of 2.6's Python extension (sid's python3 is 3.14, which 2.6 predates);
# ccache: its linked build (`sweep.sh link`) keeps the objects across configures and runs;
# python3-six: NNPACK's PeachPy kernels import six, which NNPACK's configure would download.
# libc++-21-dev, libc++abi-21-dev: LLVM's own C++ library for Clang 21, the third compiler
# configuration (`clang++ -stdlib=libc++`; the checks libcxx-*, the sweep's `libcxx`).
# lld-21, llvm-21: lld-link, llvm-lib and llvm-rc, the linker, librarian and resource compiler
# that CMake's Windows platform files ask for beside clang-cl (the MSVC STL oracle's Windows
# configure, tests/msvc-stl/toolchain.cmake; its try-compiles archive with llvm-lib).
TP_SID_PACKAGES=(g++-15 g++ clang cmake make python3-numpy python3-setuptools python3-dev
                 python3-packaging python3-yaml python3-typing-extensions git
                 mingw-w64-x86-64-dev g++-mingw-w64-x86-64-posix patch ninja-build
                 libomp-dev python3.13-dev ccache python3-six libc++-21-dev libc++abi-21-dev
                 lld-21 llvm-21)

# Makes sure the sid root exists with TP_SID_PACKAGES installed; prints nothing on a cache hit.
# Each package list leaves its own marker (.tp-ready.HASH), so that branches with different lists
# sharing one root do not reinstall in turn; packages are only ever added.
tp_sid_root() {
  # Two tests (toolchain, windows-compile) can ask at once: one installs, the other waits.
  mkdir -p "$TP_CACHE" || return 1
  local fd status
  exec {fd}>"$TP_CACHE/.sid-root.lock" && flock "$fd" || return 1
  tp_sid_root_unlocked; status=$?
  exec {fd}>&-
  return "$status"
}
tp_sid_root_unlocked() {
  local root="$TP_SID_ROOT" want
  want="$(printf '%s\n' "${TP_SID_PACKAGES[@]}" | sha256sum | cut -c1-16)"
  if [ -f "$root/.tp-ready.$want" ] || { [ -f "$root/.tp-ready" ] && [ "$(cat "$root/.tp-ready")" = "$want" ]; }; then
    tp_sid_mount
    return 0
  fi
  if [ ! -x "$root/usr/bin/apt-get" ]; then
    command -v debootstrap >/dev/null || {
      echo "toolchain: installing debootstrap" >&2
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap >/dev/null
    } || { echo "toolchain: cannot install debootstrap" >&2; return 1; }
    local mirror
    mirror="${TP_SID_MIRROR:-$(tp_debian_mirror)}" || return 1
    echo "toolchain: debootstrap --variant=minbase ${TP_SID_SUITE:-sid} $root from $mirror (about 90 s)" >&2
    rm -rf "$root.part" && mkdir -p "$(dirname "$root")"
    debootstrap --variant=minbase --components="$TP_SID_COMPONENTS" "${TP_SID_SUITE:-sid}" "$root.part" "$mirror" >"$TP_CACHE/debootstrap.log" 2>&1 || {
      echo "toolchain: debootstrap failed; see $TP_CACHE/debootstrap.log" >&2; tail -n 20 "$TP_CACHE/debootstrap.log" >&2; return 1; }
    mv "$root.part" "$root"
  fi
  tp_sid_mount
  echo "toolchain: installing ${TP_SID_PACKAGES[*]} in $root" >&2
  # The archive serves a snapshot whose Release files can be past their Valid-Until date.
  chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive bash -c \
    "apt-get -o Acquire::Check-Valid-Until=false update -qq &&
     apt-get -o Acquire::Check-Valid-Until=false install -y -qq --no-install-recommends ${TP_SID_PACKAGES[*]} && apt-get clean" \
    >"$TP_CACHE/${root##*/}-packages.log" 2>&1 || {
      echo "toolchain: installing packages in the sid root failed; see $TP_CACHE/${root##*/}-packages.log" >&2
      tail -n 20 "$TP_CACHE/${root##*/}-packages.log" >&2; return 1; }
  echo "$want" >"$root/.tp-ready.$want"
}

# tp_debian_root ROOT SUITE PACKAGES LOG: a minbase root of Debian SUITE at ROOT with PACKAGES (a
# comma-separated list) from the machine's mirror, made once: ROOT/.tp-ready holds the list it was
# made with (another list makes it again), and a broken attempt's ROOT.part is removed by the next.
# debootstrap's output goes to LOG. Needs debootstrap (tp_sid_root installs it).
tp_debian_root() {
  local root="$1" suite="$2" packages="$3" log="$4" mirror
  [ "$(cat "$root/.tp-ready" 2>/dev/null)" = "$packages" ] && return 0
  mirror="${TP_SID_MIRROR:-$(tp_debian_mirror)}" || return 1
  echo "toolchain: debootstrap --variant=minbase $suite $root with $packages (minutes)" >&2
  rm -rf "$root.part" && mkdir -p "$(dirname "$root")" || return 1
  debootstrap --variant=minbase --include="$packages" "$suite" "$root.part" "$mirror" >"$log" 2>&1 ||
    { tail -n 20 "$log" >&2; echo "toolchain: debootstrap $suite failed; see $log" >&2; return 1; }
  echo "$packages" >"$root.part/.tp-ready" && { ! mountpoint -q "$root/proc" || umount "$root/proc"; } &&
    rm -rf "$root" && mv "$root.part" "$root"
}

tp_sid_mount() {
  cp /etc/resolv.conf "$TP_SID_ROOT/etc/resolv.conf" 2>/dev/null || true
  mountpoint -q "$TP_SID_ROOT/proc" || mount -t proc proc "$TP_SID_ROOT/proc"
  mkdir -p "$TP_SID_ROOT/w"
}

# sid DIR 'COMMAND': runs COMMAND with bash inside the sid root, with the host folder DIR mounted
# read-write at /w and as the working directory, in an environment with nothing but PATH, HOME and
# LANG. Returns the command's exit status. Mounts are private to the call (unshare -m), so nothing
# stays mounted after it and two calls can run at once.
sid() {
  local dir="$1"; shift
  unshare -m bash -c '
    set -e
    mount --make-rprivate / 2>/dev/null || true
    mount --bind "$1" "$2/w"
    exec chroot "$2" env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/tmp LANG=C.UTF-8 \
      bash -c "cd /w && $3"' _ "$dir" "$TP_SID_ROOT" "$*"
}

# expect_fail_with TEXT LOG: the last command failed and LOG contains TEXT (the error a patchset's
# `errors` list names). expect_ok LOG: the last command succeeded. Both print the log on a miss.
tp_fail() { echo "FAIL: $*" >&2; exit 1; }
expect_fail_with() {
  local status="$1" text="$2" log="$3"
  [ "$status" -ne 0 ] || { cat "$log" >&2; tp_fail "expected a failure mentioning: $text"; }
  grep -qF -- "$text" "$log" || { cat "$log" >&2; tp_fail "the failure does not mention: $text"; }
}
expect_ok() {
  local status="$1" log="$2"
  [ "$status" -eq 0 ] || { cat "$log" >&2; tp_fail "expected success (exit $status)"; }
}

# tp_checkout DIR VERSION: makes the folder DIR a git checkout of one commit tagged vVERSION (as a
# clone of that release is), so that torchpatch plans and applies there as on a user's checkout.
tp_checkout() {
  local dir="$1" version="$2"
  { git -C "$dir" init -q && git -C "$dir" -c core.autocrlf=false add -A -f . &&
    git -C "$dir" -c core.autocrlf=false -c commit.gpgsign=false -c user.name=toolchain \
      -c user.email=toolchain@localhost commit -q -m "v$version" &&
    git -C "$dir" tag "v$version"; } >/dev/null 2>&1 || tp_fail "cannot make $dir a git checkout"
}

# tp_case_tree ID CASE DEST: the before/ files of patchset ID's case CASE copied to DEST (created),
# made a checkout of the case's version.
tp_case_tree() {
  local case_dir="$TP_REPO/patchsets/cases/$1/$2" version
  [ -d "$case_dir/before" ] || tp_fail "no such case: patchsets/cases/$1/$2"
  version="$(sed -n 's/^version *= *"\(.*\)"/\1/p' "$case_dir/case.toml")"
  [ -n "$version" ] || tp_fail "$case_dir/case.toml names no version"
  mkdir -p "$3" && cp -a "$case_dir/before/." "$3/" && tp_checkout "$3" "$version"
}

# tp_apply DIR ID: `torchpatch apply --only ID` in the checkout DIR; the check fails unless it exits 0.
tp_apply() {
  local log; log="$(mktemp)"
  "$TORCHPATCH" -C "$1" apply --only "$2" >"$log" 2>&1 || {
    cat "$log" >&2; rm -f "$log"; tp_fail "torchpatch apply --only $2 failed in $1"; }
  rm -f "$log"
}

# expect_fail_explained STATUS ID LOG: the command failed, and `torchpatch explain LOG` (what a user
# runs on a failed build) names patchset ID: the error is one of the `errors` strings of the source
# tree's patchsets/ID.toml (read with --catalog, as cxx_apply does, so a binary built before the
# patchset was written still judges it).
expect_fail_explained() {
  local status="$1" id="$2" log="$3" json
  [ "$status" -ne 0 ] || { cat "$log" >&2; tp_fail "expected a failure that $id fixes"; }
  # (--torch-version only spares explain the search for a checkout around the log)
  json="$("$TORCHPATCH" --catalog "$TP_REPO/patchsets" -C "$(dirname "$log")" --torch-version 2.6.0 \
    --format json explain "$log" 2>&1)"
  grep -qF "\"patchset\":\"$id\"" <<<"$json" || {
    cat "$log" >&2; echo "$json" >&2
    tp_fail "torchpatch explain does not name $id: the error is not in patchsets/$id.toml's errors"; }
  echo "    explain: $(grep -o "\"patchset\":\"$id\",[^}]*\"error\":\"[^\"]*" <<<"$json" | sed 's/.*"error":"//')"
}

# tp_fbgemm_project: sets work (a scratch folder, removed when the check exits) and fb (its
# tree/third_party/fbgemm, made with src/): the FBGEMM-shaped projects of the fbgemm-werror-* checks.
tp_fbgemm_project() {
  work="$(mktemp -d)" || tp_fail "no scratch folder"
  trap 'rm -rf "$work"' EXIT
  fb="$work/tree/third_party/fbgemm"
  mkdir -p "$fb/src"
}

# tp_fbgemm_build NAME CXX: configures $fb with the sid root's CMake 4 and the compiler CXX, and
# builds it on past a failure (make -k), so that the log, $work/NAME.log, holds every file's errors.
tp_fbgemm_build() {
  sid "$work" "export LC_ALL=C; rm -rf build-$1 && cmake -S tree/third_party/fbgemm -B build-$1 -DCMAKE_CXX_COMPILER=$2 >/dev/null && cmake --build build-$1 -- -k" >"$work/$1.log" 2>&1
}
