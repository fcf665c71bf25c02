/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The games Landpartie plays, without GTK: each one's model type (whose class holds its
 * identity: kind, name, player range, option, create) and its computer players. The shell,
 * the simulator and the tests find a game here by its kind. */
#pragma once

#include "lp-game.h"

G_BEGIN_DECLS

typedef struct {
    /* The game's model, a subclass of LpGame; its class carries the identity. */
    GType (*get_type)(void);
    /* The game's computer players (in its AI file): choose and play one move. */
    LpComputerMoveFunc computer_move;
} LpGameRules;

/* The games in start-page order. */
const LpGameRules *const *lp_games(guint *n_games);
/* The game of that kind ("buxtehude", "minden", "aufachse"), or NULL. */
const LpGameRules *lp_games_lookup(const char *kind);
/* The class of each game's model, for its identity. */
LpGameClass *lp_game_rules_get_class(const LpGameRules *rules);
/* Starts loading the games' card decks on a worker thread and returns at once, so the
 * decks are parsed while the window is built and the start page's save summaries (which
 * restore each save and need its deck) do not wait for them at start-up. A failed load is
 * reported by the caller that needs the deck, as without this call. */
void lp_games_load_decks_in_background(void);

G_END_DECLS
