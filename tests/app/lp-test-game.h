/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A minimal game for the shell's tests: seats only, no rules; a variant whose create()
 * fails as a missing deck would; and a page for both. */
#pragma once

#include "lp-game-page.h"
#include "lp-game-ui.h"

G_BEGIN_DECLS

#define LP_TYPE_TEST_GAME (lp_test_game_get_type())
G_DECLARE_DERIVABLE_TYPE(LpTestGame, lp_test_game, LP, TEST_GAME, LpGame)

struct _LpTestGameClass {
    LpGameClass parent_class;
};

#define LP_TYPE_TEST_BROKEN_GAME (lp_test_broken_game_get_type())
G_DECLARE_FINAL_TYPE(LpTestBrokenGame, lp_test_broken_game, LP, TEST_BROKEN_GAME, LpTestGame)

#define LP_TYPE_TEST_PAGE (lp_test_page_get_type())
G_DECLARE_FINAL_TYPE(LpTestPage, lp_test_page, LP, TEST_PAGE, LpGamePage)

/* How many turns started while the page followed its game (through the signal group). */
guint lp_test_page_get_turns(LpTestPage *self);

/* humans human seats first, then computers; names "P1", "P2" … */
LpGame *lp_test_game_new(guint humans, guint computers);

/* The shell's view of the test game ("testgame", "Test Game") and of the broken one. */
const LpGameUi *lp_test_game_ui(void);
const LpGameUi *lp_test_broken_game_ui(void);

G_END_DECLS
