# CMake toolchain file for the portable Linux aarch64 binary (scripts/package_linux.sh aarch64):
# cross-compiled on Debian 12 with Debian's aarch64-linux-gnu GCC, linked as a static PIE like the
# x86-64 one (cmake/linux-static.cmake, included below, does the linking and the prefix). The
# build runs what it built (the embedded catalog's query check) under qemu-aarch64-static, which
# needs no aarch64 root since the programs are static.
#
#   TP_STATIC_PREFIX  the folder the cross-built static dependencies are installed into
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

set(tp_triple aarch64-linux-gnu)
set(CMAKE_C_COMPILER ${tp_triple}-gcc)
set(CMAKE_CXX_COMPILER ${tp_triple}-g++)
set(CMAKE_AR ${tp_triple}-ar CACHE FILEPATH "")
set(CMAKE_RANLIB ${tp_triple}-ranlib CACHE FILEPATH "")
find_program(TP_QEMU_AARCH64 qemu-aarch64-static)
if(TP_QEMU_AARCH64)
  set(CMAKE_CROSSCOMPILING_EMULATOR "${TP_QEMU_AARCH64}")
endif()

list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES TP_STATIC_PREFIX)
if(NOT TP_STATIC_PREFIX AND DEFINED ENV{TP_STATIC_PREFIX})
  set(TP_STATIC_PREFIX "$ENV{TP_STATIC_PREFIX}")
endif()
# Libraries and headers from the cross sysroot and the prefix only, never the build machine's.
set(CMAKE_FIND_ROOT_PATH /usr/${tp_triple})
if(TP_STATIC_PREFIX)
  list(PREPEND CMAKE_FIND_ROOT_PATH "${TP_STATIC_PREFIX}")
endif()
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

include("${CMAKE_CURRENT_LIST_DIR}/linux-static.cmake")
