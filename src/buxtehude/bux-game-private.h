/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the Buxtehude AI and the rules tests may see of BuxGame beyond the public API. */
#pragma once

#include "bux-game.h"

G_BEGIN_DECLS

/* Marks the place of an Intermezzo card in the stack. */
#define BUX_INTERMEZZO (-1)

/* The per-seat salt from which a computer seat's fixed sense of where places lie is derived
 * (drawn from the game rng at the deal, saved with the game). */
guint32 bux_game_get_ai_salt(BuxGame *self, guint seat);

/* The checking of RULES.md: Intermezzo over arbitrary coordinates, so the AI can run it on
 * what it believes. lat/lon are indexed by deck index. Appends the wrong cards in checking
 * order to wrong (and their references to wrong_ref when not NULL); returns the count. */
int bux_check_cross(const double *lat, const double *lon, int start, GArray *const *arms,
                    GArray *wrong, GArray *wrong_ref);

/* LpGameClass.observe_events (bux-game-events.c): writes the turn events of landpartie-sim
 * --log to log from the model's signals. */
void bux_game_observe_events(LpGame *game, LpEventLog *log);

/* For the rules tests only: replace the cross, chips and removed pile, keeping every card
 * exactly once (cards moved into the cross or the pile are taken from the reserve). */
void bux_game_test_set_cross(BuxGame *self, int start, const int *const *arms,
                             const guint *lengths);
void bux_game_test_set_chips(BuxGame *self, const guint *chips, guint supply);
/* Swap card into the top of the stack (the hand in the place phase). */
void bux_game_test_set_hand(BuxGame *self, int card);

G_END_DECLS
