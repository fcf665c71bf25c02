/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Giving freed memory back to the system between games (issue 14: resident memory follows
 * the game being played, not the largest game so far). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Asks glibc, on a worker thread, to return the free memory it still keeps mapped
 * (malloc_trim). One request runs at a time; a request while one is waiting to run adds
 * nothing. Does nothing without glibc. */
void lp_memory_give_back(void);
/* Whether a request of lp_memory_give_back() has not finished yet. */
gboolean lp_memory_giving_back(void);

G_END_DECLS
