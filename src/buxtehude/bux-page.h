/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The page of an Ausgerechnet Buxtehude game: the cross, the chips and what to do now. */
#pragma once

#include <gtk/gtk.h>

#include "bux-game.h"
#include "lp-driver.h"
#include "lp-game-page.h"

G_BEGIN_DECLS

#define BUX_TYPE_PAGE (bux_page_get_type())
G_DECLARE_FINAL_TYPE(BuxPage, bux_page, BUX, PAGE, LpGamePage)

/* How to play (bux-howto.c). */
extern const LpHowto bux_howto;

BuxPage *bux_page_new(BuxGame *game, LpDriver *driver);
BuxGame *bux_page_get_game(BuxPage *self);
/* The name of the part of the page that is showing: "place", "challenge", "neighbour",
 * "result", "estimate", "scoring", "waiting", "over", or "covered" behind the privacy
 * screen. For tests. */
const char *bux_page_get_mode(BuxPage *self);

G_END_DECLS
