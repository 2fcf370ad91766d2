#!/usr/bin/env bash
# The oracle itself (tests/msvc-stl/README.md), before it judges any PyTorch file:
# 1. it is the toolset it claims: _MSC_VER and _MSVC_STL_VERSION of the tag (lib.sh's MS_TAGS);
# 2. Microsoft's STL works in it: every standard header of the tag compiles on its own, as C++17 and
#    as C++20, except <hash_map> and <hash_set>, which must stop with the STL's own deprecation
#    error (STL4027); a file that includes them all compiles too;
# 3. it sees what only Microsoft's STL does: since STL#5105 (VS 2022 17.13) <mutex> no longer
#    brings high_resolution_clock along, so a file that includes only <mutex> fails, with <chrono>
#    it compiles (libstdc++ and libc++ accept both);
# 4. the Windows SDK headers are found as Windows finds them, case-insensitively: <Windows.h>,
#    <WinSock2.h> then <windows.h>, and WIN32_LEAN_AND_MEAN <windows.h> with the STL.
# Usage (by run.sh): bash oracle.sh ORACLE-KEY.
set -uo pipefail
source "$TP_REPO/tests/msvc-stl/lib.sh"
okey="$1" tag="${1%-*}"
msc="$(ms_tag_field "$tag" 4)" stl="$(ms_tag_field "$tag" 5)" || exit 1
w="$(mktemp -d)" && trap 'rm -rf "$w"' EXIT

cat >"$w/macros.cpp" <<C
static_assert(_MSC_VER == $msc, "_MSC_VER");
#include <yvals_core.h>
static_assert(_MSVC_STL_VERSION == $stl, "_MSVC_STL_VERSION");
#ifndef _WIN64
#error not _WIN64
#endif
C
ms_compile "$okey" "$w" macros.cpp >"$w/macros.log"
expect_ok $? "$w/macros.log"
echo "  _MSC_VER $msc, _MSVC_STL_VERSION $stl"

# The STL's standard headers: the extensionless files of stl/inc (internal ones are .h/.hpp).
mapfile -t headers < <(ms_sid "$okey" "$w" "cd /oracle/stl && ls | grep -v '[.]' | grep -vx experimental")
[ "${#headers[@]}" -gt 100 ] || tp_fail "only ${#headers[@]} standard headers in the STL of $tag"
# One sid call compiles them all (a call per header costs more than the compiles).
mkdir -p "$w/one" && n=0
for h in "${headers[@]}"; do
  case "$h" in hash_map | hash_set) continue ;; esac
  for std in c++17 c++20; do
    printf '#include <%s>\n' "$h" >"$w/one/$h-$std.cpp"
    printf '#include <%s>\n' "$h" >>"$w/all-$std.cpp"
  done
  n=$((n + 1))
done
flags="$(ms_flags "$okey")" || exit 1
failed="$(ms_sid "$okey" "$w" "cd one && for f in *.cpp; do s=\${f%.cpp}; $flags /std:\${s##*-} \$f >\$s.log 2>&1 || echo \$s; done")"
[ -z "$failed" ] || { cat "$w/one/$(head -n1 <<<"$failed").log" >&2; tp_fail "standard headers that do not compile alone: $failed"; }
for std in c++17 c++20; do
  ms_compile "$okey" "$w" "/std:$std" "all-$std.cpp" >"$w/all.log"
  expect_ok $? "$w/all.log"
done
for h in hash_map hash_set; do
  printf '#include <%s>\n' "$h" >"$w/dep.cpp"
  ms_compile "$okey" "$w" dep.cpp >"$w/dep.log"
  expect_fail_with $? "<$h> is deprecated and will be REMOVED" "$w/dep.log"
done
echo "  $n standard headers compile alone and together (C++17, C++20); <hash_map>, <hash_set> refused (STL4027)"

printf '#include <mutex>\nstd::chrono::time_point<std::chrono::high_resolution_clock> t;\n' >"$w/mutex.cpp"
ms_compile "$okey" "$w" mutex.cpp >"$w/mutex.log"
expect_fail_with $? "error: no member named 'high_resolution_clock' in namespace 'std::chrono'" "$w/mutex.log"
printf '#include <mutex>\n#include <chrono>\nstd::chrono::time_point<std::chrono::high_resolution_clock> t;\n' >"$w/chrono.cpp"
ms_compile "$okey" "$w" chrono.cpp >"$w/chrono.log"
expect_ok $? "$w/chrono.log"
echo "  <mutex> alone lacks high_resolution_clock (STL#5105); with <chrono> it compiles"

printf '#include <Windows.h>\nunsigned long pid() { return GetCurrentProcessId(); }\n' >"$w/win1.cpp"
printf '#include <WinSock2.h>\n#include <windows.h>\nint ok = AF_INET;\n' >"$w/win2.cpp"
printf '#define WIN32_LEAN_AND_MEAN\n#include <windows.h>\n#include <mutex>\n#include <string>\nstd::mutex m; std::string s; HANDLE h;\n' >"$w/win3.cpp"
for f in win1 win2 win3; do
  ms_compile "$okey" "$w" "$f.cpp" >"$w/$f.log"
  expect_ok $? "$w/$f.log"
done
echo "  <Windows.h>, <WinSock2.h> + <windows.h>, WIN32_LEAN_AND_MEAN <windows.h> + the STL compile"
