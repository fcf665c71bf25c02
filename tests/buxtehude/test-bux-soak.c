/* SPDX-License-Identifier: GPL-3.0-or-later */
/* 2,000 simulated games; after every event the chips and the cards must all be there. */
#include "lp-event-log.h"
#include "bux-ai.h"
#include "bux-test-util.h"

typedef struct {
    guint in_play;
    guint events;
} Check;

static void check_conservation(LpEventLog *events, JsonObject *event, Check *check)
{
    LpGame *lp = lp_event_log_get_game(events);
    BuxGame *game = BUX_GAME(lp);
    guint n = lp_game_get_n_players(lp);
    check->events++;

    /* The 36 wooden chips: supply + purses (a bonus card's 5 went into the supply). */
    guint chips = bux_game_get_supply(game);
    guint cards = bux_game_get_stack_remaining(game) + bux_game_get_reserve_size(game) +
                  bux_game_get_removed_size(game);
    for (guint s = 0; s < n; s++) {
        chips += bux_game_get_chips(game, s);
        cards += bux_game_get_n_bonus(game, s);
    }
    g_assert_cmpuint(chips, ==, BUX_TOTAL_CHIPS);
    if (bux_game_get_start_card(game) >= 0)
        cards++;
    for (BuxArm a = 0; a < BUX_N_ARMS; a++)
        cards += bux_game_get_arm_length(game, a);
    g_assert_cmpuint(cards, ==, check->in_play);

    if (g_str_equal(json_object_get_string_member(event, "event"), "chips")) {
        JsonArray *players = json_object_get_array_member(event, "players");
        guint sum = json_object_get_int_member(event, "supply");
        for (guint s = 0; s < n; s++)
            sum += json_array_get_int_element(players, s);
        g_assert_cmpuint(sum, ==, BUX_TOTAL_CHIPS);
    }
}

static void test_soak(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(BuxDeck) deck = bux_deck_get_default(&error);
    g_assert_no_error(error);
    guint easy_cards = 0;
    for (guint c = 0; c < bux_deck_get_n_cards(deck); c++)
        easy_cards += bux_deck_get_card(deck, c)->difficulty < 3;

    g_autoptr(LpRng) pick = lp_rng_new(77);
    guint games = 2000, total_events = 0, exchanges = 0;
    for (guint g = 0; g < games; g++) {
        guint n = lp_rng_int_range(pick, 2, 7);
        gboolean easy = lp_rng_chance(pick, 0.25);
        g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func(g_object_unref);
        /* A table has distinct names and colours (a save, and the view a computer player
         * decides on, refuse twins). */
        static const char *const names[] = { "Anna", "Ben", "Cem", "Dora", "Emil", "Frida" };
        static const char *const colours[] = { "#c01c28", "#1c71d8", "#2ec27e", "#e5a50a",
                                               "#813d9c", "#865e3c" };
        for (guint s = 0; s < n; s++)
            g_ptr_array_add(players, lp_player_new(names[s], LP_AGE_UNKNOWN, colours[s],
                                                   LP_PLAYER_COMPUTER,
                                                   (LpLevel)lp_rng_int_range(pick, 0, 3)));
        g_autoptr(LpRng) rng = lp_rng_new(lp_rng_derive_seed(1, g));
        g_autoptr(BuxOwnedGame) game = bux_game_new(players, rng, deck, easy, &error);
        g_assert_no_error(error);
        Check check = { .in_play = easy ? easy_cards : bux_deck_get_n_cards(deck) };
        g_signal_connect(lp_event_log_attach(LP_GAME(game)), "event", G_CALLBACK(check_conservation), &check);
        lp_game_run_computers(LP_GAME(game), bux_ai_move);
        g_assert_true(lp_game_is_over(LP_GAME(game)));
        g_assert_cmpuint(bux_game_get_n_placed(game), ==, 45);
        total_events += check.events;
        for (guint s = 0; s < n; s++)
            exchanges += bux_game_get_n_bonus(game, s);
    }
    g_test_message("%u games, %u events checked, %u bonus cards taken", games, total_events,
                   exchanges);
    /* The exchange rule must actually have been exercised. */
    g_assert_cmpuint(exchanges, >, 0);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/buxtehude/soak/conservation", test_soak);
    return g_test_run();
}
