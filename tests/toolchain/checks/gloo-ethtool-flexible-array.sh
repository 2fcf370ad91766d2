#!/bin/bash
# gloo-ethtool-flexible-array: gloo's getInterfaceSpeedGLinkSettings wrapper struct as gloo 5b14351
# (PyTorch 1.13.1) writes it, compiled against the sid root's Linux UAPI headers (linux-libc-dev,
# where ethtool_link_settings ends in a flexible array member). Before the patch GCC 16 and GCC 15
# reject it; after it (gloo #346's order) both compile.
set -u
source "$TP_REPO/tests/toolchain/lib.sh"
source "$TP_REPO/tests/toolchain/cxx.sh"
tp_sid_root || tp_fail "the sid root is not available"
cxx_begin gloo-ethtool-flexible-array
d="$work/tree/third_party/gloo/gloo/common"
mkdir -p "$d"
cat >"$d/linux.cc" <<'CXX'
#include <linux/ethtool.h>
#include <linux/sockios.h>
#include <linux/version.h>
#include <net/if.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

namespace gloo {

static int getInterfaceSpeedGLinkSettings(int sock, struct ifreq* ifr) {
#if LINUX_VERSION_CODE >= KERNEL_VERSION(4,6,0)
  constexpr auto link_mode_data_nwords = 3 * 127;
  struct {
    struct ethtool_link_settings req;
    __u32 link_mode_data[link_mode_data_nwords];
  } ecmd;
  int rv;

  ifr->ifr_data = (__caddr_t)&ecmd;
  memset(&ecmd, 0, sizeof(ecmd));
  ecmd.req.cmd = ETHTOOL_GLINKSETTINGS;

  rv = ioctl(sock, SIOCETHTOOL, ifr);
  if (rv < 0 || ecmd.req.link_mode_masks_nwords >= 0) {
    return SPEED_UNKNOWN;
  }
  return ecmd.req.speed;
#else
  return SPEED_UNKNOWN;
#endif
}

} // namespace gloo

int main() {
  int sock = socket(AF_INET, SOCK_DGRAM, 0);
  struct ifreq ifr;
  memset(&ifr, 0, sizeof(ifr));
  strcpy(ifr.ifr_name, "lo");
  int speed = gloo::getInterfaceSpeedGLinkSettings(sock, &ifr);
  close(sock);
  return speed == SPEED_UNKNOWN || speed >= 0 ? 0 : 1;
}
CXX
build() { echo "cd tree && $1 -std=c++17 third_party/gloo/gloo/common/linux.cc -o /w/t-$1 && /w/t-$1"; }

cxx_run headers "dpkg-query -W -f='linux-libc-dev \${Version}\n' linux-libc-dev && grep 'link_mode_masks\[\];' /usr/include/linux/ethtool.h"
expect_ok $? "$work/headers.log"
echo "  gloo-ethtool-flexible-array: $(head -n 1 "$work/headers.log"), ethtool_link_settings ends in link_mode_masks[]"
cxx_fails_with before-g++ "$(build g++)" \
  "error: flexible array member 'ethtool_link_settings::link_mode_masks' not at end of 'struct gloo::getInterfaceSpeedGLinkSettings(int, ifreq*)::<unnamed>'"
cxx_fails_with before-g++-15 "$(build g++-15)" \
  "error: flexible array member 'ethtool_link_settings::link_mode_masks' not at end of"
cxx_apply 1.13.1 gloo-ethtool-flexible-array
for cc in g++ g++-15 clang++; do cxx_passes "after-$cc" "$(build $cc)"; done
echo "gloo-ethtool-flexible-array: passed"
