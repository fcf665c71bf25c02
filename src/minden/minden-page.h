/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The page of a Finden Sie Minden game: map, tip board, victory track, cards, privacy. */
#pragma once

#include <gtk/gtk.h>

#include "lp-driver.h"
#include "lp-game-page.h"
#include "minden-game.h"

G_BEGIN_DECLS

#define MINDEN_TYPE_PAGE (minden_page_get_type())
G_DECLARE_FINAL_TYPE(MindenPage, minden_page, MINDEN, PAGE, LpGamePage)

/* How to play (minden-howto.c). */
extern const LpHowto minden_howto;

MindenPage *minden_page_new(MindenGame *game, LpDriver *driver);
MindenGame *minden_page_get_game(MindenPage *self);

G_END_DECLS
