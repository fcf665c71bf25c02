/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Computer players for Finden Sie Minden: a noisy sense of where places lie, sharper for
 * big cities and for higher levels; they choose cards they know, swap cards they do not,
 * and place as many stones as their confidence makes worth it. */
#pragma once

#include "minden-game.h"

G_BEGIN_DECLS

/* What a computer seat believes about a card: where it lies and how sure it is (the
 * standard deviation of its error in km). Fixed per game, seat and card. */
typedef struct {
    double lat;
    double lon;
    double sd_km;        /* how far off the belief really is, on average */
    double believed_km;  /* how far off the seat thinks it is (easy seats overrate themselves) */
} MindenBelief;

/* The functions below decide for seat on game, a mirror of seat's own view
 * (lp_game_mirror_new): a computer player sees no more than its seat may. */
void minden_ai_belief(MindenGame *game, guint seat, guint card, MindenBelief *out);
/* The expected fields (plus the worth of keeping the card) of the best tip on card. */
double minden_ai_card_value(MindenGame *game, guint seat, guint card);
/* CHOOSE: which offered card to take and whether to use a swap token on it. */
void minden_ai_choose(MindenGame *game, guint seat, guint *card, gboolean *swap);
/* TIP: the tip for the seat's card. */
void minden_ai_tip(MindenGame *game, guint seat, MindenTip *out);

/* LpComputerMoveFunc of this game (src/games). On a mirror: if the game waits for a decision
 * of the mirror's seat, take it through the public move functions (which turn it into an
 * action request). On a game: if it waits for a computer seat's decision, that seat decides
 * on a mirror of its view and the action is played on the game. */
gboolean minden_ai_move(LpGame *game);

G_END_DECLS
