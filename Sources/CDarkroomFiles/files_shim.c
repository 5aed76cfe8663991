#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>

#include "CDarkroomFiles.h"

int CDarkroomFiles_exchange(const char *a, const char *b) {
#if defined(__APPLE__)
  // macOS: written, not yet built (no Mac was at hand).
  return renamex_np(a, b, RENAME_SWAP);
#else
  return renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE);
#endif
}
