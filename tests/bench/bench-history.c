/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Benchmark (issue 15): how long the statistics page takes to read a history of 10,000 games
 * and aggregate it. The history is made by `landpartie-sim --history` (the three games in
 * turn, 2 to 5 players); the time is reading the file, checking every line, and the
 * statistics of every game and of each, head to head included: what opening the page does.
 * Usage: bench-history --sim PATH [--games N] [--runs R] [--json FILE] [--no-targets].
 * Target: under 200 ms (the median of the runs). */
#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>

#include "lp-history.h"

#define TARGET_MS 200.0

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static gboolean make_history(const char *sim, const char *path, guint games)
{
    static const char *const kinds[] = {"buxtehude", "minden", "aufachse"};
    for (guint k = 0; k < 3; k++) {
        for (guint players = 2; players <= 5; players++) {
            guint n = games / 12 + (k * 4 + players - 2 < games % 12 ? 1 : 0);
            if (n == 0)
                continue;
            g_autofree char *n_text = g_strdup_printf("%u", n);
            g_autofree char *p_text = g_strdup_printf("%u", players);
            const char *argv[] = {sim,       kinds[k],  "--players", p_text, "--seed", "15",
                                  "--games", n_text,    "--history", path,   NULL};
            int status = 0;
            g_autoptr(GError) error = NULL;
            if (!g_spawn_sync(NULL, (char **)argv, NULL,
                              G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL, NULL,
                              NULL, NULL, NULL, &status, &error) ||
                !g_spawn_check_wait_status(status, &error)) {
                fprintf(stderr, "bench-history: %s: %s\n", sim, error->message);
                return FALSE;
            }
        }
    }
    return TRUE;
}

/* What the page does when it opens: read, then the statistics of all games and of each. */
static double load_and_aggregate(const char *path, guint *n_records, guint *n_players)
{
    gint64 start = g_get_monotonic_time();
    g_autoptr(LpHistory) history = lp_history_new(path);
    g_autoptr(GError) error = NULL;
    if (!lp_history_load(history, &error)) {
        fprintf(stderr, "bench-history: %s\n", error->message);
        exit(1);
    }
    guint players = 0;
    for (int kind = -1; kind < LP_HISTORY_N_KINDS; kind++) {
        g_autoptr(GPtrArray) stats = lp_history_get_stats(history, kind);
        players += stats->len;
        LpHistoryHeadToHead h = lp_history_head_to_head(history, kind, "Computer 1 (normal)",
                                                        "Computer 2 (normal)");
        (void)h;
    }
    double ms = (g_get_monotonic_time() - start) / 1000.0;
    *n_records = lp_history_get_n_records(history);
    *n_players = players;
    return ms;
}

int main(int argc, char **argv)
{
    g_autofree char *sim = NULL, *json = NULL;
    int games = 10000, runs = 5;
    gboolean no_targets = FALSE;
    GOptionEntry entries[] = {
        {"sim", 0, 0, G_OPTION_ARG_FILENAME, &sim, "landpartie-sim", "PATH"},
        {"games", 0, 0, G_OPTION_ARG_INT, &games, "games in the history", "N"},
        {"runs", 0, 0, G_OPTION_ARG_INT, &runs, "timed runs", "R"},
        {"json", 0, 0, G_OPTION_ARG_FILENAME, &json, "write the result here", "FILE"},
        {"no-targets", 0, 0, G_OPTION_ARG_NONE, &no_targets, "report only", NULL},
        {NULL},
    };
    g_autoptr(GOptionContext) context = g_option_context_new(NULL);
    g_autoptr(GError) error = NULL;
    g_option_context_add_main_entries(context, entries, NULL);
    if (!g_option_context_parse(context, &argc, &argv, &error) || sim == NULL || games < 1 ||
        runs < 1) {
        fprintf(stderr, "bench-history: %s\n",
                error != NULL ? error->message : "--sim PATH is needed");
        return 2;
    }

    g_autofree char *dir = g_dir_make_tmp("bench-history-XXXXXX", &error);
    if (dir == NULL) {
        fprintf(stderr, "bench-history: %s\n", error->message);
        return 1;
    }
    g_autofree char *path = g_build_filename(dir, "history.jsonl", NULL);
    if (!make_history(sim, path, (guint)games))
        return 1;
    GStatBuf st;
    g_stat(path, &st);

    guint n_records = 0, n_players = 0;
    load_and_aggregate(path, &n_records, &n_players); /* warm the page cache, uncounted */
    double *times = g_new(double, runs);
    for (int r = 0; r < runs; r++)
        times[r] = load_and_aggregate(path, &n_records, &n_players);
    qsort(times, runs, sizeof(double), compare_double);
    double median = times[runs / 2];
    gboolean ok = median < TARGET_MS;
    printf("history of %u games (%.1f MB): load + statistics %.1f ms median of %d, best %.1f "
           "ms (target < %.0f ms) %s\n",
           n_records, st.st_size / 1e6, median, runs, times[0], TARGET_MS,
           no_targets ? "" : ok ? "ok" : "MISSED");
    if (json != NULL) {
        g_autofree char *text = g_strdup_printf(
            "{\"games\": %u, \"bytes\": %lld, \"load_aggregate_ms\": %.2f, \"best_ms\": %.2f, "
            "\"target_ms\": %.0f, \"ok\": %s}\n",
            n_records, (long long)st.st_size, median, times[0], TARGET_MS,
            ok ? "true" : "false");
        g_file_set_contents(json, text, -1, NULL);
    }
    g_free(times);
    g_unlink(path);
    g_rmdir(dir);
    return no_targets || ok ? 0 : 1;
}
