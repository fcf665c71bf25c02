/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h> /* defines __GLIBC__ */

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "lp-memory.h"

/* A request waiting for the worker, and the requests queued or running (at most two: the
 * pool has one thread). */
static gint queued;
static gint busy;

#ifdef __GLIBC__
static void give_back(gpointer data, gpointer user_data)
{
    /* From here on, memory freed meanwhile needs a request of its own. */
    g_atomic_int_set(&queued, 0);
    /* malloc_trim locks one arena at a time while it walks it: a main thread that allocates
     * meanwhile waits at most for that arena (0.2–2 ms measured at a game's end), one that
     * idles not at all; on the main thread every frame would wait for all of it. */
    malloc_trim(0);
    g_atomic_int_add(&busy, -1);
}
#endif

void lp_memory_give_back(void)
{
#ifdef __GLIBC__
    static GThreadPool *pool;
    if (!g_atomic_int_compare_and_exchange(&queued, 0, 1))
        return; /* the waiting request gives back this memory too */
    g_atomic_int_inc(&busy);
    if (pool == NULL)
        pool = g_thread_pool_new(give_back, NULL, 1, FALSE, NULL);
    g_thread_pool_push(pool, GINT_TO_POINTER(1), NULL);
#endif
}

gboolean lp_memory_giving_back(void)
{
    return g_atomic_int_get(&busy) != 0;
}
