#!/usr/bin/env bash
# functorch-builtin-clz with today's compilers: arena.h's `#ifdef _WIN32` definition of
# __builtin_clz (the header of the patchset's will-apply case) is refused by Clang 21 in MSVC mode
# (what clang-cl and IntelLLVM do on Windows) with an error the patchset's `errors` list names, and
# compiles there after `torchpatch apply`. The patched header also compiles and computes
# round2min8 right with GCC 15, GCC 16 and Clang 21 on Linux, where functorch_clz is the builtin.
set -uo pipefail
source "$TP_REPO/tests/toolchain/lib.sh"
tp_sid_root || tp_fail "no sid root"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
id=functorch-builtin-clz

tp_case_tree "$id" v2.0.1-ifdef-win32 "$tmp/before"
cp -a "$tmp/before" "$tmp/after"
tp_apply "$tmp/after" "$id"
# stand-ins for what arena.h includes; <intrin.h> declares _BitScanReverse as MSVC's does (clang's
# own intrin.h needs the Windows SDK's C headers, which are not here)
mkdir -p "$tmp/inc/ATen"; : > "$tmp/inc/ATen/ATen.h"; : > "$tmp/inc/minpybind.h"
cat > "$tmp/inc/intrin.h" <<'H'
#pragma once
extern "C" unsigned char _BitScanReverse(unsigned long* index, unsigned long mask);
H
cat > "$tmp/use.cpp" <<'C'
#include "arena.h"
int check() { return round2min8(9) == 16 && round2min8(1) == 8 && round2min8(4097) == 8192; }
#ifdef RUN
int main() { return check() ? 0 : 1; }
#endif
C
msvc='clang++ --target=x86_64-pc-windows-msvc -fms-extensions -fms-compatibility -std=c++17 -fsyntax-only'
for t in before after; do
  sid "$tmp" "$msvc -Iinc -I$t/functorch/csrc/dim use.cpp" >"$tmp/log" 2>&1
  status=$?
  if [ "$t" = before ]; then expect_fail_explained "$status" "$id" "$tmp/log"; else expect_ok "$status" "$tmp/log"; fi
  echo "ok   clang++ --target=x86_64-pc-windows-msvc: $t/ $([ $t = before ] && echo refused || echo compiles)"
done
for cc in g++-15 g++ clang++; do
  sid "$tmp" "$cc -std=c++17 -Wall -Werror -DRUN -Iinc -Iafter/functorch/csrc/dim use.cpp -o t-$cc && ./t-$cc" >"$tmp/log" 2>&1
  expect_ok $? "$tmp/log"
  echo "ok   $cc on Linux: after/ compiles and round2min8 is right"
done
echo "functorch_clz: passed"
