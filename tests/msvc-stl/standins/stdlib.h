// Wine's <stdlib.h> plus C11's quick_exit and at_quick_exit, which the UCRT declares there, and
// the errno constants (<string> uses ERANGE with no <cerrno> of its own: the UCRT's headers bring
// them along; which one does is not reproduced: approximate).
// Part of torchpatch's MSVC STL oracle.
#pragma once
#include <errno.h>
#include_next <stdlib.h>
#ifdef __cplusplus
extern "C" {
#endif
__declspec(dllimport) __declspec(noreturn) void __cdecl quick_exit(int _Code);
__declspec(dllimport) int __cdecl at_quick_exit(void(__cdecl* _Function)(void));
#ifdef __cplusplus
}
#endif
#ifdef __cplusplus
// The UCRT's C++ overloads of abs and div for long and long long (<cstdlib> relies on them).
extern "C++" {
inline long __cdecl abs(long const _X) noexcept {
  return _X < 0 ? -_X : _X;
}
inline long long __cdecl abs(long long const _X) noexcept {
  return _X < 0 ? -_X : _X;
}
inline ldiv_t __cdecl div(long const _A1, long const _A2) noexcept {
  return ldiv(_A1, _A2);
}
}
#endif
