#!/usr/bin/env bash
# flatbuffers-span-const-count with today's compilers: the span of flatbuffers v2.0.5 (the header of
# the patchset's will-apply case, as PyTorch 1.12 - 2.0 pin it) is refused by GCC 15, GCC 16 and
# Clang 21 as it stands, with an error the patchset's `errors` list names, and compiles after
# `torchpatch apply` (also when a program copies and assigns spans).
set -uo pipefail
source "$TP_REPO/tests/toolchain/lib.sh"
tp_sid_root || tp_fail "no sid root"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
id=flatbuffers-span-const-count

tp_case_tree "$id" v2.0.1-flatbuffers-2.0.5 "$tmp/before"
cp -a "$tmp/before" "$tmp/after"
tp_apply "$tmp/after" "$id"
for t in before after; do
  # stand-in for flatbuffers/base.h: only the macros stl_emulation.h uses
  cat > "$tmp/$t/third_party/flatbuffers/include/flatbuffers/base.h" <<'H'
#pragma once
#include <cstddef>
#define FLATBUFFERS_FINAL_CLASS final
#define FLATBUFFERS_CONSTEXPR constexpr
#define FLATBUFFERS_CONSTEXPR_CPP11 constexpr
#define FLATBUFFERS_CONSTEXPR_CPP14
#define FLATBUFFERS_NOEXCEPT noexcept
H
done
cat > "$tmp/use.cpp" <<'C'
#include "flatbuffers/stl_emulation.h"
int main() {
  int a[3] = {1, 2, 3};
  flatbuffers::span<int> x(a, 3);
  flatbuffers::span<int> y(x);
  return (y.size() == 3 && y.data() == a) ? 0 : 1;
}
C
for cc in g++-15 g++ clang++; do
  for t in before after; do
    sid "$tmp" "$cc --version | head -1; $cc -std=c++17 -c -I$t/third_party/flatbuffers/include use.cpp -o $t.o" \
      >"$tmp/log" 2>&1
    status=$?
    if [ "$t" = before ]; then
      expect_fail_explained "$status" "$id" "$tmp/log"
    else
      expect_ok "$status" "$tmp/log"
    fi
    echo "ok   $(head -1 "$tmp/log"): $t/ $([ $t = before ] && echo refused || echo compiles)"
  done
done
echo "flatbuffers_span: passed"
