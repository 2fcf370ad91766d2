#[[ Writes a throw-away project to probe the compiler.
    The generated file starts with cmake_minimum_required(VERSION 2.8) on purpose. ]]
set(_probe_dir "${CMAKE_BINARY_DIR}/probe")
file(WRITE "${_probe_dir}/CMakeLists.txt" "cmake_minimum_required(VERSION 2.8)
project(probe C)
add_library(probe probe.c)
")
try_compile(_probe_ok "${_probe_dir}/build" "${_probe_dir}" probe)
