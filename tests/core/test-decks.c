/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The card decks loaded on a worker thread at start-up (issue 14): every caller of a deck's
 * getter, on whatever thread and at whatever moment, gets the one deck of the process, loaded
 * once, and a deck a test set stays the deck until it is unset. */
#include "bux-deck.h"
#include "lp-games.h"
#include "minden-deck.h"

#define N_THREADS 8

typedef struct {
    GMutex lock;
    GCond cond;
    guint waiting;
    gboolean go;
} Gate;

static Gate gate;

/* All threads start their getter at the same moment, the hardest case for a lazy load. */
static void wait_at_gate(void)
{
    g_mutex_lock(&gate.lock);
    gate.waiting++;
    g_cond_broadcast(&gate.cond);
    while (!gate.go)
        g_cond_wait(&gate.cond, &gate.lock);
    g_mutex_unlock(&gate.lock);
}

static gpointer get_both(gpointer data)
{
    gpointer *out = data;

    wait_at_gate();
    out[0] = bux_deck_get_default(NULL);
    out[1] = minden_deck_get_default(NULL);
    return NULL;
}

static void test_one_deck_for_all_threads(void)
{
    GThread *threads[N_THREADS];
    gpointer decks[N_THREADS][2];

    g_mutex_lock(&gate.lock);
    for (guint i = 0; i < N_THREADS; i++)
        threads[i] = g_thread_new("test-deck", get_both, decks[i]);
    while (gate.waiting < N_THREADS)
        g_cond_wait(&gate.cond, &gate.lock);
    gate.go = TRUE;
    g_cond_broadcast(&gate.cond);
    g_mutex_unlock(&gate.lock);
    /* The app's own background load races them too. */
    lp_games_load_decks_in_background();
    for (guint i = 0; i < N_THREADS; i++)
        g_thread_join(threads[i]);

    g_autoptr(BuxDeck) bux = bux_deck_get_default(NULL);
    g_autoptr(MindenDeck) minden = minden_deck_get_default(NULL);
    g_assert_nonnull(bux);
    g_assert_nonnull(minden);
    g_assert_cmpuint(bux_deck_get_n_cards(bux), >, 100);
    g_assert_cmpuint(minden_deck_get_n_cards(minden), >, 100);
    for (guint i = 0; i < N_THREADS; i++) {
        g_assert_true(decks[i][0] == (gpointer)bux);
        g_assert_true(decks[i][1] == (gpointer)minden);
        g_object_unref(decks[i][0]);
        g_object_unref(decks[i][1]);
    }
}

static void test_set_default_wins_over_background_load(void)
{
    g_autoptr(MindenDeck) shipped = minden_deck_new_default(NULL);
    g_assert_nonnull(shipped);

    minden_deck_set_default(shipped);
    lp_games_load_decks_in_background();
    for (guint i = 0; i < 50; i++) {
        g_autoptr(MindenDeck) now = minden_deck_get_default(NULL);
        g_assert_true(now == shipped);
        g_usleep(100);
    }
    minden_deck_set_default(NULL);
    g_autoptr(MindenDeck) again = minden_deck_get_default(NULL);
    g_assert_nonnull(again);
    g_assert_true(again != shipped);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/decks/one-deck-for-all-threads", test_one_deck_for_all_threads);
    g_test_add_func("/decks/set-default-wins-over-background-load",
                    test_set_default_wins_over_background_load);
    return g_test_run();
}
