/* SPDX-License-Identifier: GPL-3.0-or-later */
/* 2,000 simulated games of Auf Achse, all levels and table sizes; after every event all 109
 * cards must lie somewhere exactly once, after every action the whole state must be valid,
 * and the game must end after five stages. */
#include "aa-ai.h"
#include "aa-test-util.h"
#include "lp-event-log.h"

typedef struct {
    AaGame *game;
    guint events;
    guint rounds_in_stage;
} Watch;

static void on_event(LpEventLog *events, JsonObject *event, Watch *w)
{
    LpGame *game = lp_event_log_get_game(events);
    g_autoptr(GError) error = NULL;
    w->events++;
    if (!aa_game_check_cards(AA_GAME(game), &error))
        g_error("after event %u (%s): %s", w->events,
                json_object_get_string_member(event, "event"), error->message);
    const char *name = json_object_get_string_member(event, "event");
    if (g_str_equal(name, "stage_start"))
        w->rounds_in_stage = 0;
    /* Each counter card is a step toward the end; a stage that never ends would loop. */
    if (g_str_equal(name, "counter_play") && ++w->rounds_in_stage > 2000)
        g_error("a stage does not end");
}

static void on_action(LpGame *game, Watch *w)
{
    g_autoptr(GError) error = NULL;
    if (!aa_game_check(AA_GAME(game), &error))
        g_error("after an action (event %u): %s", w->events, error->message);
}

static void test_soak(void)
{
    static const char *const kinds[] = {"eeeee", "nnnnn", "HHHHH", "eHnHe", "HnenH", "neHen"};
    guint games = 2000;
    guint64 events = 0;
    gint64 started = g_get_monotonic_time();
    for (guint g = 0; g < games; g++) {
        guint n = 2 + g % 4;
        g_autoptr(GPtrArray) players = aa_test_players(n, kinds[g % G_N_ELEMENTS(kinds)]);
        g_autoptr(LpRng) rng = lp_rng_new(lp_rng_derive_seed(2026, g));
        AaGame *game = aa_game_new(players, rng, NULL);
        Watch w = {game, 0, 0};
        g_signal_connect(lp_event_log_attach(LP_GAME(game)), "event", G_CALLBACK(on_event), &w);
        g_signal_connect(game, "action-completed", G_CALLBACK(on_action), &w);
        lp_game_run_computers(LP_GAME(game), aa_ai_move);
        g_assert_true(lp_game_is_over(LP_GAME(game)));
        g_assert_cmpuint(aa_game_get_n_scored(game), ==, AA_N_STAGES);
        events += w.events;
        /* The log and its handlers go with the game. */
        g_assert_finalize_object(game);
    }
    g_test_message("%u games, %" G_GUINT64_FORMAT " events, %.1f s", games, events,
                   (g_get_monotonic_time() - started) / 1e6);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/aufachse/soak/2000-games", test_soak);
    return g_test_run();
}
