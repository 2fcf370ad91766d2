#include "gloo/common/linux.h"

#include <linux/ethtool.h>
#include <linux/sockios.h>
#include <net/if.h>
#include <sys/ioctl.h>

namespace gloo {

static int getInterfaceSpeedGLinkSettings(int sock, struct ifreq* ifr) {
#if LINUX_VERSION_CODE >= KERNEL_VERSION(4,6,0)
  constexpr auto link_mode_data_nwords = 3 * 127;
  union {
    struct ethtool_link_settings req;
    __u32 link_mode_data[link_mode_data_nwords + 12];
  } ecmd;
  int rv;

  ifr->ifr_data = (__caddr_t)&ecmd;
  memset(&ecmd, 0, sizeof(ecmd));
  ecmd.req.cmd = ETHTOOL_GLINKSETTINGS;
  rv = ioctl(sock, SIOCETHTOOL, ifr);
  if (rv < 0) {
    return SPEED_UNKNOWN;
  }
  return ecmd.req.speed;
#else
  return SPEED_UNKNOWN;
#endif
}

} // namespace gloo
