/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The list of the three games: model type and computer players of each. */
#include "lp-games.h"

#include "aa-ai.h"
#include "aa-game.h"
#include "bux-ai.h"
#include "bux-deck.h"
#include "bux-game.h"
#include "minden-ai.h"
#include "minden-deck.h"
#include "minden-game.h"

static const LpGameRules bux_rules = {
    .get_type = bux_game_get_type,
    .computer_move = bux_ai_move,
};

static const LpGameRules minden_rules = {
    .get_type = minden_game_get_type,
    .computer_move = minden_ai_move,
};

static const LpGameRules aa_rules = {
    .get_type = aa_game_get_type,
    .computer_move = aa_ai_move,
};

static const LpGameRules *const games[] = {
    &bux_rules,
    &minden_rules,
    &aa_rules,
};

const LpGameRules *const *lp_games(guint *n_games)
{
    if (n_games != NULL)
        *n_games = G_N_ELEMENTS(games);
    return games;
}

LpGameClass *lp_game_rules_get_class(const LpGameRules *rules)
{
    g_return_val_if_fail(rules != NULL, NULL);
    return lp_game_class_peek(rules->get_type());
}

const LpGameRules *lp_games_lookup(const char *kind)
{
    g_return_val_if_fail(kind != NULL, NULL);
    for (guint i = 0; i < G_N_ELEMENTS(games); i++) {
        if (g_strcmp0(lp_game_rules_get_class(games[i])->kind, kind) == 0)
            return games[i];
    }
    return NULL;
}

static gpointer load_decks(gpointer data)
{
    g_autoptr(BuxDeck) bux = bux_deck_get_default(NULL);
    g_autoptr(MindenDeck) minden = minden_deck_get_default(NULL);

    (void)data;
    return NULL;
}

void lp_games_load_decks_in_background(void)
{
    /* Both getters lock: a caller on the main thread waits for this load, not a second. */
    g_thread_unref(g_thread_new("lp-load-decks", load_decks, NULL));
}
