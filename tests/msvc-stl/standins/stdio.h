// Wine's <stdio.h> plus C99's v*scanf and the UCRT's _get_stream_buffer_pointers, vsnprintf_s,
// tmpnam_s, L_tmpnam_s and TMP_MAX_S.
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
__declspec(dllimport) int __cdecl tmpnam_s(char* _Buffer, size_t _Size);
int __cdecl vsnprintf_s(char* _Buffer, size_t _BufferCount, size_t _MaxCount, char const* _Format,
                        va_list _ArgList);
#define L_tmpnam_s L_tmpnam
#define TMP_MAX_S TMP_MAX
#ifdef __cplusplus
}
#endif
