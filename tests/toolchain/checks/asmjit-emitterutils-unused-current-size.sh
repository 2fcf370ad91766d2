#!/bin/bash
# asmjit-emitterutils-unused-current-size: asmjit 8b35b4c's (PyTorch 1.12.1) core/emitterutils.cpp
# reduced to EmitterUtils::formatLine as it is there, line for line and at its lines (41-79), over a
# small String with size(), padEnd(), append(), appendHex() and appendChars(), and the macros and
# constants of globals.h, support.h and emitterutils_p.h it uses; compiled as FBGEMM compiles asmjit
# (-Wall -Wextra -Werror; C++14, PyTorch 1.12's standard). Before the patch GCC 16 rejects the
# write-only `currentSize` (-Wunused-but-set-variable=: `+=` counts as a set, not a use) and
# `explain` names the patchset; GCC 15 does not warn and compiles it. Clang 21 rejects it the same
# way with these flags alone, and compiles it with the `-Wno-deprecated-copy
# -Wno-unused-but-set-variable` that PyTorch's cmake/Dependencies.cmake gives asmjit for Clang newer
# than 13 (pytorch#74352), so in the real build only GCC 16 fails. After the patch all three compile
# with the flags alone, and formatLine writes the same lines as before.
set -u
source "$TP_REPO/tests/toolchain/lib.sh"
source "$TP_REPO/tests/toolchain/cxx.sh"
tp_sid_root || tp_fail "the sid root is not available"
cxx_begin asmjit-emitterutils-unused-current-size
src="$work/tree/third_party/fbgemm/third_party/asmjit/src"
core="$src/asmjit/core"
mkdir -p "$core"

# string.h: what formatLine uses from globals.h (Error, ASMJIT_ASSERT as release builds define it,
# ASMJIT_PROPAGATE, Globals::kMaxCommentSize), support.h (Support::strLen) and string.h (String)
cat >"$core/string.h" <<'CXX'
#ifndef ASMJIT_CORE_STRING_H_INCLUDED
#define ASMJIT_CORE_STRING_H_INCLUDED

#include <stddef.h>
#include <stdint.h>

#define ASMJIT_BEGIN_NAMESPACE namespace asmjit {
#define ASMJIT_END_NAMESPACE }
#define ASMJIT_ASSERT(...) ((void)0)
#define ASMJIT_PROPAGATE(...)               \
  do {                                      \
    ::asmjit::Error _err = __VA_ARGS__;     \
    if (_err)                               \
      return _err;                          \
  } while (0)

ASMJIT_BEGIN_NAMESPACE

typedef uint32_t Error;
enum ErrorCode : uint32_t { kErrorOk = 0, kErrorOutOfMemory = 1 };

namespace Globals { static constexpr uint32_t kMaxCommentSize = 1024; }

namespace Support {
static inline size_t strLen(const char* s, size_t maxSize) noexcept {
  size_t i = 0;
  while (i < maxSize && s[i] != '\0')
    i++;
  return i;
}
}

class String {
public:
  size_t size() const noexcept { return _size; }
  const char* data() const noexcept { return _data; }

  Error append(char c) noexcept {
    if (_size + 1 >= sizeof(_data))
      return kErrorOutOfMemory;
    _data[_size++] = c;
    _data[_size] = '\0';
    return kErrorOk;
  }
  Error append(const char* s, size_t n) noexcept {
    for (size_t i = 0; i < n; i++)
      ASMJIT_PROPAGATE(append(s[i]));
    return kErrorOk;
  }
  Error append(const char* s) noexcept { return append(s, Support::strLen(s, SIZE_MAX)); }
  Error appendChars(char c, size_t n) noexcept {
    for (size_t i = 0; i < n; i++)
      ASMJIT_PROPAGATE(append(c));
    return kErrorOk;
  }
  Error appendHex(const void* data, size_t size) noexcept {
    static const char hex[] = "0123456789ABCDEF";
    const uint8_t* p = static_cast<const uint8_t*>(data);
    for (size_t i = 0; i < size; i++) {
      ASMJIT_PROPAGATE(append(hex[p[i] >> 4]));
      ASMJIT_PROPAGATE(append(hex[p[i] & 15]));
    }
    return kErrorOk;
  }
  Error padEnd(size_t n, char c = ' ') noexcept {
    return _size < n ? appendChars(c, n - _size) : kErrorOk;
  }

private:
  char _data[256] = {};
  size_t _size = 0;
};

ASMJIT_END_NAMESPACE

#endif
CXX
# emitterutils_p.h: formatLine's constants and declaration, as 8b35b4c has them
cat >"$core/emitterutils_p.h" <<'CXX'
#ifndef ASMJIT_CORE_EMITTERUTILS_P_H_INCLUDED
#define ASMJIT_CORE_EMITTERUTILS_P_H_INCLUDED

#include "../core/string.h"

ASMJIT_BEGIN_NAMESPACE

namespace EmitterUtils {

#ifndef ASMJIT_NO_LOGGING
enum : uint32_t {
  // Has to be big to be able to hold all metadata compiler can assign to a
  // single instruction.
  kMaxInstLineSize = 44,
  kMaxBinarySize = 26
};

Error formatLine(String& sb, const uint8_t* binData, size_t binSize, size_t dispSize, size_t immSize, const char* comment) noexcept;
#endif

} // {EmitterUtils}

ASMJIT_END_NAMESPACE

#endif
CXX

# emitterutils.cpp: formatLine at line 41, its `size_t currentSize` at line 42, column 10, as in
# 8b35b4c (the line and column in the patchset's `errors`)
f="$core/emitterutils.cpp"
cat >"$f" <<'CXX'
// AsmJit - Machine code generation for C++
// (reduced: asmjit 8b35b4c's core/emitterutils.cpp, formatLine at its lines)

#include "../core/emitterutils_p.h"
#include "../core/string.h"

ASMJIT_BEGIN_NAMESPACE

namespace EmitterUtils {

#ifndef ASMJIT_NO_LOGGING
CXX
n=$(wc -l <"$f"); while [ "$n" -lt 40 ]; do echo "// (line $((n + 1)) of the real file)" >>"$f"; n=$((n + 1)); done
cat >>"$f" <<'CXX'
Error formatLine(String& sb, const uint8_t* binData, size_t binSize, size_t dispSize, size_t immSize, const char* comment) noexcept {
  size_t currentSize = sb.size();
  size_t commentSize = comment ? Support::strLen(comment, Globals::kMaxCommentSize) : 0;

  ASMJIT_ASSERT(binSize >= dispSize);
  const size_t kNoBinSize = SIZE_MAX;

  if ((binSize != 0 && binSize != kNoBinSize) || commentSize) {
    size_t align = kMaxInstLineSize;
    char sep = ';';

    for (size_t i = (binSize == kNoBinSize); i < 2; i++) {
      size_t begin = sb.size();
      ASMJIT_PROPAGATE(sb.padEnd(align));

      if (sep) {
        ASMJIT_PROPAGATE(sb.append(sep));
        ASMJIT_PROPAGATE(sb.append(' '));
      }

      // Append binary data or comment.
      if (i == 0) {
        ASMJIT_PROPAGATE(sb.appendHex(binData, binSize - dispSize - immSize));
        ASMJIT_PROPAGATE(sb.appendChars('.', dispSize * 2));
        ASMJIT_PROPAGATE(sb.appendHex(binData + binSize - immSize, immSize));
        if (commentSize == 0) break;
      }
      else {
        ASMJIT_PROPAGATE(sb.append(comment, commentSize));
      }

      currentSize += sb.size() - begin;
      align += kMaxBinarySize;
      sep = '|';
    }
  }

  return sb.append('\n');
}

#endif

} // {EmitterUtils}

ASMJIT_END_NAMESPACE
CXX
[ "$(sed -n 42p "$f")" = '  size_t currentSize = sb.size();' ] || tp_fail "the fixture's currentSize is not at line 42"

# main.cc: the lines the loggers format (machine code and a comment; a label with a comment; an
# instruction alone), each checked against what 8b35b4c's formatLine writes
cat >"$work/tree/main.cc" <<'CXX'
#include <stdio.h>
#include <string.h>

#include "asmjit/core/emitterutils_p.h"

using namespace asmjit;

static int check(const String& sb, const char* expected) {
  if (strcmp(sb.data(), expected) == 0)
    return 0;
  printf("formatLine wrote [%s], expected [%s]\n", sb.data(), expected);
  return 1;
}

int main() {
  static const uint8_t code[] = { 0x8B, 0x45, 0x08, 0x11, 0x22 };
  int failed = 0;

  String inst;
  inst.append("mov eax, [ebp+8]");
  if (EmitterUtils::formatLine(inst, code, sizeof(code), 1, 2, "load") != kErrorOk) return 1;
  failed += check(inst, "mov eax, [ebp+8]                            "
                        "; 8B45..1122              | load\n");

  String label;
  label.append("L0:");
  if (EmitterUtils::formatLine(label, nullptr, SIZE_MAX, 0, 0, "loop") != kErrorOk) return 1;
  failed += check(label, "L0:                                         ; loop\n");

  String bare;
  bare.append("ret");
  if (EmitterUtils::formatLine(bare, nullptr, SIZE_MAX, 0, 0, nullptr) != kErrorOk) return 1;
  failed += check(bare, "ret\n");
  return failed;
}
CXX
# build CXX [FLAGS]: compiles and runs the tree with CXX, FLAGS after FBGEMM's own (as
# target_compile_options puts them); the binary is /w/t-CXX
build() {
  echo "cd tree && $1 -std=c++14 -Wall -Wextra -Werror ${2:+$2 }-Ithird_party/fbgemm/third_party/asmjit/src" \
    "third_party/fbgemm/third_party/asmjit/src/asmjit/core/emitterutils.cpp main.cc -o /w/t-$1 && /w/t-$1"
}

echo "asmjit-emitterutils-unused-current-size: before the patch"
cxx_fails_with before-g++ "$(build g++)" \
  "emitterutils.cpp:42:10: error: variable 'currentSize' set but not used [-Werror=unused-but-set-variable=]"
cxx_explained before-g++ asmjit-emitterutils-unused-current-size
# Clang 21 warns the same way (the patchset's fix is for every compiler), but the real build gives
# asmjit the flags below for Clang newer than 13 (cmake/Dependencies.cmake, 1.12.1 - 2.6.0)
cxx_fails_with before-clang++ "$(build clang++)" \
  "emitterutils.cpp:42:10: error: variable 'currentSize' set but not used [-Werror,-Wunused-but-set-variable]"
cxx_passes before-clang++-dependencies "$(build clang++ "-Wno-deprecated-copy -Wno-unused-but-set-variable")"
# GCC 15 does not count `currentSize += ...` as a set without a use: it compiles 8b35b4c as it is
cxx_passes before-g++-15 "$(build g++-15)"
! grep -q "currentSize" "$work/before-g++-15.log" || tp_fail "g++-15: expected no diagnostic about currentSize"

cxx_apply 1.12.1 asmjit-emitterutils-unused-current-size
! grep -nE "currentSize|size_t begin" "$f" || tp_fail "a line that declares or updates currentSize or begin is left"
[ "$(sed -n 42p "$f")" = '  size_t commentSize = comment ? Support::strLen(comment, Globals::kMaxCommentSize) : 0;' ] ||
  tp_fail "formatLine does not start with its commentSize line"
[ "$(grep -c . "$f")" -eq "$(($(git -C "$work/tree" show HEAD:third_party/fbgemm/third_party/asmjit/src/asmjit/core/emitterutils.cpp | grep -c .) - 3))" ] ||
  tp_fail "expected exactly three lines fewer"

echo "asmjit-emitterutils-unused-current-size: after the patch"
for cc in g++ g++-15 clang++; do cxx_passes "after-$cc" "$(build $cc)"; done
echo "asmjit-emitterutils-unused-current-size: passed"
