/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A minimal game for the shell's tests: seats only, no rules. */
#pragma once

#include "lp-game.h"

G_BEGIN_DECLS

#define LP_TYPE_TEST_GAME (lp_test_game_get_type())
G_DECLARE_FINAL_TYPE(LpTestGame, lp_test_game, LP, TEST_GAME, LpGame)

/* humans human seats first, then computers; names "P1", "P2" … */
LpGame *lp_test_game_new(guint humans, guint computers);

G_END_DECLS
