#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "CFlipbookSystem.h"

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#endif
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

static int rename2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned flags) {
#ifdef SYS_renameat2
    return (int)syscall(SYS_renameat2, olddirfd, oldpath, newdirfd, newpath, flags);
#else
    errno = ENOSYS;
    return -1;
#endif
}

int flipbook_rename_exchange(int olddirfd, const char *oldpath, int newdirfd, const char *newpath) {
    return rename2(olddirfd, oldpath, newdirfd, newpath, RENAME_EXCHANGE);
}

int flipbook_rename_noreplace(int olddirfd, const char *oldpath, int newdirfd, const char *newpath) {
    return rename2(olddirfd, oldpath, newdirfd, newpath, RENAME_NOREPLACE);
}

int flipbook_syncfs(int fd) {
    return syncfs(fd);
}
