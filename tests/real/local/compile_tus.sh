# The compiler patchsets judged on the real files of a local tree (issue #21): each translation unit
# below is compiled with GCC 16 of the sid root (`g++ -std=c++17 -fsyntax-only`), once as the tree
# has it and once after the patchset's own `apply --dry` diff, in a scratch copy of the folders it
# needs (c10's cmake_macros.h generated with every option off). A TU whose patchset will apply must
# fail before and compile after; prints one line per TU and side.
#   TP_REAL_TREES=/work/trees TORCHPATCH=build/torchpatch TP_REPO=. bash tests/real/local/compile_tus.sh VERSION
set -uo pipefail
: "${TORCHPATCH:?}" "${TP_REPO:?}" "${TP_REAL_TREES:?}"
version="${1:?usage: compile_tus.sh VERSION}"
source "$TP_REPO/tests/toolchain/lib.sh"
tp_sid_root || tp_fail "no sid root"
tree="$TP_REAL_TREES/v$version"
[ -d "$tree/.git" ] || tp_fail "no local tree $tree"
work="$(mktemp -d "${TMPDIR:-/tmp}/tp-tus.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# patchset | TU | folders to copy (the TU's own is added) | -I folders
tus=(
  "torch-missing-std-includes|torch/csrc/jit/passes/quantization/quantization_type.cpp|c10 torch/csrc/jit|."
  "torch-missing-std-includes|caffe2/utils/string_utils.cc|c10|."
  "torch-missing-std-includes|c10/util/flags_use_no_gflags.cpp|c10|."
  "torch-missing-std-includes|torch/csrc/jit/runtime/logging.cpp|c10 torch/csrc|."
  "torch-missing-std-includes|torch/csrc/lazy/core/multi_wait.cpp|c10 torch/csrc/lazy|."
  "kineto-samplelistener-cstdint|third_party/kineto/libkineto/src/output_csv.cpp|third_party/kineto/libkineto|third_party/kineto/libkineto/include third_party/kineto/libkineto/src third_party/kineto/libkineto/third_party/fmt/include"
  "fbgemm-utilsavx2-cstdint|third_party/fbgemm/src/spmmUtilsAvx2.cc|third_party/fbgemm/include third_party/cpuinfo/include|third_party/fbgemm/include third_party/fbgemm third_party/cpuinfo/include"
  "tensorpipe-common-cstdint|third_party/tensorpipe/tensorpipe/common/allocator.cc|third_party/tensorpipe/tensorpipe|third_party/tensorpipe"
)
failed=0
for entry in "${tus[@]}"; do
  IFS='|' read -r id tu dirs incs <<<"$entry"
  [ -f "$tree/$tu" ] || { echo "--    v$version $id $tu: not in the tree"; continue; }
  outcome="$("$TORCHPATCH" -C "$tree" --color never --format json apply --dry --only "$id" 2>/dev/null |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["patchsets"][0]["outcome"])')"
  w="$work/$id-$(basename "$tu")"
  for side in before after; do
    for d in $dirs "$(dirname "$tu")"; do mkdir -p "$w/$side/$d" && cp -a "$tree/$d/." "$w/$side/$d/"; done
    m="$w/$side/c10/macros/cmake_macros.h"
    [ -f "$m.in" ] && sed -e 's|#cmakedefine \([A-Z0-9_]*\).*|/* #undef \1 */|' -e 's|@[A-Za-z_0-9]*@||g' "$m.in" >"$m"
  done
  "$TORCHPATCH" -C "$tree" --color never apply --dry --only "$id" >"$w/diff" 2>/dev/null
  (cd "$w/after" && patch -s -p1 -N <"$w/diff" >/dev/null 2>&1)
  flags=""; for i in $incs; do flags="$flags -I$i"; done
  for side in before after; do
    sid "$w/$side" "g++ -std=c++17 -fsyntax-only $flags $tu" >"$w/$side.log" 2>&1
    errors="$(grep -c ' error: ' "$w/$side.log")"
    echo "v$version $id ($outcome) $tu $side: $errors errors $(grep -m1 ' error: ' "$w/$side.log" | sed 's|^.*/||' | cut -c1-120)"
    if [ "$outcome" = will-apply ] && [ "$side" = after ] && [ "$errors" -ne 0 ]; then failed=1; fi
  done
done
exit $failed
