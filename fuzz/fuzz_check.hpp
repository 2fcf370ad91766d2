#pragma once
// A check that survives NDEBUG: a fuzz target's property failing must crash so libFuzzer keeps
// the input, with the failed condition printed.
#include <cstdio>
#include <cstdlib>

#define TP_FUZZ_CHECK(condition)                                                                   \
  do {                                                                                             \
    if (!(condition)) {                                                                            \
      std::fprintf(stderr, "%s:%d: fuzz check failed: %s\n", __FILE__, __LINE__, #condition);      \
      std::abort();                                                                                \
    }                                                                                              \
  } while (0)
