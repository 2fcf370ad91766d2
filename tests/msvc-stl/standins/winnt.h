// Wine's <winnt.h> without its inline definition of _InterlockedCompareExchange128, written for
// GCC: Clang in MSVC mode has that name as a builtin, as MSVC has it as an intrinsic, and refuses a
// definition. The Windows SDK only declares it. Part of torchpatch's MSVC STL oracle.
#pragma once
#define _InterlockedCompareExchange128 __tp_wine_InterlockedCompareExchange128
#include_next <winnt.h>
#undef _InterlockedCompareExchange128
