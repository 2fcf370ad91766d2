# CMake toolchain file: cross-compiles for 64-bit Windows with Debian's mingw-w64 (the posix
# thread model, so that std::thread and std::mutex exist) and links everything statically: the
# executables need no DLL beyond Windows' own. Used by scripts/package_windows.sh for the
# dependencies (libgit2, RE2, PCRE2, http-parser) and for torchpatch itself.
#
#   TP_MINGW_PREFIX  the folder the cross-built dependencies are installed into (searched first;
#                    its lib/pkgconfig is pkg-config's only search path besides the sysroot's)
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)

set(tp_triple x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${tp_triple}-gcc-posix)
set(CMAKE_CXX_COMPILER ${tp_triple}-g++-posix)
set(CMAKE_RC_COMPILER ${tp_triple}-windres)
set(CMAKE_AR ${tp_triple}-ar CACHE FILEPATH "")
set(CMAKE_RANLIB ${tp_triple}-ranlib CACHE FILEPATH "")

# try_compile projects see the prefix too.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES TP_MINGW_PREFIX)
if(NOT TP_MINGW_PREFIX AND DEFINED ENV{TP_MINGW_PREFIX})
  set(TP_MINGW_PREFIX "$ENV{TP_MINGW_PREFIX}")
endif()

set(CMAKE_FIND_ROOT_PATH /usr/${tp_triple})
if(TP_MINGW_PREFIX)
  list(PREPEND CMAKE_FIND_ROOT_PATH "${TP_MINGW_PREFIX}")
  list(PREPEND CMAKE_PREFIX_PATH "${TP_MINGW_PREFIX}")
endif()
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# Static archives only: the sysroot also has import libraries (libz.dll.a) that would pull in a
# DLL. The Windows platform files set CMAKE_FIND_LIBRARY_SUFFIXES after a toolchain file is read,
# so it is set in the rules override, which is read after them.
set(CMAKE_USER_MAKE_RULES_OVERRIDE "${CMAKE_CURRENT_LIST_DIR}/mingw-w64-static-libraries.cmake")

# pkg-config sees only the cross-built prefix and the sysroot, never the build machine's .pc
# files, and answers with the private (static) dependencies too.
set(ENV{PKG_CONFIG_LIBDIR} "${TP_MINGW_PREFIX}/lib/pkgconfig:/usr/${tp_triple}/lib/pkgconfig")
set(ENV{PKG_CONFIG_PATH} "")
set(PKG_CONFIG_ARGN --static CACHE STRING "")

set(CMAKE_EXE_LINKER_FLAGS_INIT "-static -static-libgcc -static-libstdc++")
set(CMAKE_SHARED_LINKER_FLAGS_INIT "-static-libgcc -static-libstdc++")
# Wide-character Win32 APIs, and the static PCRE2 (its header otherwise declares dllimport).
set(CMAKE_C_FLAGS_INIT "-DUNICODE -D_UNICODE -DPCRE2_STATIC")
set(CMAKE_CXX_FLAGS_INIT "-DUNICODE -D_UNICODE -DPCRE2_STATIC")
