// Wine's <signal.h> plus sig_atomic_t, which the UCRT defines there. Part of torchpatch's MSVC
// STL oracle.
#pragma once
#include_next <signal.h>
typedef int sig_atomic_t;
