#ifndef CDARKROOM_FILES_H
#define CDARKROOM_FILES_H

// The one file-system call Darkroom needs that Swift's Glibc module does not show:
// renameat2 with RENAME_EXCHANGE, declared by glibc only under _GNU_SOURCE. It swaps
// two folders in one step, so a report folder is always the old report or the new
// one — never missing, whenever the process is killed. This shim can go when the
// Glibc module exports renameat2.

#ifdef __cplusplus
extern "C" {
#endif

/// Atomically exchanges the files or folders at `a` and `b` (both must exist).
/// Returns 0, or -1 with errno set (EINVAL or ENOSYS where the file system or kernel
/// cannot exchange; the caller then falls back to two renames).
int CDarkroomFiles_exchange(const char *a, const char *b);

#ifdef __cplusplus
}
#endif

#endif
