/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Computer players for Auf Achse at three levels; all randomness from the game's LpRng. */
#pragma once

#include "aa-game.h"

G_BEGIN_DECLS

/* The card seat would play now for the game's current step (route, counter or extra), at
 * level; seat must be the seat the game waits for. Uses only what seat may see. */
guint aa_ai_choose(AaGame *game, guint seat, LpLevel level);
/* LpComputerMoveFunc of this game (src/games): if the game waits for a computer seat's
 * decision, choose it and play it through the public move functions. */
gboolean aa_ai_move(LpGame *game);

G_END_DECLS
