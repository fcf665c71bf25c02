/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Buxtehude computer players: a fixed, level-dependent sense of geography, and levels
 * that play as strong as they are named. */
#include <math.h>

#include "bux-ai.h"
#include "bux-test-util.h"

static BuxGame *real_game(LpLevel a, LpLevel b, guint64 seed)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(BuxDeck) deck = bux_deck_get_default(&error);
    g_assert_no_error(error);
    g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func(g_object_unref);
    g_ptr_array_add(players, lp_player_new("A", LP_AGE_UNKNOWN, "#e01b24",
                                           LP_PLAYER_COMPUTER, a));
    g_ptr_array_add(players, lp_player_new("B", LP_AGE_UNKNOWN, "#3584e4",
                                           LP_PLAYER_COMPUTER, b));
    g_autoptr(LpRng) rng = lp_rng_new(seed);
    BuxGame *game = bux_game_new(players, rng, deck, FALSE, &error);
    g_assert_no_error(error);
    return game;
}

/* Mean distance in degrees between belief and truth over the whole deck. */
static double mean_error(BuxGame *game, guint seat, gboolean big_only)
{
    BuxDeck *deck = bux_game_get_deck(game);
    double sum = 0;
    guint n = 0;
    for (guint c = 0; c < bux_deck_get_n_cards(deck); c++) {
        const BuxCard *card = bux_deck_get_card(deck, c);
        if (big_only && card->population < 250000)
            continue;
        double lat, lon;
        bux_ai_believe(game, seat, c, &lat, &lon, NULL);
        sum += hypot(lat - card->lat, (lon - card->lon) * cos(51.0 * G_PI / 180.0));
        n++;
    }
    return sum / n;
}

static void test_beliefs(void)
{
    g_autoptr(BuxOwnedGame) game = real_game(LP_LEVEL_HARD, LP_LEVEL_EASY, 3);
    /* The same answer every time: a belief is part of the player, not a new guess. */
    double lat1, lon1, lat2, lon2;
    bux_ai_believe(game, 1, 7, &lat1, &lon1, NULL);
    bux_ai_believe(game, 1, 7, &lat2, &lon2, NULL);
    g_assert_cmpfloat(lat1, ==, lat2);
    g_assert_cmpfloat(lon1, ==, lon2);
    /* Sharper for the higher level, and for big places. */
    double hard = mean_error(game, 0, FALSE), easy = mean_error(game, 1, FALSE);
    g_test_message("mean error hard %.2f, easy %.2f degrees", hard, easy);
    g_assert_cmpfloat(hard * 2, <, easy);
    g_assert_cmpfloat(mean_error(game, 1, TRUE), <, easy);
    /* A resumed game believes the same. */
    g_autofree char *data = lp_game_save_to_data(LP_GAME(game), NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(BuxOwnedGame) copy =
        BUX_GAME(lp_game_restore_from_data(BUX_TYPE_GAME, data, -1, &error));
    g_assert_no_error(error);
    bux_ai_believe(copy, 1, 7, &lat2, &lon2, NULL);
    g_assert_cmpfloat(lat1, ==, lat2);
}

static void test_hard_beats_easy(void)
{
    guint hard_wins = 0, games = 200;
    for (guint g = 0; g < games; g++) {
        /* Alternate the seats so that the first turn is no advantage. */
        gboolean hard_first = g % 2 == 0;
        g_autoptr(BuxOwnedGame) game = real_game(hard_first ? LP_LEVEL_HARD : LP_LEVEL_EASY,
                                            hard_first ? LP_LEVEL_EASY : LP_LEVEL_HARD, g + 1);
        lp_game_run_computers(LP_GAME(game), bux_ai_move);
        g_assert_true(lp_game_is_over(LP_GAME(game)));
        guint hard = hard_first ? 0 : 1;
        if (bux_game_get_score(game, hard) > bux_game_get_score(game, 1 - hard))
            hard_wins++;
    }
    g_test_message("hard beat easy in %u of %u games", hard_wins, games);
    g_assert_cmpuint(hard_wins, >=, games * 8 / 10);
}

static void test_estimate_in_range(void)
{
    g_autoptr(BuxOwnedGame) game = real_game(LP_LEVEL_NORMAL, LP_LEVEL_EASY, 9);
    while (bux_game_get_phase(game) != BUX_PHASE_ESTIMATE)
        g_assert_true(lp_game_computer_step(LP_GAME(game), bux_ai_move));
    for (guint s = 0; s < 2; s++) {
        int e = bux_ai_estimate(game, s);
        g_assert_cmpint(e, >=, 0);
        g_assert_cmpint(e, <=, bux_game_get_max_estimate(game));
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/buxtehude/ai/beliefs", test_beliefs);
    g_test_add_func("/buxtehude/ai/hard-beats-easy", test_hard_beats_easy);
    g_test_add_func("/buxtehude/ai/estimate-in-range", test_estimate_in_range);
    return g_test_run();
}
