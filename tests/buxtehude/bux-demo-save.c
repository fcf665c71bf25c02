/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Writes a Buxtehude save with a long north arm, for looking at the cross and the side panel
 * at small and large window sizes (tests/buxtehude/bux-shots.py): the given number of
 * players (the first ones human), and that many cards placed north, each let stand. With
 * "challenge", the last card still waits for objections. With "wrong", the card in the first
 * person's hand lies at least a degree south of the north arm's outermost card, so that
 * placed beyond it, it is wrong and every computer calls "Wrong!" (the people-first e2e test,
 * issue 36): the first such deal from seed 2026 on. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "bux-ai.h"
#include "bux-game.h"
#include "lp-save-store.h"

static const char *const names[] = { "Anna", "Ben", "Cem", "Dana", "Emil", "Frieda" };
static const char *const colours[] = { "#e01b24", "#3584e4", "#33d17a",
                                       "#f6d32d", "#9141ac", "#ff7800" };

/* A game dealt from seed with north cards placed north, each let stand but with "challenge"
 * the last, which waits for objections. */
static BuxGame *deal(GPtrArray *players, BuxDeck *deck, guint64 seed, guint north,
                     gboolean challenge, GError **error)
{
    g_autoptr(LpRng) rng = lp_rng_new(seed);
    g_autoptr(BuxGame) game = bux_game_new(players, rng, deck, FALSE, error);
    if (game == NULL || !bux_game_begin(game, error))
        return NULL;
    for (guint k = 0; k < north; k++) {
        if (!bux_game_place(game, BUX_ARM_NORTH, bux_game_get_arm_length(game, BUX_ARM_NORTH),
                            error))
            return NULL;
        if (challenge && k + 1 == north)
            break;
        guint placer = bux_game_get_turn_seat(game);
        for (guint s = 0; s < players->len && bux_game_get_phase(game) == BUX_PHASE_CHALLENGE;
             s++) {
            if (s != placer && !bux_game_has_decided(game, s) && !bux_game_pass(game, s, error))
                return NULL;
        }
    }
    return g_steal_pointer(&game);
}

/* The person to place holds a card far south of the north arm's outer end, and placed there
 * every computer would call it wrong. */
static gboolean wrong_beyond_north(GPtrArray *players, BuxDeck *deck, guint64 seed, guint north)
{
    g_autoptr(BuxGame) game = deal(players, deck, seed, north, FALSE, NULL);
    if (game == NULL || !lp_player_is_human(players->pdata[bux_game_get_turn_seat(game)]))
        return FALSE;
    guint len = bux_game_get_arm_length(game, BUX_ARM_NORTH);
    int outer = len == 0 ? bux_game_get_start_card(game)
                         : bux_game_get_arm_card(game, BUX_ARM_NORTH, len - 1);
    if (bux_deck_get_card(deck, bux_game_get_hand(game))->lat >
        bux_deck_get_card(deck, outer)->lat - 1.0)
        return FALSE;
    if (!bux_game_place(game, BUX_ARM_NORTH, len, NULL))
        return FALSE;
    for (guint s = 0; s < players->len; s++) {
        if (!lp_player_is_human(players->pdata[s]) && !bux_ai_wants_challenge(game, s))
            return FALSE;
    }
    return TRUE;
}

int main(int argc, char **argv)
{
    if (argc < 5) {
        g_printerr("usage: %s DIR PLAYERS HUMANS NORTH-CARDS [challenge|wrong]\n", argv[0]);
        return 2;
    }
    guint n = CLAMP(atoi(argv[2]), 2, 6), humans = MIN((guint)atoi(argv[3]), n);
    guint north = CLAMP(atoi(argv[4]), 0, 14);
    gboolean challenge = argc > 5 && strcmp(argv[5], "challenge") == 0;
    gboolean wrong = argc > 5 && strcmp(argv[5], "wrong") == 0;
    g_autoptr(GError) error = NULL;
    g_autoptr(BuxDeck) deck = bux_deck_get_default(&error);
    if (deck == NULL) {
        g_printerr("%s\n", error->message);
        return 1;
    }
    g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func(g_object_unref);
    for (guint i = 0; i < n; i++)
        g_ptr_array_add(players, lp_player_new(names[i], 30 + i, colours[i],
                                               i < humans ? LP_PLAYER_HUMAN
                                                          : LP_PLAYER_COMPUTER,
                                               LP_LEVEL_NORMAL));
    guint64 seed = 2026;
    while (wrong && !wrong_beyond_north(players, deck, seed, north)) {
        if (++seed == 2026 + 10000) {
            g_printerr("no deal from seed 2026 on puts a wrong card in a person's hand\n");
            return 1;
        }
    }
    g_autoptr(BuxGame) game = deal(players, deck, seed, north, challenge, &error);
    if (game == NULL) {
        g_printerr("%s\n", error->message);
        return 1;
    }
    g_autoptr(LpSaveStore) store = lp_save_store_new(argv[1]);
    if (!lp_save_store_write(store, LP_GAME(game), &error)) {
        g_printerr("%s\n", error->message);
        return 1;
    }
    return 0;
}
