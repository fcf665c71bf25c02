/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Test modes of the real window for tests/bench/bench.py (LANDPARTIE_BENCH_FIRST_FRAME,
 * LANDPARTIE_BENCH_FRAMES, LANDPARTIE_BENCH_GAMES), linked into landpartie-bench only; see
 * lp-bench-mode.c. */
#pragma once

#include "lp-window.h"

G_BEGIN_DECLS

/* Call before the window is presented; started: g_get_monotonic_time() as main() began.
 * FALSE (and nothing done) when no test mode is set. */
gboolean lp_bench_mode_start(LpWindow *window, gint64 started);

G_END_DECLS
