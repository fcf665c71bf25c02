/* SPDX-License-Identifier: GPL-3.0-or-later */
/* 2,000 simulated games with card conservation and track invariants checked after every
 * event, and how often a hard computer beats an easy one. */
#include "lp-event-log.h"
#include "minden-ai.h"
#include "minden-test-util.h"

typedef struct {
    guint prev[5];
    guint events;
} Watch;

static void check_invariants(LpEventLog *events, JsonObject *event, Watch *w)
{
    MindenGame *game = MINDEN_GAME(lp_event_log_get_game(events));
    MindenDeck *deck = minden_game_get_deck(game);
    guint n_cards = minden_deck_get_n_cards(deck);
    guint n = lp_game_get_n_players(LP_GAME(game));
    g_autofree guint8 *seen = g_new0(guint8, n_cards);
    GArray *piles[] = { minden_game_get_draw_pile(game), minden_game_get_offer(game),
                        minden_game_get_discard_pile(game), minden_game_get_box(game) };

    w->events++;
    /* Card conservation: every card in play lies in exactly one place. */
    for (guint p = 0; p < G_N_ELEMENTS(piles); p++)
        for (guint i = 0; i < piles[p]->len; i++)
            seen[g_array_index(piles[p], guint, i)]++;
    guint used_tokens = 0;
    for (guint s = 0; s < n; s++) {
        GArray *kept = minden_game_get_kept(game, s);
        for (guint i = 0; i < kept->len; i++)
            seen[g_array_index(kept, guint, i)]++;
        if (minden_game_get_seat_card(game, s) >= 0)
            seen[minden_game_get_seat_card(game, s)]++;
        used_tokens += MINDEN_SWAP_TOKENS - minden_game_get_swaps_left(game, s);
    }
    for (guint i = 0; i < n_cards; i++) {
        gboolean in_play = minden_game_get_purple(game) ||
                           minden_deck_get_card(deck, i)->colour != MINDEN_PURPLE;
        if (seen[i] != (in_play ? 1 : 0))
            g_error("after event %s: card %s found %u times",
                    json_object_get_string_member(event, "event"),
                    minden_deck_get_card(deck, i)->id, seen[i]);
    }
    g_assert_cmpuint(used_tokens, ==, minden_game_get_box(game)->len);

    /* Track (RULES.md, second version): it goes on past 40, never backwards, one figure per
     * field but on the start field. */
    for (guint s = 0; s < n; s++) {
        guint pos = minden_game_get_position(game, s);
        g_assert_cmpuint(pos, >=, w->prev[s]);
        w->prev[s] = pos;
        for (guint t = s + 1; t < n; t++)
            if (pos == minden_game_get_position(game, t))
                g_assert_cmpuint(pos, ==, 0);
    }
    /* The moves named by score and final events are the figure's real moves. */
    const char *name = json_object_get_string_member(event, "event");
    if (g_str_equal(name, "score") || g_str_equal(name, "final")) {
        guint seat = (guint) json_object_get_int_member(event, "player");
        guint from = (guint) json_object_get_int_member(event, "from");
        guint to = (guint) json_object_get_int_member(event, "to");
        g_assert_cmpuint(to, ==, minden_game_get_position(game, seat));
        g_assert_cmpuint(from, <=, to);
        if (g_str_equal(name, "score") && !json_object_get_boolean_member(event, "right"))
            g_assert_cmpuint(from, ==, to);
    }
}

static void test_soak(void)
{
    g_autoptr(MindenDeck) deck = test_big_deck(60, 42);
    guint over = 0, by_track = 0;

    for (guint g = 0; g < 2000; g++) {
        guint n = 2 + g % 4;
        g_autoptr(TestGame) game = test_new_game(deck, n, NULL, TRUE, g % 3 == 0,
                                                   lp_rng_derive_seed(2026, g));
        Watch w = { { 0 }, 0 };
        g_signal_connect(lp_event_log_attach(LP_GAME(game)), "event", G_CALLBACK(check_invariants), &w);
        guint steps = lp_game_run_computers(LP_GAME(game), minden_ai_move);
        g_assert_cmpuint(steps, >, 0);
        g_assert_true(lp_game_is_over(LP_GAME(game)));
        g_assert_cmpuint(w.events, >, steps / 2);
        over++;
        for (guint s = 0; s < n; s++)
            if (minden_game_get_position(game, s) >= MINDEN_TRACK_END)
                by_track++;
    }
    g_assert_cmpuint(over, ==, 2000);
    g_test_message("%u games over, %u figures reached or passed field 40", over, by_track);
}

static void test_hard_beats_easy(void)
{
    g_autoptr(MindenDeck) deck = test_big_deck(60, 43);
    /* The computer players decide on mirrors, which read the default deck. */
    minden_deck_set_default(deck);
    guint hard = 0, easy = 0, shared = 0;
    const guint games = 500;

    for (guint g = 0; g < games; g++) {
        g_autoptr(GError) error = NULL;
        g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func(g_object_unref);
        /* Alternate seats so the first choice does not favour one level. */
        LpLevel a = g % 2 ? LP_LEVEL_HARD : LP_LEVEL_EASY;
        LpLevel b = g % 2 ? LP_LEVEL_EASY : LP_LEVEL_HARD;
        g_ptr_array_add(players, lp_player_new("A", 30, "#e01b24", LP_PLAYER_COMPUTER, a));
        g_ptr_array_add(players, lp_player_new("B", 30, "#1c71d8", LP_PLAYER_COMPUTER, b));
        g_autoptr(LpRng) rng = lp_rng_new(lp_rng_derive_seed(77, g));
        g_autoptr(TestGame) game = minden_game_new(players, rng, deck, g % 2 == 0, &error);
        g_assert_no_error(error);
        lp_game_run_computers(LP_GAME(game), minden_ai_move);
        guint ph = minden_game_get_position(game, g % 2 ? 0 : 1);
        guint pe = minden_game_get_position(game, g % 2 ? 1 : 0);
        if (ph > pe)
            hard++;
        else if (pe > ph)
            easy++;
        else
            shared++;
    }
    g_test_message("hard beat easy in %u of %u games (easy won %u, %u shared)", hard, games,
                   easy, shared);
    /* The levels must mean something: hard wins clearly most games. */
    g_assert_cmpuint(hard, >, games * 7 / 10);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/minden/soak/2000-games", test_soak);
    g_test_add_func("/minden/soak/hard-beats-easy", test_hard_beats_easy);
    return g_test_run();
}
