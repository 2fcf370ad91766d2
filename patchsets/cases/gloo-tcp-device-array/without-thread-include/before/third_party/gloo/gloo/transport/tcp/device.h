/**
 * Copyright (c) 2017-present, Facebook, Inc.
 * All rights reserved.
 */

#pragma once

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>

#include <gloo/transport/device.h>
#include <gloo/transport/tcp/attr.h>
#include <gloo/transport/tcp/loop.h>

namespace gloo {
namespace transport {
namespace tcp {

// device.cc (abridged) defines std::array<char, HOST_NAME_MAX> hostname; after including this header.
struct attr CreateDeviceAttr(const struct attr& src);

} // namespace tcp
} // namespace transport
} // namespace gloo
