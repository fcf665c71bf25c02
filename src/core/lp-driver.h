/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Lets the computer seats of a game act in the window, one step per delay, so people can
 * follow. The simulator calls lp_game_run_computers() instead: one code path for moves. */
#pragma once

#include "lp-game.h"

G_BEGIN_DECLS

#define LP_TYPE_DRIVER (lp_driver_get_type())
G_DECLARE_FINAL_TYPE(LpDriver, lp_driver, LP, DRIVER, GObject)

/* move: the game's computer players (lp_games_lookup()->computer_move), or NULL when only
 * the game's own steps are to be taken. */
LpDriver *lp_driver_new(LpGame *game, LpComputerMoveFunc move);
LpGame *lp_driver_get_game(LpDriver *self);
/* Milliseconds between two computer steps; 0 runs them from an idle. */
void lp_driver_set_delay(LpDriver *self, guint delay_ms);
guint lp_driver_get_delay(LpDriver *self);
/* Views hold the driver while they show something people must read or an animation runs;
 * holds nest. Releasing the last hold schedules the next step. */
void lp_driver_hold(LpDriver *self);
void lp_driver_release(LpDriver *self);
gboolean lp_driver_is_held(LpDriver *self);
/* Look at the game again (after a human move, after loading). */
void lp_driver_kick(LpDriver *self);

G_END_DECLS
