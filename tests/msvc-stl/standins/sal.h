// Wine's <sal.h> plus the SAL annotations Microsoft's STL uses and Wine 8 lacks; each expands to
// nothing, as with code analysis off. Part of torchpatch's MSVC STL oracle.
#pragma once
#include_next <sal.h>
#ifndef _Analysis_assume_
#define _Analysis_assume_(expr)
#endif
#ifndef _Pre_satisfies_
#define _Pre_satisfies_(cond)
#endif
#ifndef _Post_satisfies_
#define _Post_satisfies_(cond)
#endif
#ifndef _Guarded_by_
#define _Guarded_by_(lock)
#endif
