/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The shell's view of the games: each game's rules (src/games) with its page class, whose
 * class carries what needs GTK (tile picture, how-to text). */
#pragma once

#include "lp-game-page.h"
#include "lp-games.h"

G_BEGIN_DECLS

typedef struct {
    const LpGameRules *rules;
    LpGameClass *game_class; /* identity: kind, name, player range, option */
    GType page_type;
    LpGamePageClass *page_class; /* picture, how-to */
} LpGameUi;

/* The games in start-page order. */
const LpGameUi *lp_game_ui_list(guint *n_games);
/* The game of that kind, or NULL. */
const LpGameUi *lp_game_ui_lookup(const char *kind);

G_END_DECLS
