// Wine's <winnt.h> without its inline definition of _InterlockedCompareExchange128, written for
// GCC: Clang in MSVC mode has that name as a builtin, as MSVC has it as an intrinsic, and refuses a
// definition. The Windows SDK only declares it. WCHAR is wchar_t, as in the Windows SDK (Wine
// makes it char16_t in C++ unless WINE_UNICODE_NATIVE). Plus RtlCaptureStackBackTrace and its
// documented name CaptureStackBackTrace, which the SDK's winnt.h declares and Wine's lacks.
// Part of torchpatch's MSVC STL oracle.
#pragma once
#ifndef WINE_UNICODE_NATIVE
#define WINE_UNICODE_NATIVE
#endif
#define _InterlockedCompareExchange128 __tp_wine_InterlockedCompareExchange128
#include_next <winnt.h>
#undef _InterlockedCompareExchange128
#ifdef __cplusplus
extern "C" {
#endif
__declspec(dllimport) WORD NTAPI RtlCaptureStackBackTrace(DWORD FramesToSkip, DWORD FramesToCapture,
                                                          PVOID* BackTrace, PDWORD BackTraceHash);
#define CaptureStackBackTrace RtlCaptureStackBackTrace
#ifdef __cplusplus
}
#endif
