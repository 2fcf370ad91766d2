#!/bin/bash
# findblas-check-function-exists: a project that finds BLAS through PyTorch's
# cmake/Modules/FindBLAS.cmake (the 1.12 - 2.6 shape of its head and of Check_Fortran_Libraries),
# configured with the sid root's CMake 4 and no Fortran compiler, against a stand-in libopenblas.so
# that exports sgemm_: before the patch configuring fails with Unknown CMake command
# "check_function_exists"; after it BLAS is found through check_function_exists.
set -u
source "$TP_REPO/tests/toolchain/lib.sh"
tp_sid_root || tp_fail "the sid root is not available"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
mkdir -p "$work/tree/cmake/Modules" "$work/lib"

cat >"$work/tree/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.18 FATAL_ERROR)
project(blasprobe C CXX)
set(CMAKE_MODULE_PATH ${PROJECT_SOURCE_DIR}/cmake/Modules)
set(WITH_BLAS "open" CACHE STRING "")
find_package(BLAS)
if(NOT BLAS_FOUND)
  message(FATAL_ERROR "BLAS not found")
endif()
message(STATUS "BLAS_INFO=${BLAS_INFO} BLAS_LIBRARIES=${BLAS_LIBRARIES}")
CMAKE

cat >"$work/tree/cmake/Modules/FindBLAS.cmake" <<'CMAKE'
# - Find BLAS library (the lines of PyTorch's FindBLAS.cmake that the OpenBLAS search runs)
IF(NOT BLAS_FOUND)

SET(BLAS_LIBRARIES)
SET(BLAS_INFO)
SET(WITH_BLAS "" CACHE STRING "Blas type [accelerate/acml/atlas/blis/generic/goto/mkl/open/veclib]")

# Old FindBlas
INCLUDE(CheckCSourceRuns)
INCLUDE(CheckFortranFunctionExists)

MACRO(Check_Fortran_Libraries LIBRARIES _prefix _name _flags _list)
  set(_libraries_work TRUE)
  set(${LIBRARIES})
  set(_combined_name)
  foreach(_library ${_list})
    set(_combined_name ${_combined_name}_${_library})
    if(_libraries_work)
      find_library(${_prefix}_${_library}_LIBRARY
        NAMES ${_library}
        PATHS /usr/local/lib /usr/lib ENV LD_LIBRARY_PATH)
      set(${LIBRARIES} ${${LIBRARIES}} ${${_prefix}_${_library}_LIBRARY})
      set(_libraries_work ${${_prefix}_${_library}_LIBRARY})
    endif(_libraries_work)
  endforeach(_library ${_list})
  if(_libraries_work)
    set(CMAKE_REQUIRED_LIBRARIES ${_flags} ${${LIBRARIES}})
    if (CMAKE_Fortran_COMPILER_WORKS)
      check_fortran_function_exists(${_name} ${_prefix}${_combined_name}_WORKS)
    else (CMAKE_Fortran_COMPILER_WORKS)
      check_function_exists("${_name}_" ${_prefix}${_combined_name}_WORKS)
    endif(CMAKE_Fortran_COMPILER_WORKS)
    set(CMAKE_REQUIRED_LIBRARIES)
    set(_libraries_work ${${_prefix}${_combined_name}_WORKS})
  endif(_libraries_work)
  if(NOT _libraries_work)
    set(${LIBRARIES} NOTFOUND)
  endif(NOT _libraries_work)
endmacro(Check_Fortran_Libraries)

if((NOT BLAS_LIBRARIES)
    AND ((NOT WITH_BLAS) OR (WITH_BLAS STREQUAL "open")))
  check_fortran_libraries(
  BLAS_LIBRARIES
  BLAS
  sgemm
  ""
  "openblas")
  if(BLAS_LIBRARIES)
    set(BLAS_INFO "open")
  endif(BLAS_LIBRARIES)
endif()

if(BLAS_LIBRARIES)
  set(BLAS_FOUND TRUE)
else(BLAS_LIBRARIES)
  set(BLAS_FOUND FALSE)
endif(BLAS_LIBRARIES)

ENDIF(NOT BLAS_FOUND)
CMAKE

# A stand-in OpenBLAS: one Fortran-style symbol is all check_function_exists links against.
echo 'void sgemm_(void) {}' >"$work/lib/sgemm.c"
sid "$work" 'gcc -shared -fPIC -o lib/libopenblas.so lib/sgemm.c' >"$work/lib.log" 2>&1
expect_ok $? "$work/lib.log"
sid "$work" 'cmake --version | head -n 1'

configure() { # configure NAME: the log is $work/NAME.log
  sid "$work" "rm -rf build-$1 && cmake -S tree -B build-$1 -DCMAKE_LIBRARY_PATH=/w/lib" >"$work/$1.log" 2>&1
}

echo "findblas-check-function-exists: before the patch"
configure before
expect_fail_with $? 'Unknown CMake command "check_function_exists".' "$work/before.log"
echo '  configure fails: Unknown CMake command "check_function_exists".'

tp_checkout "$work/tree" 2.6.0
"$TORCHPATCH" -C "$work/tree" apply --only findblas-check-function-exists >"$work/apply.log" 2>&1 ||
  { cat "$work/apply.log" >&2; tp_fail "torchpatch apply failed"; }

echo "findblas-check-function-exists: after the patch"
configure after
expect_ok $? "$work/after.log"
grep -q "Looking for sgemm_ - found" "$work/after.log" || { cat "$work/after.log" >&2; tp_fail "check_function_exists did not run"; }
grep -q "BLAS_INFO=open BLAS_LIBRARIES=/w/lib/libopenblas.so" "$work/after.log" ||
  { cat "$work/after.log" >&2; tp_fail "BLAS was not found"; }
echo "  configure passes: Looking for sgemm_ - found; BLAS_INFO=open"
echo "findblas-check-function-exists: ok"
