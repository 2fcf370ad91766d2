// Wine's <fenv.h> plus C99's feraiseexcept and feupdateenv. Part of torchpatch's MSVC STL oracle.
#pragma once
#include_next <fenv.h>
#ifdef __cplusplus
extern "C" {
#endif
__declspec(dllimport) int __cdecl feraiseexcept(int _Except);
__declspec(dllimport) int __cdecl feupdateenv(fenv_t const* _Env);
#ifdef __cplusplus
}
#endif
