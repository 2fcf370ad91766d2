// Wine's <corecrt.h> plus what the UCRT's declares and Wine 8 lacks: _invoke_watson and the
// _Mbstatet name of mbstate_t (an int in Wine; a struct in the UCRT: approximate).
// Part of torchpatch's MSVC STL oracle (tests/msvc-stl/README.md).
#pragma once
// WCHAR, TCHAR and OLECHAR are wchar_t, as in the Windows SDK (winnt.h says why).
#ifndef WINE_UNICODE_NATIVE
#define WINE_UNICODE_NATIVE
#endif
#include_next <corecrt.h>
typedef int mbstate_t;
typedef mbstate_t _Mbstatet;
#ifdef __cplusplus
extern "C" {
#endif
__declspec(dllimport) __declspec(noreturn) void __cdecl _invoke_watson(wchar_t const* _Expression,
                                                                       wchar_t const* _FunctionName,
                                                                       wchar_t const* _FileName,
                                                                       unsigned int _LineNo,
                                                                       uintptr_t _Reserved);
#ifdef __cplusplus
}
#endif
