# Read after CMake's platform files (CMAKE_USER_MAKE_RULES_OVERRIDE, set by mingw-w64-x86_64.cmake
# and linux-static.cmake): find_library and pkg-config's libraries resolve to static archives only.
set(CMAKE_FIND_LIBRARY_SUFFIXES .a)
