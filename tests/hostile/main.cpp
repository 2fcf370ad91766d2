// The hostile-input suite: one doctest binary driving torchpatch (in process, and as a child
// process where it must die) on fixture checkouts with hostile catalogs, paths, files, journals
// and interruptions. Every case ends in a clear error or conflict and leaves every byte in place,
// unless its outcome says otherwise. It reuses the end-to-end helpers (tests/e2e/checkout.hpp).
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
