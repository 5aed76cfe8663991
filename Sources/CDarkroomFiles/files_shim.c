#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "CDarkroomFiles.h"

int CDarkroomFiles_exchange(const char *a, const char *b) {
#if defined(__APPLE__)
  // macOS: written, not yet built (no Mac was at hand).
  return renamex_np(a, b, RENAME_SWAP);
#else
  return renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE);
#endif
}

void CDarkroomFiles_reuseLargeBlocks(void) {
#if defined(__GLIBC__)
  // 32 MB is the largest threshold glibc accepts on 64-bit. Setting it also stops
  // glibc from moving the threshold itself. The trim threshold is the memory kept
  // free at the top of a heap before it is given back: at 32 MB a review, which
  // holds more images at once than a verify, still had a tenth of its time in the
  // kernel; at 64 MB it has none, at the same peak memory.
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 64 << 20);
#endif
}
