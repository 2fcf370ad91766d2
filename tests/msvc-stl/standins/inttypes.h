// Wine's <inttypes.h> plus C99's imaxabs, imaxdiv, wcstoimax and wcstoumax.
// Part of torchpatch's MSVC STL oracle.
#pragma once
#include_next <inttypes.h>
#include <stddef.h>
#ifdef __cplusplus
extern "C" {
#endif
__declspec(dllimport) intmax_t __cdecl imaxabs(intmax_t _Number);
__declspec(dllimport) imaxdiv_t __cdecl imaxdiv(intmax_t _Numerator, intmax_t _Denominator);
__declspec(dllimport) intmax_t
    __cdecl wcstoimax(wchar_t const* _String, wchar_t** _EndPtr, int _Radix);
__declspec(dllimport) uintmax_t
    __cdecl wcstoumax(wchar_t const* _String, wchar_t** _EndPtr, int _Radix);
#ifdef __cplusplus
}
#endif
