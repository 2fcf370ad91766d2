/* tp_hold_open FILE SIGNAL_DIR: opens FILE for reading and writing with no sharing at all (as an
 * editor or a virus scanner may), so that any other open of FILE fails with a sharing violation.
 * Creates SIGNAL_DIR\held once the file is open, then keeps it open until SIGNAL_DIR\release
 * exists or 120 s have passed. Exit status: 0 after a release, 1 on a bad call or a failed open,
 * 2 on the timeout. Run by tests/windows/run.sh under Wine. */
#include <stdio.h>
#include <wchar.h>
#include <windows.h>

static int file_exists(const wchar_t* path) {
  return GetFileAttributesW(path) != INVALID_FILE_ATTRIBUTES;
}

int wmain(int argc, wchar_t** argv) {
  if (argc != 3) {
    fwprintf(stderr, L"usage: tp_hold_open FILE SIGNAL_DIR\n");
    return 1;
  }
  HANDLE file = CreateFileW(argv[1], GENERIC_READ | GENERIC_WRITE, 0 /* no sharing */, NULL,
                            OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, NULL);
  if (file == INVALID_HANDLE_VALUE) {
    fwprintf(stderr, L"tp_hold_open: cannot open %ls: error %lu\n", argv[1], GetLastError());
    return 1;
  }
  wchar_t held[MAX_PATH + 16], release[MAX_PATH + 16];
  swprintf(held, MAX_PATH + 16, L"%ls\\held", argv[2]);
  swprintf(release, MAX_PATH + 16, L"%ls\\release", argv[2]);
  HANDLE marker = CreateFileW(held, GENERIC_WRITE, 0, NULL, CREATE_ALWAYS, FILE_ATTRIBUTE_NORMAL, NULL);
  if (marker == INVALID_HANDLE_VALUE) {
    fwprintf(stderr, L"tp_hold_open: cannot create %ls: error %lu\n", held, GetLastError());
    return 1;
  }
  CloseHandle(marker);
  for (int waited = 0; waited < 120000; waited += 50) {
    if (file_exists(release)) {
      CloseHandle(file);
      return 0;
    }
    Sleep(50);
  }
  CloseHandle(file);
  return 2;
}
