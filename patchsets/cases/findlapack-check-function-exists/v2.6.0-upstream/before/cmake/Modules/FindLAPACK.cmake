# Do nothing if LAPACK was found before
IF(NOT LAPACK_FOUND)

IF(LAPACK_FIND_QUIETLY OR NOT LAPACK_FIND_REQUIRED)
  FIND_PACKAGE(BLAS)
ELSE(LAPACK_FIND_QUIETLY OR NOT LAPACK_FIND_REQUIRED)
  FIND_PACKAGE(BLAS REQUIRED)
ENDIF(LAPACK_FIND_QUIETLY OR NOT LAPACK_FIND_REQUIRED)

# Old search lapack script
include(CheckFortranFunctionExists)
include(CheckFunctionExists)

macro(Check_Lapack_Libraries LIBRARIES _prefix _name _flags _list _blas)
  set(_libraries_work TRUE)
  set(${LIBRARIES})
endmacro(Check_Lapack_Libraries)

ENDIF(NOT LAPACK_FOUND)
