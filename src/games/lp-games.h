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

G_END_DECLS
