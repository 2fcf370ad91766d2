#!/bin/bash
# strong-type-std-is-arithmetic: the real c10/util/strong_type.h of Debian's 1.13.1 and 2.6.0 orig
# tarballs (tests/real/get_trees.sh; the header includes only standard headers) with a user shaped
# like the profiler's (torch/csrc/profiler/util.h's strong_t: regular, convertible_to, hashable,
# plus arithmetic). Before the patch Clang 21 with libc++ 21 (-stdlib=libc++) refuses the
# std::is_arithmetic specialization and `explain` names the patchset, while GCC 16 and Clang 21 with
# libstdc++ accept it (libc++ only); after `apply --only` all three compile and the program runs.
set -u
source "$TP_REPO/tests/toolchain/lib.sh"
source "$TP_REPO/tests/toolchain/cxx.sh"
source "$TP_REPO/tests/real/get_trees.sh"
tp_sid_root || tp_fail "the sid root is not available"
id=strong-type-std-is-arithmetic
cxx_begin "$id"

cat >"$work/main.cpp" <<'CXX'
#include <c10/util/strong_type.h>

#include <cstdint>
#include <unordered_set>

using Id = strong::type<std::int64_t, struct IdTag, strong::regular, strong::convertible_to<std::int64_t>,
                        strong::hashable, strong::arithmetic>;

int main() {
  Id a{40}, b{2};
  std::unordered_set<Id> seen{a + b};
  return seen.count(Id{42}) == 1 && static_cast<std::int64_t>(a * b) == 80 ? 0 : 1;
}
CXX
# build CXX [FLAGS]: main.cpp against the tree's header, compiled, linked and run
build() { echo "$1 -std=c++17 ${2:-} -Itree main.cpp -o prog && ./prog"; }
error="error: 'is_arithmetic' cannot be specialized: Users are not allowed to specialize this standard library entity"

for version in 1.13.1 2.6.0; do
  tarball="$(tp_real_tarball "$version")" || tp_fail "no Debian tree of $version (tests/real/get_trees.sh)"
  rm -rf "$work/tree" && mkdir -p "$work/tree"
  tar -xJf "$tarball" -C "$work/tree" --strip-components=1 --wildcards '*/c10/util/strong_type.h' ||
    tp_fail "extracting c10/util/strong_type.h from $tarball failed"
  grep -q '^struct is_arithmetic<::strong::type<T, Tag, M...>>' "$work/tree/c10/util/strong_type.h" ||
    tp_fail "the real $version strong_type.h has no std::is_arithmetic specialization"

  echo "$id: $version before the patch"
  cxx_fails_with "before-libcxx-$version" "$(build clang++ -stdlib=libc++)" "$error"
  cxx_explained "before-libcxx-$version" "$id"
  cxx_passes "before-g++-$version" "$(build g++)"
  cxx_passes "before-clang++-libstdc++-$version" "$(build clang++)"

  cxx_apply "$version" "$id"
  git -C "$work/tree" diff --numstat | grep -qx $'0\t6\tc10/util/strong_type.h' ||
    { git -C "$work/tree" diff >&2; tp_fail "expected exactly six lines removed from strong_type.h"; }
  echo "$id: $version after the patch"
  cxx_passes "after-libcxx-$version" "$(build clang++ -stdlib=libc++)"
  cxx_passes "after-g++-$version" "$(build g++)"
  rm -rf "$work/tree/.git"
done
echo "$id: passed"
