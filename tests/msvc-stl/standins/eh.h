// Wine's <eh.h> plus _get_terminate and _get_unexpected, which the Visual C++ runtime declares
// there. Part of torchpatch's MSVC STL oracle.
#pragma once
#include_next <eh.h>
#ifdef __cplusplus
extern "C++" {
typedef void(__cdecl* unexpected_handler)(void);
__declspec(dllimport) terminate_handler __cdecl _get_terminate(void);
__declspec(dllimport) unexpected_handler __cdecl _get_unexpected(void);
__declspec(dllimport) unexpected_handler __cdecl set_unexpected(unexpected_handler);
__declspec(dllimport) __declspec(noreturn) void __cdecl unexpected(void);
}
#endif
