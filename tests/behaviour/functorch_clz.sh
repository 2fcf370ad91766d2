#!/usr/bin/env bash
# Behaviour test for functorch-builtin-clz: compile the will-apply case's after/ arena.h construct
# with -D_WIN32 and a stand-in <intrin.h> (_BitScanReverse), and without _WIN32 (the builtin path);
# run round2min8 and functorch_clz on a few values against a reference.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
after="$here/../../patchsets/cases/functorch-builtin-clz/v2.0.1-ifdef-win32/after/functorch/csrc/dim/arena.h"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/inc/ATen"
: > "$tmp/inc/ATen/ATen.h"; : > "$tmp/inc/minpybind.h"
cat > "$tmp/inc/intrin.h" <<'H'
#pragma once
// stand-in for MSVC's <intrin.h>: index of the highest set bit; result undefined for 0
inline unsigned char _BitScanReverse(unsigned long* index, unsigned long mask) {
  if (mask == 0) return 0;
  unsigned long i = 31;
  while (!(mask & (1ul << i))) --i;
  *index = i;
  return 1;
}
H
cp "$after" "$tmp/inc/arena.h"
cat > "$tmp/main.cpp" <<'C'
#include <cstdio>
#ifdef PREDEFINE
// someone else already provides functorch_clz: the guard must keep arena.h from redefining it
inline unsigned int functorch_clz(unsigned int x) { return x ? (unsigned)__builtin_clz(x) : 32u; }
#define FUNCTORCH_CLZ_DEFINED
#endif
#include "arena.h"
static int ref_clz(unsigned x) { if (!x) return 32; int n = 0; while (!(x & 0x80000000u)) { x <<= 1; ++n; } return n; }
static int ref_round2min8(int num) { int r = 8; while (r < num) r <<= 1; return r; }
int main() {
  int bad = 0;
  const unsigned xs[] = {0u, 1u, 2u, 3u, 4u, 7u, 8u, 255u, 256u, 0x7fffffffu, 0x80000000u, 0xffffffffu};
  for (unsigned x : xs) if ((int)functorch_clz(x) != ref_clz(x)) { std::printf("clz(%u)=%u want %d\n", x, functorch_clz(x), ref_clz(x)); bad = 1; }
  const int ns[] = {1, 2, 5, 8, 9, 15, 16, 17, 100, 1000, 4096, 4097};
  for (int n : ns) if (round2min8(n) != ref_round2min8(n)) { std::printf("round2min8(%d)=%d want %d\n", n, round2min8(n), ref_round2min8(n)); bad = 1; }
  return bad;
}
C
# Both are installed by scripts/setup.sh; a missing one fails below, never skips.
compilers=(g++ clang++)
for cc in "${compilers[@]}"; do
  command -v "$cc" >/dev/null || { echo "FAIL $cc not found"; exit 1; }
  for mode in win32 native; do
    flags=(); [ "$mode" = win32 ] && flags=(-D_WIN32)
    for pre in "" -DPREDEFINE; do
      "$cc" -std=c++17 -Wall -I"$tmp/inc" "${flags[@]}" $pre "$tmp/main.cpp" -o "$tmp/t"
      "$tmp/t"
      echo "ok   $cc ($mode${pre:+, $pre}): functorch_clz and round2min8 match the reference"
    done
  done
done
echo "functorch_clz: passed"
