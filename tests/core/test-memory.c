/* SPDX-License-Identifier: GPL-3.0-or-later */
/* lp_memory_give_back (issue 14): freed memory that glibc keeps mapped goes back to the
 * system, on a worker thread, and requests made while one waits come to one. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lp-memory.h"

#define BLOCK 1024
#define N_BLOCKS 24000

static long resident_kb(void)
{
    long pages = 0, resident = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    g_assert_nonnull(f);
    g_assert_cmpint(fscanf(f, "%ld %ld", &pages, &resident), ==, 2);
    fclose(f);
    return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

/* Waits until the request has finished; FALSE after 10 s. */
static gboolean wait_done(void)
{
    for (int i = 0; i < 10000 && lp_memory_giving_back(); i++)
        g_usleep(1000);
    return !lp_memory_giving_back();
}

static void test_gives_back(void)
{
#if !defined(__GLIBC__) || defined(__SANITIZE_ADDRESS__)
    g_test_skip("glibc's own allocator only");
    return;
#else
    /* 24 MB of small blocks, then all but every sixteenth freed: holes in the middle of the
     * heap, which free() cannot hand back and malloc_trim can. */
    char **blocks = g_new(char *, N_BLOCKS);
    for (int i = 0; i < N_BLOCKS; i++) {
        blocks[i] = malloc(BLOCK);
        g_assert_nonnull(blocks[i]);
        memset(blocks[i], i & 0xff, BLOCK);
    }
    for (int i = 0; i < N_BLOCKS; i++) {
        if (i % 16 != 15)
            g_clear_pointer(&blocks[i], free);
    }
    long before = resident_kb();
    lp_memory_give_back();
    g_assert_true(wait_done());
    long after = resident_kb();
    g_test_message("resident %ld kB before, %ld kB after", before, after);
    /* About 20 MB is free, of which whole pages are at least 10 MB. */
    g_assert_cmpint(before - after, >=, 10 * 1024);
    for (int i = 0; i < N_BLOCKS; i++)
        free(blocks[i]);
    g_free(blocks);
#endif
}

static void test_requests_coalesce(void)
{
    g_assert_true(wait_done());
    g_assert_false(lp_memory_giving_back());
    for (int i = 0; i < 1000; i++)
        lp_memory_give_back();
#ifdef __GLIBC__
    /* At most one running and one waiting, never a thousand queued. */
    g_assert_true(wait_done());
#endif
    g_assert_false(lp_memory_giving_back());
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/memory/gives-back", test_gives_back);
    g_test_add_func("/memory/requests-coalesce", test_requests_coalesce);
    return g_test_run();
}
