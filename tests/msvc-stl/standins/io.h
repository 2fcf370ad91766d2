// Wine's <io.h> with the POSIX names open and sopen declared as functions, as the UCRT's <io.h>
// declares them (Microsoft documents them as the deprecated POSIX names of _open and _sopen); Wine
// defines them as macros, which rename every member named open (c10's TempFile::open).
// Part of torchpatch's MSVC STL oracle.
#pragma once
#include_next <io.h>
#undef open
#undef sopen
#ifdef __cplusplus
extern "C" {
#endif
__declspec(dllimport) int __cdecl open(char const* _FileName, int _OpenFlag, ...);
__declspec(dllimport) int __cdecl sopen(char const* _FileName, int _OpenFlag, int _ShareFlag, ...);
#ifdef __cplusplus
}
#endif
