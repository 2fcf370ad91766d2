// Wine's <wctype.h> plus C99's iswblank, which the UCRT declares there. Part of torchpatch's MSVC
// STL oracle.
#pragma once
#include_next <wctype.h>
#ifdef __cplusplus
extern "C" {
#endif
__declspec(dllimport) int __cdecl iswblank(wint_t _C);
#ifdef __cplusplus
}
#endif
