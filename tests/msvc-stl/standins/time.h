// Wine's <time.h> plus C11's struct timespec and timespec_get, which the UCRT declares there.
// Part of torchpatch's MSVC STL oracle.
#pragma once
#include_next <time.h>
#ifndef _CRT_NO_TIME_T
struct timespec {
  time_t tv_sec;
  long tv_nsec;
};
#endif
#ifndef TIME_UTC
#define TIME_UTC 1
#endif
#ifdef __cplusplus
extern "C" {
#endif
__declspec(dllimport) int __cdecl timespec_get(struct timespec* _Ts, int _Base);
#ifdef __cplusplus
}
#endif
