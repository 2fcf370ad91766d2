# (abridged from the real 1.13.1 third_party/ideep/mkl-dnn/cmake/platform.cmake, lines 115-130)
        append(CMAKE_CCXX_FLAGS "/fp:precise")
    endif()
elseif(UNIX OR MINGW)
    append(CMAKE_CCXX_FLAGS "-Wall -Wno-unknown-pragmas")
    if(DNNL_GRAPH_WITH_SYCL)
        # XXX: Intel oneAPI DPC++ Compiler generates a lot of warnings
        append(CMAKE_CCXX_FLAGS "-w -Wno-deprecated-declarations")
    endif()
    if(DNNL_GRAPH_WITH_SYCL OR CMAKE_BASE_NAME STREQUAL "icx" OR CMAKE_BASE_NAME STREQUAL "icpx")
        # Default fp-model in icx and dpcpp (unlike clang) may be precise or
        # fast=1 depending on the version.
        append(CMAKE_CCXX_FLAGS "-ffp-model=precise -fno-reciprocal-math")
    endif()
    append(CMAKE_CCXX_FLAGS "-fvisibility=internal")
    append(CMAKE_CXX_FLAGS "-fvisibility-inlines-hidden")
    append(CMAKE_CCXX_NOWARN_FLAGS "-Wno-sign-compare")
