#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
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

void flipbook_keep_freed_memory(void) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 512 << 20);
#endif
}

// The interruption state, shared by the signal handler and the thread that writes outputs. One atomic
// word decides, once, whether a signal ends the process at once or is recorded: a handler that read
// "not writing yet" and a thread that then began writing could otherwise both proceed, and the
// handler's _exit would cut the writer off after it made a staging folder.
enum { IMMEDIATE = 0, DEFERRING = 1, EXITING = 2 };
static _Atomic int interruption_state = IMMEDIATE;
static _Atomic int interruption_received = 0;

static void interruption_handler(int sig) {
    int expected = IMMEDIATE;
    if (atomic_compare_exchange_strong(&interruption_state, &expected, EXITING) || expected == EXITING) {
        _exit(128 + sig);
    }
    int none = 0;
    atomic_compare_exchange_strong(&interruption_received, &none, sig);
}

void flipbook_interruption_install(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = interruption_handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
}

void flipbook_interruption_begin_output(void) {
    int expected = IMMEDIATE;
    if (atomic_compare_exchange_strong(&interruption_state, &expected, DEFERRING) || expected == DEFERRING) return;
    // A handler has already chosen to end the process: make nothing; it is about to exit.
    for (;;) pause();
}

int flipbook_interruption_received(void) {
    return atomic_load(&interruption_received);
}

int flipbook_affinity_cpus(void) {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0) return 0;
    return CPU_COUNT(&set);
}
