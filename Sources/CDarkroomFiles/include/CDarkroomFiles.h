#ifndef CDARKROOM_FILES_H
#define CDARKROOM_FILES_H

// The calls Darkroom needs that Swift's Glibc module does not show.
//
// renameat2 with RENAME_EXCHANGE, declared by glibc only under _GNU_SOURCE, swaps
// two folders in one step, so a report folder is always the old report or the new
// one — never missing, whenever the process is killed. This can go when the Glibc
// module exports renameat2.
//
// mallopt, in <malloc.h>, which the Glibc module does not include.

#ifdef __cplusplus
extern "C" {
#endif

/// Atomically exchanges the files or folders at `a` and `b` (both must exist).
/// Returns 0, or -1 with errno set (EINVAL or ENOSYS where the file system or kernel
/// cannot exchange; the caller then falls back to two renames).
int CDarkroomFiles_exchange(const char *a, const char *b);

/// Asks glibc's allocator to keep freed blocks of up to 32 MB (a phone screen's
/// pixels are 12 MB) for the next allocation instead of unmapping them, so a run
/// that makes one image after another does not have the kernel zero fresh pages
/// for each. Does nothing on other C libraries.
void CDarkroomFiles_reuseLargeBlocks(void);

#ifdef __cplusplus
}
#endif

#endif
