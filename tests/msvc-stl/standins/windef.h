// Wine's <windef.h> without its `#define inline __inline` under _MSC_VER (for C compilers of old;
// in C++ `inline` is a keyword, and Microsoft's STL refuses a macro of that name, xkeycheck.h).
// Part of torchpatch's MSVC STL oracle (tests/msvc-stl/README.md).
#pragma once
#include_next <windef.h>
#ifdef __cplusplus
#undef inline
#endif
