// Linux system calls that Swift's Glibc module does not import (they need _GNU_SOURCE): the atomic
// folder swap and one sync per file system (thin wrappers; errno is set as by the calls themselves),
// and the signal handler, whose state is one C11 atomic word (async-signal-safe).
#ifndef CFLIPBOOK_SYSTEM_H
#define CFLIPBOOK_SYSTEM_H

/// renameat2(2) with RENAME_EXCHANGE: swaps two paths in one step. -1 and errno on failure
/// (EINVAL or ENOSYS where the file system or kernel has no exchange).
int flipbook_rename_exchange(int olddirfd, const char *oldpath, int newdirfd, const char *newpath);

/// renameat2(2) with RENAME_NOREPLACE: fails with EEXIST instead of replacing newpath.
int flipbook_rename_noreplace(int olddirfd, const char *oldpath, int newdirfd, const char *newpath);

/// syncfs(2): writes the whole file system holding fd to storage, once.
int flipbook_syncfs(int fd);

/// glibc's allocator keeps freed memory for the next frame instead of handing it back to the system:
/// blocks under 32 MiB come from its heaps, and up to 512 MiB free at a heap's top stay. A frame's
/// buffers are freed and made again every frame, and with several threads each handback cost page
/// faults and TLB flushes on every core. The peak size is unchanged. No effect without glibc.
void flipbook_keep_freed_memory(void);

/// The CPUs this process may run on (sched_getaffinity's mask, counted); 0 when it cannot be read.
int flipbook_affinity_cpus(void);

/// Installs the handler for SIGINT, SIGTERM and SIGHUP: before output begins a signal ends the
/// process (exit 128 + signal); after, it is recorded for flipbook_interruption_received.
void flipbook_interruption_install(void);

/// From now on signals are recorded, not acted on. Never returns if a handler has already decided to
/// end the process (it waits for the exit), so nothing is made after that decision.
void flipbook_interruption_begin_output(void);

/// The first signal recorded since output began, or 0.
int flipbook_interruption_received(void);

#endif
