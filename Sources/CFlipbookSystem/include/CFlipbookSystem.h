// Linux system calls that Swift's Glibc module does not import (they need _GNU_SOURCE): the atomic
// folder swap and one sync per file system. Thin wrappers; errno is set as by the calls themselves.
#ifndef CFLIPBOOK_SYSTEM_H
#define CFLIPBOOK_SYSTEM_H

/// renameat2(2) with RENAME_EXCHANGE: swaps two paths in one step. -1 and errno on failure
/// (EINVAL or ENOSYS where the file system or kernel has no exchange).
int flipbook_rename_exchange(int olddirfd, const char *oldpath, int newdirfd, const char *newpath);

/// renameat2(2) with RENAME_NOREPLACE: fails with EEXIST instead of replacing newpath.
int flipbook_rename_noreplace(int olddirfd, const char *oldpath, int newdirfd, const char *newpath);

/// syncfs(2): writes the whole file system holding fd to storage, once.
int flipbook_syncfs(int fd);

#endif
