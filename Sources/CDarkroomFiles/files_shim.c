#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>

#include "CDarkroomFiles.h"

int CDarkroomFiles_exchange(const char *a, const char *b) {
  return renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE);
}
