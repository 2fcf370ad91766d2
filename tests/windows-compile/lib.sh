# Sourced by tests/windows-compile/run.sh and its checks: real PyTorch release trees made ready for
# Clang 21 targeting Windows (x86_64-w64-windows-gnu: MinGW-w64's CRT headers and libstdc++, from
# the sid root of tests/toolchain/lib.sh).
#
# A prepared tree is cached under $TP_CACHE/windows-compile/VERSION-SHA-RECIPE (SHA: the first 16
# hex digits of the release tarball's sha256, RECIPE: of this file) and holds
#   src/   the tarball's aten c10 caffe2 functorch tools torch torchgen (read-only for the checks)
#   gen/   the codegen headers a build makes first: ATen's (`python3 -m torchgen.gen --generate
#          headers --per-operator-headers`, as cmake/Codegen.cmake runs it) and autograd's
#          (`python3 -m tools.setup_helpers.generate_code --subset libtorch`); headers only
#   cfg/   the CMake-configured headers of a Windows shared build: c10/macros/cmake_macros.h with
#          C10_BUILD_SHARED_LIBS, caffe2/core/macros.h, ATen/Config.h (native parallel backend)
#   port/  the one MinGW line a Windows-GNU compile of these files needs and MSVC does not, as
#          MSYS2's mingw-w64-python-pytorch 0003-pytorch-mingw-port.patch changes it:
#          c10/core/impl/LocalDispatchKeySet.h `#if defined(_MSC_VER) || ...` -> `defined(_WIN32)`
#          (else a dllimport thread_local is declared, which no Windows compiler accepts)
# Making one runs the codegen in the sid root (python3-yaml, python3-typing-extensions).

source "$TP_REPO/tests/toolchain/lib.sh"
source "$TP_REPO/tests/real/get_trees.sh"
WC_CACHE="$TP_CACHE/windows-compile"
WC_DIRS=(aten c10 caffe2 functorch tools torch torchgen)

# The compile: PyTorch's Windows export macros as torch_cpu is built (_WIN32 from the target,
# C10_BUILD_SHARED_LIBS from cfg/, CAFFE2_BUILD_MAIN_LIB: TORCH_API is __declspec(dllexport)),
# release (NDEBUG), syntax only, LC_ALL=C so that diagnostics use the ASCII quotes of `errors`.
# -w: warnings (dllimport on inline functions, ...) are not the subject and would bury the log.
WC_CXX='clang++ --target=x86_64-w64-windows-gnu -std=c++17 -fsyntax-only -w -ferror-limit=0 -DNDEBUG -DCAFFE2_BUILD_MAIN_LIB'

# wc_include_flags KEY: the -I list (paths inside the sid root, where the cache is /w).
wc_include_flags() {
  local k="/w/$1"
  echo "-I$k/port -I$k/cfg -I$k/cfg/aten/src -I$k/gen/aten/src -I$k/gen -I$k/src -I$k/src/aten/src"
}

# wc_sid 'COMMAND': COMMAND in the sid root with $WC_CACHE at /w.
wc_sid() { sid "$WC_CACHE" "export LC_ALL=C; $*"; }

wc_configure() {
  local src="$1" out="$2" f
  for f in c10/macros/cmake_macros.h aten/src/ATen/Config.h caffe2/core/macros.h; do
    mkdir -p "$out/$(dirname "$f")" || return 1
    sed -e 's/^#cmakedefine \(C10_BUILD_SHARED_LIBS\|CAFFE2_BUILD_SHARED_LIBS\)$/#define \1/' \
      -e 's/^#cmakedefine \([A-Za-z0-9_]*\).*/\/* #undef \1 *\//' -e 's/@AT_PARALLEL_NATIVE@/1/' \
      -e 's/@[A-Za-z0-9_]*@/0/g' -e 's/\${[A-Za-z0-9_]*}//g' "$src/$f.in" >"$out/$f" || return 1
  done
  grep -q '^#define C10_BUILD_SHARED_LIBS$' "$out/c10/macros/cmake_macros.h"
}

wc_port() {
  local src="$1" out="$2" f=c10/core/impl/LocalDispatchKeySet.h
  mkdir -p "$out/$(dirname "$f")" || return 1
  sed 's/^#if defined(_MSC_VER) || defined(C10_ANDROID) || defined(C10_IPHONE)$/#if defined(_WIN32) || defined(C10_ANDROID) || defined(C10_IPHONE)/' \
    "$src/$f" >"$out/$f" || return 1
  # the line must be there to change: a tree without it is a failure, not a silent no-op
  ! cmp -s "$src/$f" "$out/$f" || { echo "windows-compile: $f has no _MSC_VER TLS guard to port" >&2; return 1; }
}

# wc_codegen KEY: ATen's and autograd's generated headers into KEY/gen, inside the sid root.
wc_codegen() {
  local k="/w/$1"
  wc_sid "cd $k/src && python3 -m torchgen.gen --source-path aten/src/ATen --install_dir $k/gen/aten/src/ATen \
      --per-operator-headers --generate headers &&
    python3 -m tools.setup_helpers.generate_code --native-functions-path aten/src/ATen/native/native_functions.yaml \
      --tags-path aten/src/ATen/native/tags.yaml --gen-dir $k/gen --subset libtorch &&
    find $k/gen -type f ! -name '*.h' -delete && find $k/src -name __pycache__ -prune -exec rm -rf {} +"
}

# wc_prepare VERSION: prints the cache key (a folder under $WC_CACHE) of VERSION's prepared tree,
# making it when missing. Reports what a cold preparation cost.
wc_prepare() {
  local version="$1" tarball sha recipe key dir part t0=$SECONDS
  tarball="$(tp_real_tarball "$version")" || return 1
  sha="$(tp_real_sha256 "$version")"
  recipe="$(sha256sum "$TP_REPO/tests/windows-compile/lib.sh" | cut -c1-16)"
  key="$version-${sha:0:16}-$recipe"
  dir="$WC_CACHE/$key"
  if [ -f "$dir/.ready" ]; then echo "$key"; return 0; fi
  mkdir -p "$WC_CACHE" || return 1
  # older recipes of this version go: one prepared tree per version is kept
  find "$WC_CACHE" -maxdepth 1 -name "$version-*" ! -name "$key" -exec rm -rf {} + 2>/dev/null
  part="$dir.part"; rm -rf "$part" "$dir"; mkdir -p "$part/src" || return 1
  local members=() d
  for d in "${WC_DIRS[@]}"; do members+=("--wildcards" "*/$d/*"); done
  tar -xJf "$tarball" -C "$part/src" --strip-components=1 "${members[@]}" || {
    echo "windows-compile: extracting $tarball failed" >&2; return 1; }
  echo "windows-compile: $version extracted in $((SECONDS - t0)) s" >&2
  wc_configure "$part/src" "$part/cfg" || { echo "windows-compile: configuring $version failed" >&2; return 1; }
  wc_port "$part/src" "$part/port" || return 1
  local t1=$SECONDS
  wc_codegen "$key.part" >"$WC_CACHE/codegen-$version.log" 2>&1 || {
    echo "windows-compile: the codegen of $version failed; see $WC_CACHE/codegen-$version.log" >&2
    tail -n 20 "$WC_CACHE/codegen-$version.log" >&2; return 1; }
  echo "windows-compile: $version codegen in $((SECONDS - t1)) s ($(find "$part/gen" -name '*.h' | wc -l) headers)" >&2
  chmod -R a-w "$part/src" && mv "$part" "$dir" && touch "$dir/.ready" || return 1
  echo "windows-compile: $version prepared in $((SECONDS - t0)) s ($(du -sh "$dir" | cut -f1))" >&2
  echo "$key"
}

# wc_scratch: sets s to the name of a new scratch folder under $WC_CACHE (the sid root sees it at
# /w/$s), removed when the check exits.
wc_scratch() {
  local d; d="$(mktemp -d "$WC_CACHE/run.XXXXXX")" || return 1
  trap "rm -rf '$d'" EXIT
  s="$(basename "$d")"
}

# wc_copy KEY DEST FILE...: the real FILEs of KEY's tree copied to the new folder DEST (same paths).
wc_copy() {
  local key="$1" dest="$2" f; shift 2
  for f in "$@"; do
    mkdir -p "$dest/$(dirname "$f")" && cp "$WC_CACHE/$key/src/$f" "$dest/$f" && chmod u+w "$dest/$f" ||
      tp_fail "cannot copy $f"
  done
}

# wc_after KEY VERSION ID DEST FILE...: DEST (a new folder) becomes a checkout tagged vVERSION of
# the real FILEs of KEY's tree, and `torchpatch apply --only ID` patches it; FILEs must change.
wc_after() {
  local key="$1" version="$2" id="$3" dest="$4" f; shift 4
  wc_copy "$key" "$dest" "$@"
  tp_checkout "$dest" "$version"
  "$TORCHPATCH" --catalog "$TP_REPO/patchsets" -C "$dest" --color never apply --only "$id" >"$dest.apply.log" 2>&1 ||
    { cat "$dest.apply.log" >&2; tp_fail "torchpatch apply --only $id failed on real $version"; }
  for f in "$@"; do
    ! cmp -s "$WC_CACHE/$key/src/$f" "$dest/$f" || tp_fail "apply --only $id left $f of $version unchanged"
  done
}

# wc_patchset_errors ID: the patchset's `errors` strings, one a line.
wc_patchset_errors() {
  sed -n '/^errors = \[/,/^\]/p' "$TP_REPO/patchsets/$1.toml" | sed -n 's/^ *"\(.*\)",\{0,1\} *$/\1/p' |
    sed 's/\\"/"/g; s/\\\\/\\/g'
}

# wc_expect_refused STATUS ID LOG: the compile failed; every error in LOG is one the patchset's
# `errors` names (nothing else broke), and `torchpatch explain` on LOG names the patchset.
wc_expect_refused() {
  local status="$1" id="$2" log="$3" errors line n=0
  [ "$status" -ne 0 ] || { cat "$log" >&2; tp_fail "expected the compile to fail with $id's error"; }
  errors="$(wc_patchset_errors "$id")"
  [ -n "$errors" ] || tp_fail "patchsets/$id.toml names no errors"
  while IFS= read -r line; do
    n=$((n + 1))
    grep -qF -f <(printf '%s\n' "$errors") <<<"$line" || {
      cat "$log" >&2; tp_fail "an error that $id does not name: $line"; }
  done < <(grep -E '(fatal )?error:' "$log")
  [ "$n" -gt 0 ] || { cat "$log" >&2; tp_fail "the failure printed no error line"; }
  expect_fail_explained "$status" "$id" "$log"
  echo "    $n error(s), each one $id names: $(grep -m1 -oE 'error: .*' "$log")"
}

# wc_minpybind DIR: DIR/minpybind.h, a stand-in for functorch's own (which needs Python's headers)
# with just what functorch/csrc/dim/arena.h uses of it.
wc_minpybind() {
  mkdir -p "$1" && cat >"$1/minpybind.h" <<'H'
#pragma once
#include <cstdint>
#include <ostream>
struct irange {
  irange(int64_t end);
  irange(int64_t begin, int64_t end, int64_t step = 1);
};
namespace mpy {
struct handle { void* ptr_ = nullptr; };
struct object : handle {
  static object steal(handle h);
  handle release();
};
} // namespace mpy
namespace py = mpy;
H
}
