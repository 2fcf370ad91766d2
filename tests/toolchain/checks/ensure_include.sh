# ensure-include against today's compilers: a gloo/types.h-shaped header that uses uint8_t with
# only <iostream>/<string> fails with GCC 16 and Clang 21 (libstdc++ 16 no longer leaks <cstdint>
# through them); torchpatch's ensure-include (tests/catalogs/ensure-include) adds
# `#include <cstdint>` after the last top-level system include, and both compilers accept it;
# applying again changes nothing and revert gives every byte back (CRLF checkout included).
set -u
: "${TORCHPATCH:?set TORCHPATCH to the torchpatch binary}" "${TP_REPO:?set TP_REPO to the source tree}"
source "$TP_REPO/tests/toolchain/lib.sh"
tp_sid_root || tp_fail "no sid root"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
catalog="$TP_REPO/tests/catalogs/ensure-include"

make_checkout() { # DIR EOL: a git checkout tagged v1.13.1 with the header and a user of it
  local dir="$1" eol="$2"
  mkdir -p "$dir/third_party/gloo/gloo"
  printf '%s\n' '#pragma once' '' '#include <iostream>' '#include <string>' '' '#ifdef _WIN32' \
    '#include <BaseTsd.h>' '#endif' '' 'namespace gloo {' 'struct float16 { uint16_t x; };' \
    'std::string describe(uint8_t tag);' '} // namespace gloo' | sed "s/\$/$eol/" \
    >"$dir/third_party/gloo/gloo/types.h"
  printf '#include "gloo/types.h"\nint main() { gloo::float16 h{1}; return h.x - 1; }\n' >"$dir/main.cc"
  git -C "$dir" init -q && git -C "$dir" -c core.autocrlf=false add -A &&
    git -C "$dir" -c user.name=t -c user.email=t@t commit -qm before && git -C "$dir" tag v1.13.1
}

compile_all() { # DIR LOGPREFIX: g++ (GCC 16) and clang++ (Clang 21) on main.cc
  local status=0
  sid "$1" 'g++ -std=c++17 -Ithird_party/gloo -c main.cc -o /dev/null' >"$2.gcc.log" 2>&1 || status=1
  sid "$1" 'clang++ -std=c++17 -Ithird_party/gloo -c main.cc -o /dev/null' >"$2.clang.log" 2>&1 || status=$((status + 2))
  return $status
}

for eol in "" $'\r'; do
  name=$([ -z "$eol" ] && echo lf || echo crlf)
  dir="$work/$name"
  make_checkout "$dir" "$eol"
  cp "$dir/third_party/gloo/gloo/types.h" "$work/$name.orig"
  echo "ensure-include ($name): before, GCC 16 and Clang 21 reject uint16_t without <cstdint>"
  compile_all "$dir" "$work/$name.before"
  [ $? -eq 3 ] || { cat "$work/$name.before."*.log >&2; tp_fail "$name: expected both compilers to fail"; }
  expect_fail_with 1 "‘uint16_t’ does not name a type" "$work/$name.before.gcc.log"
  expect_fail_with 1 "unknown type name 'uint16_t'" "$work/$name.before.clang.log"

  echo "ensure-include ($name): torchpatch apply inserts the include; both compilers accept the result"
  "$TORCHPATCH" -C "$dir" --catalog "$catalog" apply --only gloo-types-cstdint >"$work/$name.apply.log" 2>&1
  expect_ok $? "$work/$name.apply.log"
  grep -qx "#include <cstdint>$eol" "$dir/third_party/gloo/gloo/types.h" || tp_fail "$name: no #include <cstdint> line with the file's line ending"
  [ "$(sed -n 5p "$dir/third_party/gloo/gloo/types.h")" = "#include <cstdint>$eol" ] || tp_fail "$name: the include is not right after <string>"
  compile_all "$dir" "$work/$name.after" || { cat "$work/$name.after."*.log >&2; tp_fail "$name: the patched header does not compile"; }

  echo "ensure-include ($name): applying again finds it already applied; revert restores every byte"
  "$TORCHPATCH" -C "$dir" --catalog "$catalog" list >"$work/$name.list.log" 2>&1
  grep -q "^already-applied  *gloo-types-cstdint" "$work/$name.list.log" || { cat "$work/$name.list.log" >&2; tp_fail "$name: not already-applied after apply"; }
  "$TORCHPATCH" -C "$dir" --catalog "$catalog" revert >"$work/$name.revert.log" 2>&1
  expect_ok $? "$work/$name.revert.log"
  cmp -s "$work/$name.orig" "$dir/third_party/gloo/gloo/types.h" || tp_fail "$name: revert did not restore the bytes"
done
echo "ensure-include: ok"
