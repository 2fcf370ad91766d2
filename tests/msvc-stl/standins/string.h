// Wine's <string.h> plus strnlen_s, which the UCRT's <string.h> defines (inline, over strnlen, as
// Microsoft documents it: "strnlen, strnlen_s, wcsnlen, wcsnlen_s"). Part of torchpatch's MSVC STL
// oracle.
#pragma once
#include_next <string.h>
#ifdef __cplusplus
extern "C" {
#endif
static __inline size_t __cdecl strnlen_s(const char* _String, size_t _MaxCount) {
  return _String == 0 ? 0 : strnlen(_String, _MaxCount);
}
#ifdef __cplusplus
}
#endif
