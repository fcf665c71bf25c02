/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A slow disk for tests and benchmarks (LD_PRELOAD): fsync and fdatasync sleep
 * LP_SLOW_FSYNC_MS milliseconds (default 50) before doing their work, and are counted. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static atomic_int calls;

/* How many fsync/fdatasync calls were made; a test finds it with dlsym(RTLD_DEFAULT, …). */
int lp_slow_fsync_count(void);
int lp_slow_fsync_count(void)
{
    return atomic_load(&calls);
}

static void slow_down(void)
{
    const char *ms = getenv("LP_SLOW_FSYNC_MS");
    long wait = ms != NULL ? atol(ms) : 50;
    struct timespec ts = {wait / 1000, (wait % 1000) * 1000000L};
    atomic_fetch_add(&calls, 1);
    nanosleep(&ts, NULL);
}

int fsync(int fd)
{
    static int (*real)(int);
    if (real == NULL)
        real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    slow_down();
    return real(fd);
}

int fdatasync(int fd)
{
    static int (*real)(int);
    if (real == NULL)
        real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
    slow_down();
    return real(fd);
}
