/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Computer players for Buxtehude: a noisy, fixed sense of where places lie (sharper for big
 * places and higher levels), used to place, to challenge and to estimate. */
#pragma once

#include "bux-game.h"

G_BEGIN_DECLS

/* What seat believes about a card's position; the same answer for the whole game. */
void bux_ai_believe(BuxGame *game, guint seat, int card, double *lat, double *lon,
                    double *sigma);
/* The gap seat thinks most likely right for the card in hand. */
void bux_ai_choose_gap(BuxGame *game, guint seat, BuxArm *arm, guint *index);
/* Whether seat calls "wrong" on the card just placed (it weighs the chip it may lose). */
gboolean bux_ai_wants_challenge(BuxGame *game, guint seat);
/* The neighbour the challenger thinks most likely wrong against the card. */
BuxSide bux_ai_choose_neighbour(BuxGame *game, guint seat);
/* seat's estimate of the wrong cards in the cross. */
int bux_ai_estimate(BuxGame *game, guint seat);

/* LpComputerMoveFunc of this game (src/games): if the game waits for a computer seat's
 * decision, choose it and play it through the public move functions. */
gboolean bux_ai_move(LpGame *game);

G_END_DECLS
