# A CMake toolchain file for a Windows configure of a PyTorch tree judged by the MSVC STL oracle
# (README.md): clang-cl of the sid root for x86_64-pc-windows-msvc, with Microsoft's STL, the
# stand-ins and Wine's CRT and SDK headers at /oracle (tests/msvc-stl/lib.sh's ms_sid mounts
# them there), so that PyTorch's own CMake takes its WIN32 and MSVC branches (/EHsc, /bigobj,
# NOMINMAX, the dllexport/dllimport export macros). Used by tests/sweep/windows.sh:
#   cmake -S SRC -B BUILD -G Ninja --toolchain /oracle-toolchain/toolchain.cmake ...
# There are no Windows import libraries (kernel32.lib, the CRT's): nothing links, so every
# try-compile builds a static library (check_function_exists and check_library_exists then
# succeed without linking; check_*_source_runs cannot run).
#
# TP_MSVC_VERSION: the cl.exe version clang-cl reports as _MSC_VER (19.44: VS 2022 17.14, the
# toolset of STL tag vs-2022-17.14; 19.50 for msvc-build-tools-14.50).
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_VERSION 10.0)
set(CMAKE_SYSTEM_PROCESSOR AMD64)

set(CMAKE_C_COMPILER clang-cl)
set(CMAKE_CXX_COMPILER clang-cl)
set(CMAKE_C_COMPILER_TARGET x86_64-pc-windows-msvc)
set(CMAKE_CXX_COMPILER_TARGET x86_64-pc-windows-msvc)
# lld-21 and llvm-21 of the sid root (tests/toolchain/lib.sh): what CMake's Windows-MSVC platform
# files ask for beside the compiler. Only llvm-lib runs (the try-compiles' static libraries).
set(CMAKE_LINKER /usr/lib/llvm-21/bin/lld-link)
set(CMAKE_AR /usr/lib/llvm-21/bin/llvm-lib)
set(CMAKE_RC_COMPILER /usr/lib/llvm-21/bin/llvm-rc)
set(CMAKE_MT /usr/lib/llvm-21/bin/llvm-mt)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

if(NOT TP_MSVC_VERSION)
  set(TP_MSVC_VERSION 19.44)
endif()
set(TP_MSVC_VERSION "${TP_MSVC_VERSION}" CACHE STRING "the cl.exe version clang-cl reports")
# The try-compiles configure a project of their own: they are given the version too.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES TP_MSVC_VERSION)

# The oracle's headers as ms_flags (lib.sh) gives them: /X (no INCLUDE from the environment),
# then, after Clang's own resource headers, the STL, the stand-ins, Wine's CRT and Windows SDK,
# found case-insensitively through the overlay (<Windows.h>).
set(_tp_oracle "-fms-compatibility-version=${TP_MSVC_VERSION} /X -vfsoverlay /oracle/overlay.yaml -imsvc /oracle/stl -imsvc /oracle/standins -imsvc /oracle/wine/msvcrt -imsvc /oracle/wine/windows")
set(CMAKE_C_FLAGS_INIT "${_tp_oracle}")
set(CMAKE_CXX_FLAGS_INIT "${_tp_oracle}")
set(CMAKE_RC_FLAGS_INIT "-I /oracle/wine/windows")

# Find host programs (python3) but no Linux library or header: libraries, headers and packages
# only under the oracle and the work folder (/w: the tree's own third_party, as FindITT looks).
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(CMAKE_FIND_ROOT_PATH /oracle /w)
