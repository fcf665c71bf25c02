/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Benchmark: computer-only games per second and peak memory, per game, against targets.
 * Run with `meson test -C _build --benchmark` (or directly: bench-sim [GAMES]). */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

#include "lp-games.h"

/* Targets: a full game well under 20 ms (the window never waits on the rules), and the whole
 * simulator within 64 MB resident. */
#define TARGET_GAMES_PER_SECOND 50.0
#define TARGET_MAX_RSS_KB (64 * 1024)

int main(int argc, char **argv)
{
    guint games = argc > 1 ? (guint)atoi(argv[1]) : 300;
    guint n_infos;
    const LpGameRules *const *all = lp_games(&n_infos);
    gboolean ok = TRUE;
    guint n_colours;
    const LpPlayerColour *colours = lp_player_colours(&n_colours);
    static const LpLevel levels[] = {LP_LEVEL_EASY, LP_LEVEL_NORMAL, LP_LEVEL_HARD,
                                     LP_LEVEL_NORMAL};

    for (guint g = 0; g < n_infos; g++) {
        const LpGameRules *rules = all[g];
        LpGameClass *info = lp_game_rules_get_class(rules);
        guint n_players = MIN(4, info->max_players);
        g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func(g_object_unref);
        for (guint i = 0; i < n_players; i++) {
            g_autofree char *name = g_strdup_printf("Computer %u", i + 1);
            g_ptr_array_add(players, lp_player_new(name, LP_AGE_UNKNOWN, colours[i].hex,
                                                   LP_PLAYER_COMPUTER, levels[i]));
        }
        gint64 start = g_get_monotonic_time();
        for (guint k = 0; k < games; k++) {
            g_autoptr(GError) error = NULL;
            g_autoptr(LpGame) game = info->create(players, lp_rng_derive_seed(7, k), k % 2,
                                                  &error);
            if (game == NULL) {
                fprintf(stderr, "%s: %s\n", info->kind, error->message);
                return 1;
            }
            lp_game_run_computers(game, rules->computer_move);
            if (!lp_game_is_over(game)) {
                fprintf(stderr, "%s: game %u did not end\n", info->kind, k);
                return 1;
            }
        }
        double seconds = (double)(g_get_monotonic_time() - start) / G_USEC_PER_SEC;
        double rate = games / seconds;
        gboolean fast = rate >= TARGET_GAMES_PER_SECOND;
        printf("%-10s %4u games, %d players: %8.1f games/s (target >= %.0f) %s\n", info->kind,
               games, n_players, rate, TARGET_GAMES_PER_SECOND, fast ? "ok" : "TOO SLOW");
        ok &= fast;
    }
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    gboolean small = usage.ru_maxrss <= TARGET_MAX_RSS_KB;
    printf("peak resident memory: %ld KB (target <= %d KB) %s\n", usage.ru_maxrss,
           TARGET_MAX_RSS_KB, small ? "ok" : "TOO BIG");
    return ok && small ? 0 : 1;
}
