// Wine's <setjmp.h> with the UCRT's x64 spelling of setjmp: an object-like macro naming the
// _setjmp function, so that `using ::setjmp;` in <csetjmp> names a function. Part of torchpatch's
// MSVC STL oracle.
#pragma once
#include_next <setjmp.h>
#undef setjmp
#ifdef __cplusplus
extern "C" {
#endif
int __cdecl _setjmp(jmp_buf _Buf);
#ifdef __cplusplus
}
#endif
#define setjmp _setjmp
