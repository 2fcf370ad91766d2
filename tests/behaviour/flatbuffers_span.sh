#!/usr/bin/env bash
# Behaviour test for flatbuffers-span-const-count: compile a program that assigns spans using the
# span from the will-apply case's after/ header (g++ required, clang++ if present).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
case_dir="$here/../../patchsets/cases/flatbuffers-span-const-count/v2.0.1-flatbuffers-2.0.5"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/inc/flatbuffers"
# stand-in for flatbuffers/base.h: just the macros the span uses
cat > "$tmp/inc/flatbuffers/base.h" <<'H'
#pragma once
#include <cstddef>
#define FLATBUFFERS_FINAL_CLASS final
#define FLATBUFFERS_CONSTEXPR constexpr
#define FLATBUFFERS_CONSTEXPR_CPP11 constexpr
#define FLATBUFFERS_CONSTEXPR_CPP14
#define FLATBUFFERS_NOEXCEPT noexcept
H
cat > "$tmp/main.cpp" <<'C'
#include "flatbuffers/stl_emulation.h"
int main() {
  int a[3] = {1, 2, 3};
  int b[5] = {4, 5, 6, 7, 8};
  flatbuffers::span<int> x(a, 3);
  flatbuffers::span<int> y(b, 5);
  flatbuffers::span<int> z(x);
  (void)z;
  return (x.size() == 3 && y.size() == 5) ? 0 : 1;
}
C
check() {  # $1 compiler, $2 header variant
  cp "$case_dir/$2/third_party/flatbuffers/include/flatbuffers/stl_emulation.h" "$tmp/inc/flatbuffers/"
  "$1" -std=c++17 -fsyntax-only -I"$tmp/inc" "$tmp/main.cpp" 2>"$tmp/err" && return 0
  cat "$tmp/err" >&2; return 1
}
# Both are installed by scripts/setup.sh; a missing one fails below, never skips.
compilers=(g++ clang++)
for cc in "${compilers[@]}"; do
  command -v "$cc" >/dev/null || { echo "FAIL $cc not found"; exit 1; }
  check "$cc" after
  echo "ok   $cc: after/ span (size_type count_) compiles with span copies"
done
# the span's operator= itself is ill-formed for any instantiation while data_ is `pointer const`
# (upstream kept that); what the patch fixes is the eager diagnosis of `count_ = other.count_`,
# shown by GCC >= 14 at template definition time: make sure the patched member is the only change
cmp <(sed 's/  const size_type count_;/  size_type count_;/' "$case_dir/before/third_party/flatbuffers/include/flatbuffers/stl_emulation.h") \
    "$case_dir/after/third_party/flatbuffers/include/flatbuffers/stl_emulation.h"
echo "ok   after/ differs from before/ only in the count_ member (pointer const data_ kept)"
echo "flatbuffers_span: passed"
