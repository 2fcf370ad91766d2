// Wine's <stdio.h> plus C99's v*scanf and the UCRT's _get_stream_buffer_pointers.
// Part of torchpatch's MSVC STL oracle.
#pragma once
#include_next <stdio.h>
#ifdef __cplusplus
extern "C" {
#endif
__declspec(dllimport) int __cdecl vfscanf(FILE* _Stream, char const* _Format, va_list _ArgList);
__declspec(dllimport) int __cdecl vscanf(char const* _Format, va_list _ArgList);
__declspec(dllimport) int __cdecl vsscanf(char const* _Buffer, char const* _Format,
                                          va_list _ArgList);
__declspec(dllimport) int __cdecl _get_stream_buffer_pointers(FILE* _Stream, char*** _Base,
                                                              char*** _Pointer, int** _Count);
#ifdef __cplusplus
}
#endif
