/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Auf Achse page: routes, the kilometre counter, the scoreboard and the hand; turns
 * picks into moves and holds the driver while a stage scoring is shown. */
#pragma once

#include <gtk/gtk.h>

#include "aa-game.h"
#include "lp-driver.h"
#include "lp-game-page.h"

G_BEGIN_DECLS

#define AA_TYPE_PAGE (aa_page_get_type())
G_DECLARE_FINAL_TYPE(AaPage, aa_page, AA, PAGE, LpGamePage)

/* How to play (aa-howto.c). */
extern const LpHowto aa_howto;

GtkWidget *aa_page_new(AaGame *game, LpDriver *driver);
AaGame *aa_page_get_game(AaPage *self);
/* What the page shows below the table: "hand", "scoring" or "over" (for tests). */
const char *aa_page_get_mode(AaPage *self);
/* The seat whose private cards are on screen, or -1. */
int aa_page_get_viewer(AaPage *self);

G_END_DECLS
