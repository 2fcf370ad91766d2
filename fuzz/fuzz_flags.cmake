# Included by the top CMakeLists.txt when TP_FUZZ is ON, before any target: every library is built
# with libFuzzer's coverage instrumentation and ASan+UBSan; fuzz/CMakeLists.txt adds the drivers.
if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang" OR NOT CMAKE_C_COMPILER_ID MATCHES "Clang")
  message(FATAL_ERROR "TP_FUZZ needs clang for libFuzzer: configure with "
                      "-DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ (scripts/fuzz.sh does)")
endif()
if(TP_SANITIZE)
  message(FATAL_ERROR "TP_FUZZ already builds with ASan and UBSan; leave TP_SANITIZE off")
endif()
add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
                    -fno-omit-frame-pointer -D_GLIBCXX_ASSERTIONS)
add_link_options(-fsanitize=address,undefined)
