/* tp_hold_open MODE FILE SIGNAL_DIR: holds FILE open the way another Windows program may, until
 * SIGNAL_DIR\release exists (or 120 s have passed). MODE is
 *   exclusive  no sharing at all (an editor, a virus scanner): every other open fails
 *   read       others may read, but not write, rename or delete it (FILE_SHARE_READ only)
 *   lock       shared, but with an exclusive LockFileEx on the whole file (another torchpatch)
 * Creates SIGNAL_DIR\held once the file is held. Exit status: 0 after a release, 1 on a bad call
 * or a failed open, 2 on the timeout. Run by tests/windows/run.sh under Wine. */
#include <stdio.h>
#include <wchar.h>
#include <windows.h>

static int file_exists(const wchar_t* path) {
  return GetFileAttributesW(path) != INVALID_FILE_ATTRIBUTES;
}

int wmain(int argc, wchar_t** argv) {
  if (argc != 4) {
    fwprintf(stderr, L"usage: tp_hold_open exclusive|read|lock FILE SIGNAL_DIR\n");
    return 1;
  }
  const wchar_t* mode = argv[1];
  DWORD share = 0;
  if (wcscmp(mode, L"read") == 0) {
    share = FILE_SHARE_READ;
  } else if (wcscmp(mode, L"lock") == 0) {
    share = FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE;
  } else if (wcscmp(mode, L"exclusive") != 0) {
    fwprintf(stderr, L"tp_hold_open: unknown mode %ls\n", mode);
    return 1;
  }
  HANDLE file = CreateFileW(argv[2], GENERIC_READ | GENERIC_WRITE, share, NULL, OPEN_ALWAYS,
                            FILE_ATTRIBUTE_NORMAL, NULL);
  if (file == INVALID_HANDLE_VALUE) {
    fwprintf(stderr, L"tp_hold_open: cannot open %ls: error %lu\n", argv[2], GetLastError());
    return 1;
  }
  if (wcscmp(mode, L"lock") == 0) {
    OVERLAPPED overlapped = {0};
    if (!LockFileEx(file, LOCKFILE_EXCLUSIVE_LOCK | LOCKFILE_FAIL_IMMEDIATELY, 0, MAXDWORD,
                    MAXDWORD, &overlapped)) {
      fwprintf(stderr, L"tp_hold_open: cannot lock %ls: error %lu\n", argv[2], GetLastError());
      return 1;
    }
  }
  wchar_t held[MAX_PATH + 16], release[MAX_PATH + 16];
  swprintf(held, MAX_PATH + 16, L"%ls\\held", argv[3]);
  swprintf(release, MAX_PATH + 16, L"%ls\\release", argv[3]);
  HANDLE marker =
      CreateFileW(held, GENERIC_WRITE, 0, NULL, CREATE_ALWAYS, FILE_ATTRIBUTE_NORMAL, NULL);
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
