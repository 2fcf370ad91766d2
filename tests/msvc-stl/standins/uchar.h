// Stand-in for the UCRT's <uchar.h> (Wine's typedefs char16_t and char32_t, which are keywords in
// C++): the four C11 conversion functions Microsoft documents. Part of torchpatch's MSVC STL
// oracle.
#pragma once
#include <wchar.h>
#ifndef __cplusplus
typedef unsigned short char16_t;
typedef unsigned int char32_t;
#endif
#ifdef __cplusplus
extern "C" {
#endif
__declspec(dllimport) size_t
    __cdecl mbrtoc16(char16_t* _Pc16, char const* _S, size_t _N, mbstate_t* _Ps);
__declspec(dllimport) size_t __cdecl c16rtomb(char* _S, char16_t _C16, mbstate_t* _Ps);
__declspec(dllimport) size_t
    __cdecl mbrtoc32(char32_t* _Pc32, char const* _S, size_t _N, mbstate_t* _Ps);
__declspec(dllimport) size_t __cdecl c32rtomb(char* _S, char32_t _C32, mbstate_t* _Ps);
#ifdef __cplusplus
}
#endif
