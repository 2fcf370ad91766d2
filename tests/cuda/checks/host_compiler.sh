#!/usr/bin/env bash
# nvcc-host-compiler-unsupported, judged by nvcc 12.4: with sid's default g++ (16) as host compiler
# it stops with the gate's error (explain names the gate), with g++-13 and with Debian's own choice
# (its nvcc wrapper puts a g++ that runs g++-13 first on PATH) it compiles. torchpatch, reading the
# root's real crt/host_config.h, says the gate blocks for CUDAHOSTCXX=g++-16 and is clear for g++-13.
set -uo pipefail
source "$TP_REPO/tests/cuda/lib.sh"
tp_sid_root || tp_fail "no CUDA root"
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
printf '__global__ void k(float* x) { x[threadIdx.x] *= 2.0f; }\n' >"$tmp/k.cu"
newest="$(readlink "$TP_SID_ROOT/usr/bin/g++")" # g++-16 today
case "$newest" in g++-1[4-9]|g++-[2-9][0-9]) ;; *) tp_fail "sid's g++ is '$newest', not newer than 13" ;; esac

sid "$tmp" "nvcc -ccbin $newest -arch=sm_80 -c k.cu -o k.o" >"$tmp/new.log" 2>&1
expect_explained $? nvcc-host-compiler-unsupported "$tmp/new.log"
for host in g++-13 ""; do
  sid "$tmp" "nvcc ${host:+-ccbin $host} -arch=sm_80 -c k.cu -o k.o" >"$tmp/ok.log" 2>&1
  expect_ok $? "$tmp/ok.log"
  echo "ok   nvcc 12.4 with ${host:-its own choice of host compiler}: compiles"
done

gate() { # CUDAHOSTCXX VERDICT
  local out
  out="$(env -i PATH="$TP_SID_ROOT/usr/bin" CUDAHOSTCXX="$1" "$TORCHPATCH" --torch-version 2.6.0 -C "$tmp" list 2>&1)"
  grep -qE "^gate $2 +nvcc-host-compiler-unsupported( |\$)" <<<"$out" ||
    { echo "$out" >&2; tp_fail "nvcc-host-compiler-unsupported with CUDAHOSTCXX=$1: not '$2'"; }
  echo "ok   gate nvcc-host-compiler-unsupported with CUDAHOSTCXX=$1 (host_config.h of the root): $2"
}
gate "$TP_SID_ROOT/usr/bin/$newest" blocks
gate "$TP_SID_ROOT/usr/bin/g++-13" clear
