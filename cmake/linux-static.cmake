# CMake toolchain file for the portable Linux binary (scripts/package_linux.sh): Debian 12's own
# GCC for the build machine (no cross compiling), with every library linked statically: the
# dependencies built by scripts/static_deps.sh linux, libstdc++, libgcc and glibc itself, as a
# static PIE (no dynamic loader, no shared library, still loaded at a random address). A program
# linked against Debian 12's shared glibc needs glibc 2.36 at run time (docs/release.md); this one
# needs only a Linux kernel.
#
#   TP_STATIC_PREFIX  the folder the static dependencies are installed into (searched first; its
#                     pkgconfig folders are pkg-config's only search path)
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES TP_STATIC_PREFIX)
if(NOT TP_STATIC_PREFIX AND DEFINED ENV{TP_STATIC_PREFIX})
  set(TP_STATIC_PREFIX "$ENV{TP_STATIC_PREFIX}")
endif()
if(TP_STATIC_PREFIX)
  list(PREPEND CMAKE_PREFIX_PATH "${TP_STATIC_PREFIX}")
endif()
# Static archives only (libz.a, not libz.so): set in the rules override, which is read after the
# platform files that set CMAKE_FIND_LIBRARY_SUFFIXES.
set(CMAKE_USER_MAKE_RULES_OVERRIDE "${CMAKE_CURRENT_LIST_DIR}/mingw-w64-static-libraries.cmake")

# pkg-config sees only the prefix, never the build machine's .pc files, and answers with the
# private (static) dependencies too.
set(ENV{PKG_CONFIG_LIBDIR} "${TP_STATIC_PREFIX}/lib/pkgconfig:${TP_STATIC_PREFIX}/share/pkgconfig")
set(ENV{PKG_CONFIG_PATH} "")
set(PKG_CONFIG_ARGN --static CACHE STRING "")

set(CMAKE_EXE_LINKER_FLAGS_INIT "-static-pie")
set(CMAKE_C_FLAGS_INIT "-DPCRE2_STATIC")
set(CMAKE_CXX_FLAGS_INIT "-DPCRE2_STATIC")
