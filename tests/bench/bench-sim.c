/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Benchmark: computer-only games per second for every game, with two players and with the
 * most, all easy and all hard (the table of issue 14), per second of CPU time, and the
 * simulator's peak memory.
 * Usage: bench-sim [--seconds S] [--games N] [--game KIND] [--json FILE] [--no-targets]. S is
 * the time spent on each cell (default 1); --games plays exactly N games per cell instead (for
 * counting instructions with callgrind); --game benches only that game. Run by `build-aux/dev bench` and `meson test --benchmark`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "lp-games.h"

/* Issue 14's table, measured on the 2-core machine before the clock was read once per save:
 * games/s for 2 players easy, 2 hard, max easy, max hard. The target is twice that. */
static const struct {
    const char *kind;
    double before[4];
} issue_table[] = {
    {"buxtehude", {2392, 2558, 1486, 1277}},
    {"minden", {1423, 2674, 899, 1695}},
    {"aufachse", {2970, 1240, 1539, 379}},
};
#define TARGET_FACTOR 2.0
#define TARGET_MAX_RSS_KB (64 * 1024)

static const double *before_of(const char *kind)
{
    for (guint i = 0; i < G_N_ELEMENTS(issue_table); i++) {
        if (g_str_equal(issue_table[i].kind, kind))
            return issue_table[i].before;
    }
    return NULL;
}

/* CPU seconds of this thread. */
static double thread_cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Plays games of one cell from game number first on, `n_games` of them or, with n_games 0,
 * for about `seconds` of CPU time (at least 3); with extra_mirrors, builds each computer's
 * mirror once more before its decision (lp_game_computer_mirror; no clock is read inside a
 * game).
 * Returns the number of games played and their CPU seconds in *spent. */
static guint play_games(const LpGameRules *rules, GPtrArray *players, double seconds,
                        guint n_games, gboolean extra_mirrors, double *spent, gboolean *ok)
{
    LpGameClass *info = lp_game_rules_get_class(rules);
    double start = thread_cpu_s(), now = start;
    guint games = 0;
    do {
        g_autoptr(GError) error = NULL;
        g_autoptr(LpGame) game =
            info->create(players, lp_rng_derive_seed(7, games), games % 2, &error);
        if (game == NULL) {
            fprintf(stderr, "%s: %s\n", info->kind, error->message);
            *ok = FALSE;
            return 0;
        }
        while (!lp_game_is_over(game)) {
            int seat = extra_mirrors ? lp_game_get_computer_seat(game) : -1;
            /* The seat's kept mirror refilled once more, as its decision refills it. */
            if (seat >= 0 && lp_game_supports_views(game))
                lp_game_computer_mirror(game, (guint)seat);
            if (!lp_game_computer_step(game, rules->computer_move))
                break;
        }
        if (!lp_game_is_over(game)) {
            fprintf(stderr, "%s: game %u did not end\n", info->kind, games);
            *ok = FALSE;
            return 0;
        }
        games++;
        now = thread_cpu_s();
    } while (n_games > 0 ? games < n_games : now - start < seconds || games < 3);
    *spent = now - start;
    return games;
}

/* Games per second of one cell. CPU time of this thread, not the wall clock: the simulator
 * runs on one thread, so on a quiet machine the two agree, and on a shared one the figure
 * does not depend on how busy the other programs keep the cores. The clock is read once a
 * game: reading it around every decision (a system call each) cost the cells up to a tenth.
 * *share: what the mirrors the computers decide on (issue 31, lp_game_mirror_of) take of the
 * games' time, from a second pass over the same games that builds each mirror twice. */
static double run_cell(const LpGameRules *rules, guint n_players, LpLevel level, double seconds,
                       guint n_games, gboolean *ok, double *share)
{
    guint n_colours;
    const LpPlayerColour *colours = lp_player_colours(&n_colours);
    g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func(g_object_unref);
    for (guint i = 0; i < n_players; i++) {
        g_autofree char *name = g_strdup_printf("Computer %u", i + 1);
        g_ptr_array_add(players, lp_player_new(name, LP_AGE_UNKNOWN,
                                               colours[i % n_colours].hex, LP_PLAYER_COMPUTER,
                                               level));
    }
    double own = 0, twice = 0;
    guint games = play_games(rules, players, seconds, n_games, FALSE, &own, ok);
    if (games == 0 || own <= 0)
        return 0;
    /* The same games again, each mirror built twice: the difference is one of each. */
    play_games(rules, players, 0, games, TRUE, &twice, ok);
    double mirrors = twice - own;
    *share = mirrors > 0 ? mirrors / own : 0;
    return games / own;
}

int main(int argc, char **argv)
{
    double seconds = 1.0;
    const char *json_path = NULL;
    gboolean targets = TRUE;
    guint n_games = 0;
    const char *only = NULL;
    for (int i = 1; i < argc; i++) {
        if (g_str_equal(argv[i], "--seconds") && i + 1 < argc)
            seconds = g_ascii_strtod(argv[++i], NULL);
        else if (g_str_equal(argv[i], "--json") && i + 1 < argc)
            json_path = argv[++i];
        else if (g_str_equal(argv[i], "--games") && i + 1 < argc)
            n_games = (guint)g_ascii_strtoull(argv[++i], NULL, 10);
        else if (g_str_equal(argv[i], "--game") && i + 1 < argc)
            only = argv[++i];
        else if (g_str_equal(argv[i], "--no-targets"))
            targets = FALSE;
        else {
            fprintf(stderr, "usage: bench-sim [--seconds S] [--games N] [--game KIND] [--json FILE] "
                            "[--no-targets]\n");
            return 2;
        }
    }

    /* As landpartie-sim plays them (src/sim/main.c). */
    lp_game_set_keep_actions(TRUE);
    guint n_infos;
    const LpGameRules *const *all = lp_games(&n_infos);
    gboolean ok = TRUE;
    g_autoptr(GString) json = g_string_new("{\"games_per_second\": {");
    printf("%-10s %22s %22s   (games/s; target >= %.0fx issue 14's table)\n", "game",
           "2 players easy/hard", "max players easy/hard", TARGET_FACTOR);
    gboolean first = TRUE;
    for (guint g = 0; g < n_infos; g++) {
        LpGameClass *info = lp_game_rules_get_class(all[g]);
        if (only != NULL && !g_str_equal(only, info->kind))
            continue;
        const double *before = before_of(info->kind);
        guint counts[2] = {2, info->max_players};
        LpLevel levels[2] = {LP_LEVEL_EASY, LP_LEVEL_HARD};
        double rate[4], share[4];
        gboolean cell_ok = TRUE;
        for (guint c = 0; c < 4; c++) {
            rate[c] = run_cell(all[g], counts[c / 2], levels[c % 2], seconds, n_games, &ok,
                               &share[c]);
            if (before != NULL && rate[c] < TARGET_FACTOR * before[c])
                cell_ok = FALSE;
        }
        printf("%-10s %10.0f / %-10.0f %10.0f / %-10.0f", info->kind, rate[0], rate[1],
               rate[2], rate[3]);
        if (before != NULL)
            printf("   %.1fx %.1fx %.1fx %.1fx of before %s", rate[0] / before[0],
                   rate[1] / before[1], rate[2] / before[2], rate[3] / before[3],
                   cell_ok ? "ok" : "BELOW TARGET");
        printf("\n");
        /* What the views and mirrors the computers decide on take of each cell, and the games
         * per second the cell would reach if they took nothing (the computers' own thinking
         * and the rules alone). */
        double bare[4];
        for (guint c = 0; c < 4; c++)
            bare[c] = share[c] < 1 ? rate[c] / (1 - share[c]) : 0;
        printf("%-10s views and mirrors take %.0f%% %.0f%% %.0f%% %.0f%% of the time; without "
               "them %.0f / %.0f, %.0f / %.0f games/s",
               "", share[0] * 100, share[1] * 100, share[2] * 100, share[3] * 100, bare[0],
               bare[1], bare[2], bare[3]);
        if (before != NULL)
            printf(" = %.1fx %.1fx %.1fx %.1fx of before", bare[0] / before[0],
                   bare[1] / before[1], bare[2] / before[2], bare[3] / before[3]);
        printf("\n");
        g_string_append_printf(json,
                               "%s\"%s\": {\"players\": [2, %u], \"easy_2\": %.1f, "
                               "\"hard_2\": %.1f, \"easy_max\": %.1f, \"hard_max\": %.1f, "
                               "\"view_share\": [%.3f, %.3f, %.3f, %.3f]}",
                               first ? "" : ", ", info->kind, info->max_players, rate[0],
                               rate[1], rate[2], rate[3], share[0], share[1], share[2],
                               share[3]);
        ok &= cell_ok || !targets;
        first = FALSE;
    }
    if (first) {
        fprintf(stderr, "bench-sim: no game %s\n", only);
        return 2;
    }
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    gboolean small = usage.ru_maxrss <= TARGET_MAX_RSS_KB;
    printf("peak resident memory: %ld KB (target <= %d KB) %s\n", usage.ru_maxrss,
           TARGET_MAX_RSS_KB, small ? "ok" : "TOO BIG");
    g_string_append_printf(json, "}, \"peak_rss_kb\": %ld}\n", usage.ru_maxrss);
    if (json_path != NULL && !g_file_set_contents(json_path, json->str, -1, NULL)) {
        fprintf(stderr, "bench-sim: cannot write %s\n", json_path);
        return 1;
    }
    return (ok && small) || !targets ? 0 : 1;
}
