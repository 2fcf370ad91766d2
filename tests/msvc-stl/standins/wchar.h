// Wine's <wchar.h> plus the C95/C99 wide functions the UCRT declares and Wine 8 lacks.
// Part of torchpatch's MSVC STL oracle.
#pragma once
#include_next <wchar.h>
#ifdef __cplusplus
extern "C" {
#endif
__declspec(dllimport) int __cdecl fwide(FILE* _Stream, int _Mode);
__declspec(dllimport) int __cdecl mbsinit(mbstate_t const* _P);
__declspec(dllimport) int __cdecl vfwscanf(FILE* _Stream, wchar_t const* _Format, va_list _ArgList);
__declspec(dllimport) int __cdecl vswscanf(wchar_t const* _Buffer, wchar_t const* _Format,
                                           va_list _ArgList);
__declspec(dllimport) int __cdecl vwscanf(wchar_t const* _Format, va_list _ArgList);
__declspec(dllimport) long double __cdecl wcstold(wchar_t const* _String, wchar_t** _EndPtr);
#ifdef __cplusplus
}
#endif
